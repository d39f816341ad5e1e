#include "model/pod_templates.h"

#include <algorithm>
#include <iterator>

#include "model/field_path.h"
#include "model/pod_template_parts.h"

namespace driftlint {
namespace pod_template_parts {
namespace {

void append_words(std::string& out, yaml::Node node) {
  auto add = [&](std::string_view word) {
    if (!out.empty()) out += ' ';
    out += word;
  };
  if (node.is_sequence()) {
    for (yaml::Node element : node.elements()) {
      if (element.is_scalar()) add(element.text());
    }
  } else if (node.is_scalar() && !node.is_null()) {
    add(node.text());
  }
}

// Where the PodSpecs of a kind are, as field paths from the object's root.
struct KindPodSpecs {
  std::string_view group;
  std::string_view kind;
  std::vector<FieldPathSpec> paths;
};

KindPodSpecs kind_paths(std::string_view group, std::string_view kind, std::vector<std::string> paths) {
  KindPodSpecs out{group, kind, {}};
  for (const std::string& text : paths) {
    if (auto parsed = parse_field_path(text)) out.paths.push_back(std::move(*parsed));  // the table is tested
  }
  return out;
}

std::vector<std::string> ray_cluster_at(const std::string& prefix) {
  return {prefix + "headGroupSpec.template.spec", prefix + "workerGroupSpecs[*].template.spec"};
}

std::vector<std::string> leader_worker_at(const std::string& prefix) {
  return {prefix + "leaderWorkerTemplate.leaderTemplate.spec", prefix + "leaderWorkerTemplate.workerTemplate.spec"};
}

// KServe's LLMInferenceService (and the LLMInferenceServiceConfig it is
// built from): PodSpecs, not templates, for the decode and prefill
// workloads, their workers, the scheduler and its tokenizer.
std::vector<std::string> llm_inference_service() {
  return {"spec.template",         "spec.worker", "spec.prefill.template", "spec.prefill.worker",
          "spec.router.scheduler.template", "spec.router.scheduler.tokenizer.template"};
}

const std::vector<KindPodSpecs>& known_kinds() {
  static const std::vector<KindPodSpecs> kinds = [] {
    std::vector<std::string> ray_job = ray_cluster_at("spec.rayClusterSpec.");
    ray_job.push_back("spec.submitterPodTemplate.spec");
    const std::string runtime = "spec.template.spec.replicatedJobs[*].template.spec.template.spec";
    const std::string analysis = "spec.metrics[*].provider.job.spec.template.spec";
    return std::vector<KindPodSpecs>{
        kind_paths("", "Pod", {"spec"}),
        kind_paths("", "PodTemplate", {"template.spec"}),
        kind_paths("", "ReplicationController", {"spec.template.spec"}),
        kind_paths("apps", "Deployment", {"spec.template.spec"}),
        kind_paths("apps", "StatefulSet", {"spec.template.spec"}),
        kind_paths("apps", "DaemonSet", {"spec.template.spec"}),
        kind_paths("apps", "ReplicaSet", {"spec.template.spec"}),
        kind_paths("batch", "Job", {"spec.template.spec"}),
        kind_paths("batch", "CronJob", {"spec.jobTemplate.spec.template.spec"}),
        kind_paths("argoproj.io", "Rollout", {"spec.template.spec"}),
        kind_paths("argoproj.io", "AnalysisTemplate", {analysis}),
        kind_paths("argoproj.io", "ClusterAnalysisTemplate", {analysis}),
        kind_paths("batch.volcano.sh", "Job", {"spec.tasks[*].template.spec"}),
        kind_paths("batch.volcano.sh", "CronJob", {"spec.jobTemplate.spec.tasks[*].template.spec"}),
        kind_paths("jobset.x-k8s.io", "JobSet", {"spec.replicatedJobs[*].template.spec.template.spec"}),
        kind_paths("trainer.kubeflow.org", "TrainingRuntime", {runtime}),
        kind_paths("trainer.kubeflow.org", "ClusterTrainingRuntime", {runtime}),
        kind_paths("kubeflow.org", "Notebook", {"spec.template.spec"}),
        kind_paths("leaderworkerset.x-k8s.io", "LeaderWorkerSet", leader_worker_at("spec.")),
        kind_paths("disaggregatedset.x-k8s.io", "DisaggregatedSet", leader_worker_at("spec.roles[*].spec.")),
        kind_paths("kueue.x-k8s.io", "Workload", {"spec.podSets[*].template.spec"}),
        kind_paths("ray.io", "RayCluster", ray_cluster_at("spec.")),
        kind_paths("ray.io", "RayJob", ray_job),
        kind_paths("ray.io", "RayService", ray_cluster_at("spec.rayClusterConfig.")),
        kind_paths("serving.kserve.io", "LLMInferenceService", llm_inference_service()),
        kind_paths("serving.kserve.io", "LLMInferenceServiceConfig", llm_inference_service()),
        kind_paths("serving.knative.dev", "Service", {"spec.template.spec"}),
        kind_paths("serving.knative.dev", "Configuration", {"spec.template.spec"}),
        kind_paths("serving.knative.dev", "Revision", {"spec"}),
        kind_paths("keda.sh", "ScaledJob", {"spec.jobTargetRef.template.spec"}),
    };
  }();
  return kinds;
}

const KindPodSpecs* known_kind(std::string_view group, std::string_view kind) {
  for (const KindPodSpecs& k : known_kinds()) {
    if (k.group == group && k.kind == kind) return &k;
  }
  return nullptr;
}

void add_paths(std::vector<PodTemplateView>& out, yaml::Node root, const KindPodSpecs& kind,
               const std::string& prefix) {
  for (const FieldPathSpec& path : kind.paths) {
    for (const FieldMatch& m : resolve_field_path(path, root)) add_pod_spec(out, m.value, prefix + m.path);
  }
}

// Kubernetes' own API groups. Their kinds hold PodSpecs only where the table
// above says (schema/pod_spec_kinds_test.cc checks it against the bundled
// OpenAPI documents), so an object of another of their kinds (a Service, a
// ConfigMap, a ResourceQuota: most objects) is not searched by shape.
// "extensions" is left out: its v1beta1 Deployments, DaemonSets and
// ReplicaSets (gone since 1.16, still in old repos) are found by shape.
bool is_kubernetes_group(std::string_view group) {
  static constexpr std::string_view kGroups[] = {
      "",
      "admission.k8s.io",
      "admissionregistration.k8s.io",
      "apiextensions.k8s.io",
      "apiregistration.k8s.io",
      "apps",
      "authentication.k8s.io",
      "authorization.k8s.io",
      "autoscaling",
      "batch",
      "certificates.k8s.io",
      "coordination.k8s.io",
      "discovery.k8s.io",
      "events.k8s.io",
      "flowcontrol.apiserver.k8s.io",
      "imagepolicy.k8s.io",
      "internal.apiserver.k8s.io",
      "networking.k8s.io",
      "node.k8s.io",
      "policy",
      "rbac.authorization.k8s.io",
      "resource.k8s.io",
      "scheduling.k8s.io",
      "storage.k8s.io",
      "storagemigration.k8s.io",
  };
  return std::find(std::begin(kGroups), std::end(kGroups), group) != std::end(kGroups);
}

// Groups whose objects hold pod-shaped patches and patterns, not pods.
bool is_policy_group(std::string_view group) {
  auto ends_with = [&](std::string_view s) {
    return group == s.substr(1) || (group.size() >= s.size() && group.substr(group.size() - s.size()) == s);
  };
  return ends_with(".kyverno.io") || ends_with(".gatekeeper.sh") || ends_with(".kubewarden.io") ||
         group == "wgpolicyk8s.io" || group == "admissionregistration.k8s.io";
}

// A list of containers as a PodSpec holds them: every entry a map with a
// name and an image (a list of names, or of patterns, is not one).
bool is_container_list(yaml::Node list) {
  if (!list.is_sequence() || list.size() == 0) return false;
  for (yaml::Node c : list.elements()) {
    if (!c.is_map() || !c.get("name").is_scalar() || !c.get("image").is_scalar()) return false;
  }
  return true;
}

// Unknown kinds: below a key ending in `template`, `Template` or `Spec`, a
// PodSpec (`workerSpec: {containers: [...]}`) or a map holding one in `spec`
// (`template: {spec: {containers: [...]}}`); not below another one. `path`
// is where `node` is, grown and cut back as the walk goes (most objects hold
// no pod, so no path is copied for them).
void add_by_shape(std::vector<PodTemplateView>& out, yaml::Node node, std::string& path, int depth) {
  if (depth > 12) return;
  size_t at = path.size();
  if (node.is_map()) {
    for (auto [key, value] : node.entries()) {
      std::string_view k = key.text();
      if (at > 0) path += '.';
      path += k;
      bool may_hold = k.ends_with("template") || k.ends_with("Template") || k.ends_with("Spec");
      if (may_hold && is_container_list(value.get("containers"))) {
        add_pod_spec(out, value, path);
      } else if (may_hold && is_container_list(value.path({"spec", "containers"}))) {
        add_pod_spec(out, value.get("spec"), path + ".spec");
      } else {
        add_by_shape(out, value, path, depth + 1);
      }
      path.resize(at);
    }
  } else if (node.is_sequence()) {
    size_t index = 0;
    for (yaml::Node element : node.elements()) {
      path += '[';
      path += std::to_string(index++);
      path += ']';
      add_by_shape(out, element, path, depth + 1);
      path.resize(at);
    }
  }
}

bool is_argo_workflow(std::string_view group, std::string_view kind) {
  return group == "argoproj.io" && (kind == "Workflow" || kind == "WorkflowTemplate" ||
                                    kind == "ClusterWorkflowTemplate" || kind == "CronWorkflow");
}

// Kinds read by code rather than by the table of paths; false for the
// others, whose trees it does not read (most objects are of those).
bool add_by_kind(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view group, std::string_view kind,
                 const std::string& prefix, int depth) {
  if (is_argo_workflow(group, kind)) {
    yaml::Node spec = root.get("spec");
    if (kind == "CronWorkflow") add_argo_templates(out, spec.get("workflowSpec"), prefix + "spec.workflowSpec.", depth);
    else add_argo_templates(out, spec, prefix + "spec.", depth);
  } else if (group == "argoproj.io" && (kind == "Sensor" || kind == "EventSource")) {
    add_argo_events(out, root, kind, prefix, depth);
  } else if (group == "kubeflow.org") {
    add_kubeflow_replicas(out, root, prefix);
  } else if (group == "trainer.kubeflow.org" && kind == "TrainJob") {
    add_train_job(out, root, prefix);
  } else if (group == "serving.kserve.io" && kind == "InferenceService") {
    add_inference_service(out, root, prefix);
  } else if (group == "serving.kserve.io" && (kind == "ServingRuntime" || kind == "ClusterServingRuntime")) {
    add_serving_runtime(out, root, prefix);
  } else if (group == "tekton.dev") {
    add_tekton(out, root, kind, prefix);
  } else if (group == "sparkoperator.k8s.io") {
    add_spark(out, root, kind, prefix);
  } else {
    return false;
  }
  return true;
}

}  // namespace

ContainerView container_view(yaml::Node node, std::string_view list) {
  ContainerView view;
  view.node = node;
  view.list = list;
  if (auto name = node.get("name").as_string()) view.name = *name;
  view.image = node.get("image");
  view.command = node.get("command");
  view.args = node.get("args");
  yaml::Node resources = node.get("resources");  // found once for its three lists
  view.requests = resources.get("requests");
  view.limits = resources.get("limits");
  view.claims = resources.get("claims");
  return view;
}

void add_pod_spec(std::vector<PodTemplateView>& out, yaml::Node pod_spec, std::string location) {
  if (!pod_spec.is_map()) return;
  PodTemplateView view;
  view.location = std::move(location);
  view.pod_spec = pod_spec;
  for (std::string_view list : {"initContainers", "containers", "ephemeralContainers"}) {
    for (yaml::Node container : pod_spec.get(list).elements()) {
      if (container.is_map()) view.containers.push_back(container_view(container, list));
    }
  }
  out.push_back(std::move(view));
}

void collect(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view group, std::string_view kind,
             const std::string& prefix, int depth) {
  if (!root.is_map() || depth > 2) return;
  if (const KindPodSpecs* known = known_kind(group, kind)) return add_paths(out, root, *known, prefix);
  if (add_by_kind(out, root, group, kind, prefix, depth)) return;
  if (group == "argoproj.io" || group == "tekton.dev" || is_policy_group(group)) return;
  // An empty group is the core group only when the apiVersion says `v1`: it
  // is also what no apiVersion, or a templated one, gives.
  if (is_kubernetes_group(group) && (!group.empty() || root.get("apiVersion").text() == "v1")) return;
  if (yaml::Node spec = root.get("spec"); spec.is_map()) {
    std::string path = prefix + "spec";
    add_by_shape(out, spec, path, 0);
  }
}

}  // namespace pod_template_parts

std::string ContainerView::command_line() const {
  std::string out;
  pod_template_parts::append_words(out, command);
  pod_template_parts::append_words(out, args);
  pod_template_parts::append_words(out, script_source);
  return out;
}

yaml::Node ContainerView::command_anchor() const {
  for (std::string_view key : {"command", "args", "source", "script"}) {
    if (yaml::Node k = node.key_node(key)) return k;
  }
  return node;
}

bool is_argo_workflow_kind(const ObjectIdentity& id) {
  return pod_template_parts::is_argo_workflow(id.group, id.kind);
}

std::vector<PodTemplateView> pod_templates_of(yaml::Node root, std::string_view group, std::string_view kind) {
  std::vector<PodTemplateView> out;
  pod_template_parts::collect(out, root, group, kind, "", 0);
  return out;
}

std::vector<PodTemplateView> pod_templates(const Manifest& manifest) {
  return pod_templates_of(manifest.root, manifest.id.group, manifest.id.kind);
}

}  // namespace driftlint
