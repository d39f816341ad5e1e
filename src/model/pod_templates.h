// Typed views of the pod templates inside workload objects, so rules read
// containers, commands and resources without re-walking YAML per kind.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/manifest.h"
#include "yaml/tree.h"

namespace driftlint {

struct ContainerView {
  yaml::Node node;
  std::string_view name;
  yaml::Node command;        // list (or, in Argo, sometimes a string); may be invalid
  yaml::Node args;           // may be invalid
  yaml::Node script_source;  // Argo `script.source`; may be invalid
  yaml::Node requests;       // resources.requests map; may be invalid
  yaml::Node limits;         // resources.limits map; may be invalid

  // command, args and script source joined by spaces: what the container runs.
  std::string command_line() const;
  // The node a finding about the command should point at.
  yaml::Node command_anchor() const;
};

struct PodTemplateView {
  std::string location;       // e.g. "spec.template.spec", "spec.templates[main]"
  std::string template_name;  // Argo template name, else empty
  yaml::Node pod_spec;        // the PodSpec; invalid for Argo templates
  std::vector<ContainerView> containers;
};

// Every pod template of Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet,
// ReplicationController, Job, CronJob and Argo Workflow, WorkflowTemplate,
// ClusterWorkflowTemplate and CronWorkflow objects; empty for other kinds.
std::vector<PodTemplateView> pod_templates(const Manifest& manifest);

// True when the kind is one of Argo Workflows' workflow kinds.
bool is_argo_workflow_kind(const ObjectIdentity& id);

}  // namespace driftlint
