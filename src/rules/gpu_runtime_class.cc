#include <algorithm>
#include <optional>

#include "base/strings.h"
#include "lint/known_objects.h"
#include "lint/rule.h"
#include "model/container_gpus.h"
#include "model/pod_templates.h"

namespace driftlint {

// A pod template whose containers ask for NVIDIA GPUs without the runtime
// class the cluster's other GPU pods use.
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
      .summary = "A workload that requests NVIDIA GPUs does not set `runtimeClassName` on a cluster whose "
                 "NVIDIA runtime is a RuntimeClass.",
      .rationale =
          "On clusters where the NVIDIA container runtime is a RuntimeClass (not the node default), a "
          "GPU pod without `runtimeClassName: nvidia` schedules onto a GPU node, holds the GPU, and "
          "cannot see it. Elsewhere (GKE, where the driver is installed on the node and no such class "
          "exists; the GPU Operator with the runtime as containerd's default) following the hint would "
          "break the pod, so the rule needs evidence that the cluster uses one: a RuntimeClass whose "
          "name or handler says nvidia, in the repos or the snapshot, or another pod template (repos or "
          "snapshot) that sets a runtime class naming nvidia or sets one while asking for NVIDIA GPUs. "
          "The message names that evidence and the class to use. Without evidence nothing is reported; "
          "a pod that selects GKE accelerator nodes (`cloud.google.com/gke-accelerator` in its node "
          "selector or node affinity) is never reported. Every pod template driftlint knows is read "
          "(see docs/pod-templates.md) where a container asks for an `nvidia.com/` resource of "
          "`accelerators`. Kinds whose pod spec cannot set the class (KServe's ServingRuntime, Tekton "
          "steps, a Spark driver without `template`) and Argo Workflows templates (set through "
          "`podSpecPatch`; an object a `resource` template creates is read as that object) are not "
          "judged, nor DRA claims (they reach the GPU through CDI, not a runtime class).",
      .hint = "Set `runtimeClassName` to the cluster's NVIDIA RuntimeClass (the message names it) in the pod "
              "template of every GPU workload.",
      .example = "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: nvidia}\nhandler: nvidia\n"
                 "---\napiVersion: batch/v1\nkind: Job\nmetadata: {name: train}\nspec:\n  template:\n"
                 "    spec:\n      containers:\n      - name: train\n        image: "
                 "registry.example/train:1.0\n        resources: {limits: {nvidia.com/gpu: 1}}\n",
      .options = {},
      .skips_policy_test_inputs = true};
  return info;
}

namespace {

// Why the cluster is believed to run GPU pods through a RuntimeClass.
struct Evidence {
  std::string class_name;
  std::string why;
};

bool says_nvidia(std::string_view text) {
  std::string l(text);
  std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return std::tolower(c); });
  return l.find("nvidia") != std::string::npos;
}

std::string where(const LintContext& context, const KnownObject& o) {
  if (o.live) return "in the snapshot";
  const LoadedFile& f = context.load.file_of(*o.manifest);
  return "in " + context.load.repo_name(f.repo) + "/" + f.path;
}

std::optional<ContainerGpuRequest> nvidia_request(const ContainerGpus& gpus, const PodTemplateView& pod,
                                                  const ContainerView& c, std::string_view ns) {
  for (ContainerGpuRequest& r : gpus.of(pod, c, ns)) {
    if (!r.dra && r.resource.rfind("nvidia.com/", 0) == 0) return std::move(r);
  }
  return std::nullopt;
}

bool asks_nvidia(const ContainerGpus& gpus, const PodTemplateView& pod, std::string_view ns) {
  return std::any_of(pod.containers.begin(), pod.containers.end(),
                     [&](const ContainerView& c) { return nvidia_request(gpus, pod, c, ns).has_value(); });
}

std::optional<Evidence> find_evidence(const LintContext& context, const ContainerGpus& gpus) {
  std::vector<KnownObject> known = known_objects(context, [](const ObjectIdentity&) { return true; });
  for (const KnownObject& o : known) {
    const Manifest& m = *o.manifest;
    if (m.id.group != "node.k8s.io" || m.id.kind != "RuntimeClass") continue;
    std::string_view handler = m.root.get("handler").text();
    if (!says_nvidia(m.id.name) && !says_nvidia(handler)) continue;
    return Evidence{m.id.name, "RuntimeClass " + quote_for_message(m.id.name) + " (handler " +
                                   quote_for_message(handler) + ") is defined " + where(context, o)};
  }
  for (const KnownObject& o : known) {
    const Manifest& m = *o.manifest;
    if (!o.live && context.is_policy_test_input(m)) continue;
    for (const PodTemplateView& pod : pod_templates(m)) {
      yaml::Node runtime_class = pod.pod_spec.get("runtimeClassName");
      if (!runtime_class.is_scalar() || runtime_class.is_null() || runtime_class.text().empty()) continue;
      if (!says_nvidia(runtime_class.text()) && !asks_nvidia(gpus, pod, m.id.ns)) continue;
      std::string name(runtime_class.text());
      return Evidence{name, m.id.display() + " " + where(context, o) + " sets runtimeClassName " +
                                quote_for_message(name)};
    }
  }
  return std::nullopt;
}

// A pod that selects GKE's accelerator node pools: GKE installs the driver
// on the node and has no NVIDIA RuntimeClass.
bool selects_gke_accelerators(yaml::Node pod_spec) {
  constexpr std::string_view kLabel = "cloud.google.com/gke-accelerator";
  for (auto [key, value] : pod_spec.get("nodeSelector").entries()) {
    if (key.text().rfind(kLabel, 0) == 0) return true;
  }
  yaml::Node terms = pod_spec.path({"affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution",
                                    "nodeSelectorTerms"});
  for (yaml::Node term : terms.elements()) {
    for (yaml::Node e : term.get("matchExpressions").elements()) {
      if (e.get("key").text().rfind(kLabel, 0) == 0) return true;
    }
  }
  return false;
}

}  // namespace

void GpuRuntimeClassRule::check(const LintContext& context, std::vector<Finding>& out) const {
  ContainerGpus gpu_requests(context.gpu, {});
  std::optional<Evidence> evidence;
  bool looked = false;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    for (const PodTemplateView& pod : pod_templates(m)) {
      if (!pod.pod_spec.is_map() || !pod.sets_runtime_class || pod.containers.empty()) continue;
      yaml::Node runtime_class = pod.pod_spec.get("runtimeClassName");
      if (runtime_class.valid() && !runtime_class.is_null()) continue;
      if (selects_gke_accelerators(pod.pod_spec)) continue;
      for (const ContainerView& c : pod.containers) {
        std::optional<ContainerGpuRequest> nvidia = nvidia_request(gpu_requests, pod, c, m.id.ns);
        if (!nvidia) continue;
        if (!looked) evidence = find_evidence(context, gpu_requests), looked = true;
        if (!evidence) return;  // no sign the cluster uses a runtime class: nothing to judge
        std::string message = pod.location + ".runtimeClassName is not set, yet " +
                              (c.name.empty() ? std::string("a container") : "container " + quote_for_message(c.name)) +
                              " requests " + nvidia->what + "; expected runtimeClassName " +
                              quote_for_message(evidence->class_name) + ": " + evidence->why;
        out.push_back(finding_at(context, m, pod.pod_spec, std::move(message)));
        break;
      }
    }
  }
}

RuleEntry gpu_runtime_class_rule() { return rule_entry<GpuRuntimeClassRule>(); }

}  // namespace driftlint
