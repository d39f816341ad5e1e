// The pieces pod_templates() is built from, shared by its files: one per
// family of kinds (pod_templates.cc: the table of fixed paths and the search
// by shape; pod_templates_workflows.cc: Argo, Kubeflow training;
// pod_templates_serving.cc: KServe, Tekton, Spark). Not for rules: they read
// pod_templates().
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/pod_templates.h"

namespace driftlint::pod_template_parts {

// A container (or container-shaped entry) listed as `list`.
ContainerView container_view(yaml::Node node, std::string_view list);
// The containers of a PodSpec map, as one view at `location` (nothing when
// `pod_spec` is not a map).
void add_pod_spec(std::vector<PodTemplateView>& out, yaml::Node pod_spec, std::string location);
// Every pod template of an object below `prefix` (objects embedded in
// objects are read to depth 2).
void collect(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view group, std::string_view kind,
             const std::string& prefix, int depth);

// Argo Workflows' `templates` of a workflow spec.
void add_argo_templates(std::vector<PodTemplateView>& out, yaml::Node workflow_spec, const std::string& prefix,
                        int depth);
// Argo Events' Sensor and EventSource.
void add_argo_events(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view kind,
                     const std::string& prefix, int depth);
// Kubeflow's training jobs: `spec.<x>ReplicaSpecs.<role>.template.spec`.
void add_kubeflow_replicas(std::vector<PodTemplateView>& out, yaml::Node root, const std::string& prefix);
// A TrainJob's trainer.
void add_train_job(std::vector<PodTemplateView>& out, yaml::Node root, const std::string& prefix);

// KServe's InferenceService: predictor, transformer, explainer.
void add_inference_service(std::vector<PodTemplateView>& out, yaml::Node root, const std::string& prefix);
// KServe's ServingRuntime and ClusterServingRuntime.
void add_serving_runtime(std::vector<PodTemplateView>& out, yaml::Node root, const std::string& prefix);
// Tekton's Task, ClusterTask, Pipeline, TaskRun and PipelineRun.
void add_tekton(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view kind, const std::string& prefix);
// Spark's SparkApplication and ScheduledSparkApplication.
void add_spark(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view kind, const std::string& prefix);

}  // namespace driftlint::pod_template_parts
