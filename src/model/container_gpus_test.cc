#include "model/container_gpus.h"

#include <gtest/gtest.h>

#include "model/objects_in_file.h"
#include "yaml/parser.h"

namespace driftlint {
namespace {

TEST(ContainerGpusTest, CountsExtendedResourcesAndGpuClaims) {
  yaml::ParsedFile file = yaml::parse_yaml(
      "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: one, namespace: ml}\n"
      "spec: {spec: {devices: {requests: [{name: g, exactly: {deviceClassName: gpu.nvidia.com}}]}}}\n"
      "---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: gpu-nic, namespace: ml}\n"
      "spec: {devices: {requests: [{name: n, exactly: {deviceClassName: rdma.example.com}}]}}\n"
      "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ml}\nspec:\n"
      "  resourceClaims:\n  - {name: a, resourceClaimTemplateName: one}\n"
      "  - {name: b, resourceClaimName: gpu-nic}\n  - {name: gpu, source: {resourceClaimName: elsewhere}}\n"
      "  containers:\n  - {name: c1, resources: {claims: [{name: a}]}}\n"
      "  - {name: c2, resources: {claims: [{name: b}]}}\n"
      "  - {name: c3, resources: {claims: [{name: gpu}]}}\n"
      "  - {name: c4, resources: {limits: {nvidia.com/gpu: 1}, requests: {nvidia.com/gpu: 1}}}\n"
      "  - {name: c5, resources: {limits: {nvidia.com/gpu: 0}}}\n");
  Extracted objects;
  extract_manifests(file, "a.yaml", 0, objects);
  ASSERT_EQ(objects.manifests.size(), 3u);
  std::vector<const Manifest*> all;
  for (const Manifest& m : objects.manifests) all.push_back(&m);
  auto gpu = GpuResourceMatcher::create({"nvidia\\.com/gpu"});
  ASSERT_TRUE(gpu);
  ContainerGpus gpus(*gpu, all);
  auto pods = pod_templates(objects.manifests[2]);
  ASSERT_EQ(pods.size(), 1u);
  ASSERT_EQ(pods[0].containers.size(), 5u);
  std::vector<size_t> counts;
  for (const ContainerView& c : pods[0].containers) counts.push_back(gpus.of(pods[0], c, "ml").size());
  EXPECT_EQ(counts, (std::vector<size_t>{1, 0, 1, 1, 0}));
  auto first = gpus.of(pods[0], pods[0].containers[0], "ml");
  EXPECT_TRUE(first[0].dra);
  EXPECT_EQ(first[0].what, "GPUs through DRA claim 'a' (ResourceClaimTemplate one)");
  EXPECT_EQ(gpus.of(pods[0], pods[0].containers[3], "ml")[0].what, "1 nvidia.com/gpu");
  // The same claim name in another namespace is not known: judged by its name.
  EXPECT_EQ(gpus.of(pods[0], pods[0].containers[1], "other").size(), 1u);
}

}  // namespace
}  // namespace driftlint
