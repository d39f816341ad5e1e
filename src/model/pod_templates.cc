#include "model/pod_templates.h"

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

ContainerView container_view(yaml::Node node) {
  ContainerView view;
  view.node = node;
  if (auto name = node.get("name").as_string()) view.name = *name;
  view.command = node.get("command");
  view.args = node.get("args");
  view.requests = node.path({"resources", "requests"});
  view.limits = node.path({"resources", "limits"});
  return view;
}

void add_pod_spec(std::vector<PodTemplateView>& out, yaml::Node pod_spec, std::string location) {
  if (!pod_spec.is_map()) return;
  PodTemplateView view;
  view.location = std::move(location);
  view.pod_spec = pod_spec;
  for (std::string_view list : {"initContainers", "containers"}) {
    for (yaml::Node container : pod_spec.get(list).elements()) {
      if (container.is_map()) view.containers.push_back(container_view(container));
    }
  }
  out.push_back(std::move(view));
}

void add_argo_templates(std::vector<PodTemplateView>& out, yaml::Node workflow_spec,
                        const std::string& prefix) {
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
      view.containers.push_back(container_view(container));
    }
    if (yaml::Node script = tmpl.get("script"); script.is_map()) {
      ContainerView c = container_view(script);
      c.script_source = script.get("source");
      view.containers.push_back(c);
    }
    for (yaml::Node container : tmpl.path({"containerSet", "containers"}).elements()) {
      if (container.is_map()) view.containers.push_back(container_view(container));
    }
    for (std::string_view list : {"initContainers", "sidecars"}) {
      for (yaml::Node container : tmpl.get(list).elements()) {
        if (container.is_map()) view.containers.push_back(container_view(container));
      }
    }
    if (!view.containers.empty()) out.push_back(std::move(view));
  }
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

std::vector<PodTemplateView> pod_templates(const Manifest& manifest) {
  std::vector<PodTemplateView> out;
  const ObjectIdentity& id = manifest.id;
  yaml::Node spec = manifest.root.get("spec");
  if (!spec.is_map()) return out;
  if (id.group.empty() && id.kind == "Pod") {
    add_pod_spec(out, spec, "spec");
  } else if ((id.group == "apps" && (id.kind == "Deployment" || id.kind == "StatefulSet" ||
                                     id.kind == "DaemonSet" || id.kind == "ReplicaSet")) ||
             (id.group == "batch" && id.kind == "Job") ||
             (id.group.empty() && id.kind == "ReplicationController")) {
    add_pod_spec(out, spec.path({"template", "spec"}), "spec.template.spec");
  } else if (id.group == "batch" && id.kind == "CronJob") {
    add_pod_spec(out, spec.path({"jobTemplate", "spec", "template", "spec"}),
                 "spec.jobTemplate.spec.template.spec");
  } else if (is_argo_workflow_kind(id)) {
    if (id.kind == "CronWorkflow") {
      add_argo_templates(out, spec.get("workflowSpec"), "spec.workflowSpec.");
    } else {
      add_argo_templates(out, spec, "spec.");
    }
  }
  return out;
}

}  // namespace driftlint
