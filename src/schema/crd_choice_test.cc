// Several copies of one CRD in the repos: the deployed copy, then the newest
// served version, gives the schema; copies that differ are noted once.
#include <gtest/gtest.h>

#include "load/memory_repo.h"
#include "schema/registry.h"

namespace driftlint {
namespace {

LoadResult load_files(std::map<std::string, std::string> files) { return load_memory_repo(std::move(files), "serving"); }

// An InferencePool CRD serving `versions`, its replicas field of `type`.
std::string crd(const std::vector<std::string>& versions, const std::string& type) {
  std::string out = R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: inferencepools.serving.example.com
spec:
  group: serving.example.com
  names: {kind: InferencePool, plural: inferencepools, singular: inferencepool}
  scope: Namespaced
  versions:
)";
  for (const std::string& v : versions) {
    out += "  - name: " + v + "\n    served: true\n    storage: " + (v == versions.back() ? "true" : "false") +
           "\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n"
           "            type: object\n            properties:\n              replicas: {type: " + type + "}\n";
  }
  return out;
}

std::string notes_of(const SchemaRegistry& r) {
  std::string all;
  for (const std::string& p : r.problems()) all += p + "\n";
  return all;
}

TEST(CrdChoiceTest, TheDeployedCopyWinsOverAStaleBundle) {
  // The stale bundle comes later in path order, which alone used to win.
  LoadResult load = load_files({{"config/crd/inferencepool.yaml", crd({"v1"}, "integer")},
                                {"hack/bundle/crds.yaml", crd({"v1"}, "string")}});
  std::vector<bool> deployed(load.files.size(), false);
  for (size_t f = 0; f < load.files.size(); ++f) deployed[f] = load.files[f].path.rfind("config/", 0) == 0;
  std::vector<std::string> errors;
  SchemaRegistry registry(load, nullptr, {}, errors, "", &deployed);
  const SchemaSource* s = registry.find("serving.example.com", "v1", "InferencePool");
  ASSERT_NE(s, nullptr);
  EXPECT_NE(s->origin.find("config/crd/inferencepool.yaml"), std::string::npos) << s->origin;
  EXPECT_NE(notes_of(registry).find("CRD inferencepools.serving.example.com is defined with different schemas in "
                                    "serving/config/crd/inferencepool.yaml and serving/hack/bundle/crds.yaml: the "
                                    "schema of serving/config/crd/inferencepool.yaml is used, as it is the one an app "
                                    "or a root build deploys"),
            std::string::npos)
      << notes_of(registry);
}

TEST(CrdChoiceTest, AmongEqualsTheNewestServedVersionWins) {
  LoadResult load = load_files({{"charts/pool/crds/inferencepool.yaml", crd({"v1alpha1", "v1beta1", "v1"}, "integer")},
                                {"vendor/old/inferencepool.yaml", crd({"v1alpha1", "v1beta1"}, "string")}});
  std::vector<std::string> errors;
  SchemaRegistry registry(load, nullptr, {}, errors);
  const SchemaSource* s = registry.find("serving.example.com", "v1beta1", "InferencePool");
  ASSERT_NE(s, nullptr);
  EXPECT_NE(s->origin.find("charts/pool/crds/inferencepool.yaml"), std::string::npos) << s->origin;
  // The older copy's versions are not mixed in: v1alpha1 comes from the chosen copy too.
  EXPECT_NE(registry.find("serving.example.com", "v1alpha1", "InferencePool")->origin.find("charts/pool"),
            std::string::npos);
  EXPECT_NE(notes_of(registry).find("as it serves the newer version v1"), std::string::npos) << notes_of(registry);
}

TEST(CrdChoiceTest, IdenticalCopiesAreNotNoted) {
  LoadResult load = load_files({{"a/crd.yaml", crd({"v1"}, "integer")}, {"b/crd.yaml", crd({"v1"}, "integer")}});
  std::vector<std::string> errors;
  SchemaRegistry registry(load, nullptr, {}, errors);
  EXPECT_NE(registry.find("serving.example.com", "v1", "InferencePool")->origin.find("b/crd.yaml"), std::string::npos);
  EXPECT_EQ(notes_of(registry).find("different schemas"), std::string::npos) << notes_of(registry);
}

}  // namespace
}  // namespace driftlint
