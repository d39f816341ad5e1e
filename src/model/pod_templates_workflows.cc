// Pod templates of Argo Workflows and Argo Events (templates, not pod specs;
// objects written inside them) and of Kubeflow's training jobs.
#include "model/embedded_yaml.h"
#include "model/pod_template_parts.h"

namespace driftlint::pod_template_parts {
namespace {

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

}  // namespace

void add_argo_templates(std::vector<PodTemplateView>& out, yaml::Node workflow_spec, const std::string& prefix,
                        int depth) {
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

}  // namespace driftlint::pod_template_parts
