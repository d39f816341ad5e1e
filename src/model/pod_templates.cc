#include "model/pod_templates.h"

#include "model/embedded_yaml.h"
#include "model/field_path.h"

namespace driftlint {
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

ContainerView container_view(yaml::Node node, std::string_view list) {
  ContainerView view;
  view.node = node;
  view.list = list;
  if (auto name = node.get("name").as_string()) view.name = *name;
  view.image = node.get("image");
  view.command = node.get("command");
  view.args = node.get("args");
  view.requests = node.path({"resources", "requests"});
  view.limits = node.path({"resources", "limits"});
  view.claims = node.path({"resources", "claims"});
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

void collect(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view group,
             std::string_view kind, const std::string& prefix, int depth);

// An Argo `resource` template creates (applies, patches) the object its
// `manifest` string holds: a Job, a PyTorchJob, ...
void add_argo_resource(std::vector<PodTemplateView>& out, yaml::Node tmpl, const PodTemplateView& where,
                       int depth) {
  yaml::Node resource = tmpl.get("resource");
  yaml::Node manifest = resource.get("manifest");
  if (!manifest.is_string()) return;
  std::shared_ptr<const yaml::ParsedFile> parsed = parse_embedded_yaml(resource.key_node("manifest"), manifest);
  if (!parsed) return;
  for (const yaml::Document& doc : parsed->documents) {
    std::string group, version;
    split_api_version(doc.root.get("apiVersion").text(), group, version);
    size_t first = out.size();
    collect(out, doc.root, group, doc.root.get("kind").text(), where.location + ".resource.manifest: ", depth + 1);
    for (size_t i = first; i < out.size(); ++i) {
      out[i].embedded = parsed;
      if (out[i].template_name.empty()) out[i].template_name = where.template_name;
    }
  }
}

void add_argo_templates(std::vector<PodTemplateView>& out, yaml::Node workflow_spec,
                        const std::string& prefix, int depth) {
  yaml::Node templates = workflow_spec.get("templates");
  size_t index = 0;
  for (yaml::Node tmpl : templates.elements()) {
    ++index;
    if (!tmpl.is_map()) continue;
    PodTemplateView view;
    std::string name(tmpl.get("name").as_string().value_or(""));
    view.template_name = name;
    view.location = prefix + "templates[" + (name.empty() ? std::to_string(index - 1) : name) + "]";
    if (yaml::Node container = tmpl.get("container"); container.is_map()) {
      view.containers.push_back(container_view(container, "container"));
    }
    if (yaml::Node script = tmpl.get("script"); script.is_map()) {
      ContainerView c = container_view(script, "script");
      c.script_source = script.get("source");
      view.containers.push_back(c);
    }
    for (yaml::Node container : tmpl.path({"containerSet", "containers"}).elements()) {
      if (container.is_map()) view.containers.push_back(container_view(container, "containerSet"));
    }
    for (std::string_view list : {"initContainers", "sidecars"}) {
      for (yaml::Node container : tmpl.get(list).elements()) {
        if (container.is_map()) view.containers.push_back(container_view(container, list));
      }
    }
    add_argo_resource(out, tmpl, view, depth);
    if (!view.containers.empty()) out.push_back(std::move(view));
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
        kind_paths("leaderworkerset.x-k8s.io", "LeaderWorkerSet",
                   {"spec.leaderWorkerTemplate.leaderTemplate.spec", "spec.leaderWorkerTemplate.workerTemplate.spec"}),
        kind_paths("kueue.x-k8s.io", "Workload", {"spec.podSets[*].template.spec"}),
        kind_paths("ray.io", "RayCluster", ray_cluster_at("spec.")),
        kind_paths("ray.io", "RayJob", ray_job),
        kind_paths("ray.io", "RayService", ray_cluster_at("spec.rayClusterConfig.")),
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

// Kubeflow's training jobs (PyTorchJob, MPIJob, TFJob, XGBoostJob, PaddleJob,
// JAXJob): `spec.<x>ReplicaSpecs.<role>.template.spec`.
void add_kubeflow_replicas(std::vector<PodTemplateView>& out, yaml::Node root, const std::string& prefix) {
  constexpr std::string_view kSuffix = "ReplicaSpecs";
  for (auto [key, replicas] : root.get("spec").entries()) {
    std::string_view k = key.text();
    if (k.size() <= kSuffix.size() || k.substr(k.size() - kSuffix.size()) != kSuffix) continue;
    for (auto [role, replica] : replicas.entries()) {
      add_pod_spec(out, replica.path({"template", "spec"}),
                   prefix + "spec." + std::string(k) + "." + std::string(role.text()) + ".template.spec");
    }
  }
}

// A TrainJob names no pod: its trainer is a container (image, command,
// resourcesPerNode) the runtime's pod template is overridden with.
void add_train_job(std::vector<PodTemplateView>& out, yaml::Node root, const std::string& prefix) {
  yaml::Node trainer = root.path({"spec", "trainer"});
  if (!trainer.is_map()) return;
  PodTemplateView view;
  view.location = prefix + "spec.trainer";
  ContainerView c = container_view(trainer, "trainer");
  c.requests = trainer.path({"resourcesPerNode", "requests"});
  c.limits = trainer.path({"resourcesPerNode", "limits"});
  c.claims = trainer.path({"resourcesPerNode", "claims"});
  view.containers.push_back(c);
  out.push_back(std::move(view));
}

// Argo Events: the Sensor's or EventSource's own pod (`spec.template`), and
// the objects a Sensor's triggers create (a Job, a Workflow, ...).
void add_argo_events(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view kind,
                     const std::string& prefix, int depth) {
  yaml::Node pod = root.path({"spec", "template"});
  if (pod.is_map()) {
    PodTemplateView view;
    view.location = prefix + "spec.template";
    view.pod_spec = pod;
    if (yaml::Node c = pod.get("container"); c.is_map()) view.containers.push_back(container_view(c, "container"));
    if (!view.containers.empty()) out.push_back(std::move(view));
  }
  if (kind != "Sensor") return;
  size_t index = 0;
  for (yaml::Node trigger : root.path({"spec", "triggers"}).elements()) {
    for (std::string_view type : {"k8s", "argoWorkflow"}) {
      yaml::Node resource = trigger.path({"template", type, "source", "resource"});
      if (!resource.is_map()) continue;
      std::string group, version;
      split_api_version(resource.get("apiVersion").text(), group, version);
      collect(out, resource, group, resource.get("kind").text(),
              prefix + "spec.triggers[" + std::to_string(index) + "].template." + std::string(type) +
                  ".source.resource.",
              depth + 1);
    }
    ++index;
  }
}

// Groups whose objects hold pod-shaped patches and patterns, not pods.
bool is_policy_group(std::string_view group) {
  auto ends_with = [&](std::string_view s) {
    return group == s.substr(1) || (group.size() >= s.size() && group.substr(group.size() - s.size()) == s);
  };
  return ends_with(".kyverno.io") || ends_with(".gatekeeper.sh") || ends_with(".kubewarden.io") ||
         group == "wgpolicyk8s.io" || group == "admissionregistration.k8s.io";
}

// Unknown kinds: every `template:` whose `spec` lists containers, not below another.
void add_by_shape(std::vector<PodTemplateView>& out, yaml::Node node, const std::string& path, int depth) {
  if (depth > 12) return;
  if (node.is_map()) {
    for (auto [key, value] : node.entries()) {
      std::string here = path.empty() ? std::string(key.text()) : path + "." + std::string(key.text());
      if (key.text() == "template" && value.path({"spec", "containers"}).is_sequence()) {
        add_pod_spec(out, value.get("spec"), here + ".spec");
      } else {
        add_by_shape(out, value, here, depth + 1);
      }
    }
  } else if (node.is_sequence()) {
    size_t index = 0;
    for (yaml::Node element : node.elements()) {
      add_by_shape(out, element, path + "[" + std::to_string(index++) + "]", depth + 1);
    }
  }
}

void collect(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view group,
             std::string_view kind, const std::string& prefix, int depth) {
  if (!root.is_map() || depth > 2) return;
  if (const KindPodSpecs* known = known_kind(group, kind)) return add_paths(out, root, *known, prefix);
  yaml::Node spec = root.get("spec");
  if (group == "argoproj.io" && (kind == "Workflow" || kind == "WorkflowTemplate" ||
                                 kind == "ClusterWorkflowTemplate" || kind == "CronWorkflow")) {
    if (kind == "CronWorkflow") {
      return add_argo_templates(out, spec.get("workflowSpec"), prefix + "spec.workflowSpec.", depth);
    }
    return add_argo_templates(out, spec, prefix + "spec.", depth);
  }
  if (group == "argoproj.io" && (kind == "Sensor" || kind == "EventSource")) {
    return add_argo_events(out, root, kind, prefix, depth);
  }
  if (group == "kubeflow.org" && kind != "Notebook") return add_kubeflow_replicas(out, root, prefix);
  if (group == "trainer.kubeflow.org" && kind == "TrainJob") return add_train_job(out, root, prefix);
  if (group == "argoproj.io" || is_policy_group(group) || (group.empty() && kind == "List")) return;
  if (spec.is_map()) add_by_shape(out, spec, prefix + "spec", 0);
}

}  // namespace

std::string ContainerView::command_line() const {
  std::string out;
  append_words(out, command);
  append_words(out, args);
  append_words(out, script_source);
  return out;
}

yaml::Node ContainerView::command_anchor() const {
  for (std::string_view key : {"command", "args", "source"}) {
    if (yaml::Node k = node.key_node(key)) return k;
  }
  return node;
}

bool is_argo_workflow_kind(const ObjectIdentity& id) {
  if (id.group != "argoproj.io") return false;
  return id.kind == "Workflow" || id.kind == "WorkflowTemplate" ||
         id.kind == "ClusterWorkflowTemplate" || id.kind == "CronWorkflow";
}

std::vector<PodTemplateView> pod_templates_of(yaml::Node root, std::string_view group, std::string_view kind) {
  std::vector<PodTemplateView> out;
  collect(out, root, group, kind, "", 0);
  return out;
}

std::vector<PodTemplateView> pod_templates(const Manifest& manifest) {
  return pod_templates_of(manifest.root, manifest.id.group, manifest.id.kind);
}

}  // namespace driftlint
