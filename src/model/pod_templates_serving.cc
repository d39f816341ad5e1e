// Pod templates of kinds whose containers are not (only) in a PodSpec:
// KServe's model servers, Tekton's steps, Spark's driver and executor.
#include "model/pod_template_parts.h"

namespace driftlint::pod_template_parts {
namespace {

// Fields of an InferenceService component that are one container each
// (a model server the runtime fills in, or an explainer).
constexpr std::string_view kPredictorServers[] = {"model",       "sklearn", "xgboost",  "tensorflow",
                                                  "pytorch",     "triton",  "onnx",     "huggingface",
                                                  "pmml",        "lightgbm", "paddle"};
constexpr std::string_view kExplainers[] = {"art", "alibi", "aix"};

void add_component(std::vector<PodTemplateView>& out, yaml::Node component, const std::string& location,
                   const std::string_view* servers, size_t count) {
  if (!component.is_map()) return;
  add_pod_spec(out, component, location);
  PodTemplateView& view = out.back();
  for (size_t i = 0; i < count; ++i) {
    if (yaml::Node server = component.get(servers[i]); server.is_map()) {
      view.containers.push_back(container_view(server, servers[i]));
    }
  }
}

// A Tekton step or sidecar: a container whose resources are
// `computeResources` in v1 and whose `script` is what it runs.
ContainerView tekton_container(yaml::Node node, std::string_view list) {
  ContainerView c = container_view(node, list);
  if (yaml::Node compute = node.get("computeResources"); compute.is_map()) {
    c.requests = compute.get("requests");
    c.limits = compute.get("limits");
    c.claims = compute.get("claims");
  }
  c.script_source = node.get("script");
  return c;
}

void add_task_spec(std::vector<PodTemplateView>& out, yaml::Node task, std::string location, std::string name) {
  if (!task.is_map()) return;
  PodTemplateView view;
  view.location = std::move(location);
  view.template_name = std::move(name);
  // A step template's image and resources are every step's defaults.
  if (yaml::Node step_template = task.get("stepTemplate"); step_template.is_map()) {
    view.containers.push_back(tekton_container(step_template, "stepTemplate"));
  }
  for (std::string_view list : {"steps", "sidecars"}) {
    for (yaml::Node c : task.get(list).elements()) {
      if (c.is_map()) view.containers.push_back(tekton_container(c, list));
    }
  }
  if (!view.containers.empty()) out.push_back(std::move(view));
}

void add_pipeline_tasks(std::vector<PodTemplateView>& out, yaml::Node pipeline, const std::string& prefix) {
  for (std::string_view list : {"tasks", "finally"}) {
    size_t index = 0;
    for (yaml::Node task : pipeline.get(list).elements()) {
      std::string name(task.get("name").as_string().value_or(""));
      std::string at = prefix + std::string(list) + "[" + (name.empty() ? std::to_string(index) : name) + "]";
      add_task_spec(out, task.get("taskSpec"), at + ".taskSpec", name);
      ++index;
    }
  }
}

// A Spark driver or executor: one container built from `image`, `gpu`,
// `cores`..., plus its sidecars, init containers and (Spark operator v2)
// `template`. Its runtime class can only be set through that template.
void add_spark_role(std::vector<PodTemplateView>& out, yaml::Node role, std::string_view name,
                    const std::string& location) {
  if (!role.is_map()) return;
  PodTemplateView view;
  view.location = location;
  view.pod_spec = role.path({"template", "spec"});
  if (!view.pod_spec.is_map()) view.pod_spec = {};
  ContainerView main;
  main.node = role;
  main.list = name;
  main.image = role.get("image");
  main.accelerator = role.get("gpu");
  view.containers.push_back(main);
  for (std::string_view list : {"initContainers", "sidecars"}) {
    for (yaml::Node c : role.get(list).elements()) {
      if (c.is_map()) view.containers.push_back(container_view(c, list));
    }
  }
  for (std::string_view list : {"initContainers", "containers"}) {
    for (yaml::Node c : view.pod_spec.get(list).elements()) {
      if (c.is_map()) view.containers.push_back(container_view(c, list));
    }
  }
  out.push_back(std::move(view));
}

}  // namespace

void add_inference_service(std::vector<PodTemplateView>& out, yaml::Node root, const std::string& prefix) {
  yaml::Node spec = root.get("spec");
  add_component(out, spec.get("predictor"), prefix + "spec.predictor", std::begin(kPredictorServers),
                std::size(kPredictorServers));
  add_pod_spec(out, spec.path({"predictor", "workerSpec"}), prefix + "spec.predictor.workerSpec");
  add_component(out, spec.get("transformer"), prefix + "spec.transformer", nullptr, 0);
  add_component(out, spec.get("explainer"), prefix + "spec.explainer", std::begin(kExplainers),
                std::size(kExplainers));
}

void add_serving_runtime(std::vector<PodTemplateView>& out, yaml::Node root, const std::string& prefix) {
  size_t first = out.size();
  add_pod_spec(out, root.get("spec"), prefix + "spec");
  add_pod_spec(out, root.path({"spec", "workerSpec"}), prefix + "spec.workerSpec");
  for (size_t i = first; i < out.size(); ++i) out[i].sets_runtime_class = false;
}

void add_tekton(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view kind, const std::string& prefix) {
  yaml::Node spec = root.get("spec");
  if (kind == "Task" || kind == "ClusterTask") return add_task_spec(out, spec, prefix + "spec", "");
  if (kind == "TaskRun") return add_task_spec(out, spec.get("taskSpec"), prefix + "spec.taskSpec", "");
  if (kind == "Pipeline") return add_pipeline_tasks(out, spec, prefix + "spec.");
  if (kind == "PipelineRun") return add_pipeline_tasks(out, spec.get("pipelineSpec"), prefix + "spec.pipelineSpec.");
}

void add_spark(std::vector<PodTemplateView>& out, yaml::Node root, std::string_view kind, const std::string& prefix) {
  bool scheduled = kind == "ScheduledSparkApplication";
  yaml::Node spec = scheduled ? root.path({"spec", "template"}) : root.get("spec");
  std::string at = prefix + (scheduled ? "spec.template" : "spec");
  // The application's image, used by the driver and executors that name none.
  if (yaml::Node image = spec.get("image"); image.is_scalar()) {
    PodTemplateView view;
    view.location = at;
    ContainerView app;
    app.node = spec;
    app.list = "application";
    app.image = image;
    view.containers.push_back(app);
    out.push_back(std::move(view));
  }
  add_spark_role(out, spec.get("driver"), "driver", at + ".driver");
  add_spark_role(out, spec.get("executor"), "executor", at + ".executor");
}

}  // namespace driftlint::pod_template_parts
