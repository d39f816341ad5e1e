#include <algorithm>

#include "base/strings.h"
#include "lint/rule.h"
#include "model/container_gpus.h"
#include "model/pod_templates.h"

namespace driftlint {

// A pod template whose containers ask for NVIDIA GPUs without a runtimeClassName.
class GpuRuntimeClassRule : public RuleBase<GpuRuntimeClassRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& GpuRuntimeClassRule::static_info() {
  static const RuleInfo info{
      .id = "gpu-runtime-class",
      .default_severity = Severity::Warning,
      .enabled_by_default = false,
      .summary = "A workload that requests NVIDIA GPUs does not set `runtimeClassName`.",
      .rationale =
          "On clusters where the NVIDIA container runtime is a RuntimeClass (not the node default), a "
          "GPU pod without `runtimeClassName: nvidia` schedules onto a GPU node, holds the GPU, and "
          "cannot see it. The audit this project started from found the run-image template setting "
          "it explicitly. Every pod template driftlint knows is read (CronJobs' job templates, "
          "Volcano, Kubeflow, JobSet, Ray, LeaderWorkerSet, unknown kinds with a pod-shaped "
          "`template:`; see docs/pod-templates.md) where a container asks for an `nvidia.com/` "
          "resource of `gpuResources`. Argo Workflows templates set the class through `podSpecPatch` "
          "(an object a `resource` template creates is read as that object) and DRA claims reach the GPU through CDI, not a runtime class: neither is judged. " "Files of a policy test (a Kyverno CLI or Chainsaw test's folder and the files it names from "
          "there) are test inputs, wrong on purpose and never deployed: not judged.",
      .hint = "Set `runtimeClassName` (e.g. `nvidia`) in the pod template of every GPU workload.",
      .example = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: train}\nspec:\n  template:\n"
                 "    spec:\n      containers:\n      - name: train\n        image: "
                 "registry.example/train:1.0\n        resources: {limits: {nvidia.com/gpu: 1}}\n",
      .options = {}};
  return info;
}

void GpuRuntimeClassRule::check(const LintContext& context, std::vector<Finding>& out) const {
  ContainerGpus gpu_requests(context.gpu, {});
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (context.is_policy_test_input(m)) continue;
    for (const PodTemplateView& pod : pod_templates(m)) {
      if (!pod.pod_spec.is_map() || pod.containers.empty()) continue;
      yaml::Node runtime_class = pod.pod_spec.get("runtimeClassName");
      if (runtime_class.valid() && !runtime_class.is_null()) continue;
      for (const ContainerView& c : pod.containers) {
        std::vector<ContainerGpuRequest> gpus = gpu_requests.of(pod, c, m.id.ns);
        auto nvidia = std::find_if(gpus.begin(), gpus.end(),
                                   [](const ContainerGpuRequest& g) { return !g.dra && g.what.rfind("nvidia.com/", 0) == 0; });
        if (nvidia == gpus.end()) continue;
        std::string message = pod.location + ".runtimeClassName is not set, yet " +
                              (c.name.empty() ? std::string("a container") : "container " + quote_for_message(c.name)) +
                              " requests " + nvidia->what;
        out.push_back(finding_at(context, m, pod.pod_spec, std::move(message)));
        break;
      }
    }
  }
}

RuleEntry gpu_runtime_class_rule() { return rule_entry<GpuRuntimeClassRule>(); }

}  // namespace driftlint
