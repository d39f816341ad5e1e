// What the workload rules say: the resource and its amount, the moving tag,
// the evidence for a runtime class, the release a deprecation is judged at.
#include <gtest/gtest.h>

#include "rules/rule_test_support.h"

namespace driftlint {
namespace {

std::string only_message(const std::vector<Finding>& findings) {
  EXPECT_EQ(findings.size(), 1u);
  return findings.empty() ? "" : findings[0].message;
}

const char* kTpuPod =
    "apiVersion: v1\nkind: Pod\nmetadata: {name: tpu}\nspec:\n  containers:\n  - name: jax\n"
    "    image: jax:0.4.35\n    command: [sleep, infinity]\n    resources: {limits: {google.com/tpu: 4}}\n";

TEST(RuleMessagesTest, InteractiveSleepNamesTheAcceleratorAndItsAmount) {
  EXPECT_EQ(only_message(findings_of("interactive-sleep", {{"tpu.yaml", kTpuPod}})),
            "container 'jax' in spec requests 4 google.com/tpu but its command only idles ('sleep infinity'), "
            "holding the TPUs while nothing runs");
  std::string gpu = kTpuPod;
  gpu.replace(gpu.find("google.com/tpu: 4"), 17, "nvidia.com/gpu: 1");
  EXPECT_NE(only_message(findings_of("interactive-sleep", {{"gpu.yaml", gpu}})).find("requests 1 nvidia.com/gpu "
                                                                                      "but its command only idles ('sleep infinity'), holding the GPU while"),
            std::string::npos);
}

TEST(RuleMessagesTest, ImageNotLatestSaysAMovingTagOrNoTag) {
  auto findings = findings_of(
      "image-not-latest",
      {{"d.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  template:\n    spec:\n"
                  "      containers:\n      - {name: vllm, image: 'vllm/vllm-openai:nightly'}\n"
                  "      - {name: web, image: nginx}\n"}});
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].message,
            "container 'vllm' in spec.template.spec runs image 'vllm/vllm-openai:nightly', which is not pinned: it "
            "uses :nightly, a moving tag");
  EXPECT_EQ(findings[1].message,
            "container 'web' in spec.template.spec runs image 'nginx', which is not pinned: it has no tag (the "
            "runtime pulls :latest)");
}

const char* kGpuJob =
    "apiVersion: batch/v1\nkind: Job\nmetadata: {name: train}\nspec:\n  template:\n    spec:\n      containers:\n"
    "      - name: train\n        image: train:1.0\n        resources: {limits: {nvidia.com/gpu: 1}}\n";

TEST(RuleMessagesTest, GpuRuntimeClassNamesItsEvidence) {
  EXPECT_TRUE(findings_of("gpu-runtime-class", {{"job.yaml", kGpuJob}}).empty());  // no evidence: GKE, say
  const char* other =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: serve, namespace: ml}\nspec:\n  template:\n"
      "    spec:\n      runtimeClassName: nvidia-cdi\n      containers:\n      - name: serve\n"
      "        image: serve:1.0\n        resources: {limits: {nvidia.com/gpu: 1}}\n";
  EXPECT_EQ(only_message(findings_of("gpu-runtime-class", {{"job.yaml", kGpuJob}, {"serve.yaml", other}})),
            "spec.template.spec.runtimeClassName is not set, yet container 'train' requests 1 nvidia.com/gpu; "
            "expected runtimeClassName 'nvidia-cdi': Deployment ml/serve in mem/serve.yaml sets runtimeClassName "
            "'nvidia-cdi'");
  const char* runtime_class = "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: gpu}\nhandler: nvidia\n";
  EXPECT_EQ(only_message(findings_of("gpu-runtime-class", {{"job.yaml", kGpuJob}, {"rc.yaml", runtime_class}})),
            "spec.template.spec.runtimeClassName is not set, yet container 'train' requests 1 nvidia.com/gpu; "
            "expected runtimeClassName 'gpu': RuntimeClass 'gpu' (handler 'nvidia') is defined in mem/rc.yaml");
}

TEST(RuleMessagesTest, DeprecatedApiSaysWhichReleaseItJudgesAt) {
  auto ingress = findings_of("deprecated-api", {{"i.yaml", "apiVersion: extensions/v1beta1\nkind: Ingress\n"
                                                           "metadata: {name: web}\n"}});
  ASSERT_EQ(ingress.size(), 1u);
  EXPECT_EQ(ingress[0].severity, Severity::Error);
  EXPECT_EQ(ingress[0].message.rfind("Ingress web uses extensions/v1beta1, removed in Kubernetes 1.22: Kubernetes 1.", 0),
            0u)
      << ingress[0].message;
  const char* policy =
      "apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata: {name: p}\nspec:\n  validationFailureAction: Audit\n";
  EXPECT_EQ(only_message(findings_of("deprecated-api", {{"p.yaml", policy}})),
            "ClusterPolicy p sets spec.validationFailureAction, deprecated in Kyverno 1.13 (the installed Kyverno "
            "version is unknown: no Kyverno image, chart or Argo CD app in the repos or the snapshot); use "
            "spec.rules[].validate.failureAction");
  // A policy test's pod (kyverno/policies' prepend-image-registry) installs nothing.
  auto tested = findings_of(
      "deprecated-api",
      {{"p.yaml", policy},
       {"t/.kyverno-test/kyverno-test.yaml",
        "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\npolicies: [../../p.yaml]\n"
        "resources: [resource.yaml]\n"},
       {"t/.kyverno-test/resource.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: k}\nspec: {containers: [{name: k, image: 'kyverno/kyverno:1.2.3'}]}\n"}});
  EXPECT_NE(only_message(tested).find("the installed Kyverno version is unknown"), std::string::npos);
  EXPECT_TRUE(findings_of("deprecated-api", {{"p.yaml", policy},
                                             {"Chart.yaml", "apiVersion: v2\nname: platform\nversion: 1.0.0\n"
                                                            "dependencies:\n- {name: kyverno, version: 3.1.4}\n"}})
                  .empty());  // Kyverno 1.11: failureAction per rule does not exist yet
}

TEST(RuleMessagesTest, NamespaceGpuQuotaNamesTheAccelerator) {
  EXPECT_NE(only_message(findings_of("namespace-gpu-quota",
                                     {{"q.yaml", "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: tpus, "
                                                 "namespace: research}\nspec:\n  hard: {requests.google.com/tpu: 16}\n"}}))
                .find("limits google.com/tpu to 16 for every pod in namespace 'research'"),
            std::string::npos);
}

}  // namespace
}  // namespace driftlint
