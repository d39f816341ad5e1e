// The one place that knows where pod specs live: typed views of the pod
// templates inside workload objects, so rules read containers, images,
// commands and resources without re-walking YAML per kind.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/manifest.h"
#include "yaml/parser.h"
#include "yaml/tree.h"

namespace driftlint {

struct ContainerView {
  yaml::Node node;
  std::string_view name;
  // Where it is listed: "containers", "initContainers", "ephemeralContainers",
  // Argo's "container", "script", "sidecars", "containerSet", Argo Events'
  // "container", a TrainJob's "trainer", KServe's model server ("model",
  // "sklearn", ...; "art"), Tekton's "steps", "sidecars", "stepTemplate",
  // Spark's "driver", "executor", "image".
  std::string_view list;
  yaml::Node image;          // may be invalid
  yaml::Node command;        // list (or, in Argo, sometimes a string); may be invalid
  yaml::Node args;           // may be invalid
  yaml::Node script_source;  // Argo `script.source`, Tekton `script`; may be invalid
  yaml::Node requests;       // resources.requests map; may be invalid
  yaml::Node limits;         // resources.limits map; may be invalid
  yaml::Node claims;         // resources.claims list (DRA claim names); may be invalid
  // A `{name: nvidia.com/gpu, quantity: 1}` request (a SparkApplication
  // driver's or executor's `gpu`); may be invalid.
  yaml::Node accelerator;

  // command, args and script source joined by spaces: what the container runs.
  std::string command_line() const;
  // The node a finding about the command should point at.
  yaml::Node command_anchor() const;
};

struct PodTemplateView {
  std::string location;       // e.g. "spec.template.spec", "spec.templates[main]"
  std::string template_name;  // Argo template name, else empty
  yaml::Node pod_spec;        // the PodSpec; invalid for Argo templates, a TrainJob's trainer, Tekton
  // False when the kind's pod spec is a subset without `runtimeClassName`
  // (KServe's ServingRuntime): a rule cannot ask for one there.
  bool sets_runtime_class = true;
  std::vector<ContainerView> containers;
  // Owns the nodes of an object written as a string (an Argo `resource`
  // template's manifest; see model/embedded_yaml.h); null otherwise.
  std::shared_ptr<const yaml::ParsedFile> embedded;
};

// Every pod template of an object: built-in workloads (Pod, PodTemplate,
// Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController, Job,
// CronJob), Argo Workflows (Workflow, WorkflowTemplate, ClusterWorkflowTemplate,
// CronWorkflow; a `resource` template's manifest too), Argo Rollouts (Rollout,
// AnalysisTemplate jobs), Argo Events (Sensor and EventSource pods, the
// objects a Sensor's triggers create), Volcano Job and CronJob, Kubeflow
// training jobs (`*ReplicaSpecs`) and Notebook, TrainJob's trainer,
// TrainingRuntime, JobSet, Ray (RayCluster, RayJob, RayService),
// LeaderWorkerSet, DisaggregatedSet, Kueue Workload, KServe (InferenceService,
// ServingRuntime, ClusterServingRuntime, LLMInferenceService and its Config),
// Tekton (Task, ClusterTask, Pipeline, TaskRun, PipelineRun), Knative Serving,
// KEDA ScaledJob, Spark (SparkApplication, ScheduledSparkApplication). Any
// other kind (outside policy engines' groups, whose patches only look like
// pods) is searched by shape (docs/pod-templates.md): a key ending in
// `template`, `Template` or `Spec` whose map is a PodSpec or holds one in
// `spec`, with a `containers` list whose every entry has a name and an image.
std::vector<PodTemplateView> pod_templates(const Manifest& manifest);

// The same for an object given as a tree (an object embedded in another).
std::vector<PodTemplateView> pod_templates_of(yaml::Node root, std::string_view group, std::string_view kind);

// True when the kind is one of Argo Workflows' workflow kinds.
bool is_argo_workflow_kind(const ObjectIdentity& id);

}  // namespace driftlint
