// Argo Workflows as the GPU rules read them: the semaphores a workflow or a
// template waits on (`synchronization.semaphore` and `semaphores[]`, with
// `configMapKeyRef` and an optional namespace), and how many GPUs each
// template's containers may ask for (literals, or parameters with their
// `enum`, `default` and `value`).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/gpu_resources.h"
#include "model/manifest.h"
#include "yaml/tree.h"

namespace driftlint {

struct SemaphoreRef {
  std::string configmap;
  std::string key;
  std::string ns;           // explicit namespace, else the object's ("" for cluster templates)
  bool templated = false;   // name or key is an expression: not checkable offline
  std::string level;        // "workflow" or "template 'x'"
  yaml::Node node;          // the configMapKeyRef
};

// The GPU counts a container may ask for.
struct GpuRequest {
  std::string resource;
  yaml::Node node;              // the limit (or request) value
  std::set<double> values;      // every count it can take
  bool unresolved = false;      // a parameter whose values are not known
  std::string parameter;        // the parameter it comes from, "" for a literal
};

struct WorkflowTemplateView {
  std::string name;
  yaml::Node node;
  std::vector<SemaphoreRef> semaphores;
  std::vector<GpuRequest> gpus;  // one per container and GPU resource
};

struct WorkflowView {
  const Manifest* manifest = nullptr;
  yaml::Node spec;  // the workflow spec (a CronWorkflow's spec.workflowSpec)
  std::vector<SemaphoreRef> semaphores;  // workflow level
  std::vector<WorkflowTemplateView> templates;

  // Every GPU request of every template.
  std::vector<const GpuRequest*> all_gpu_requests() const;
};

// Workflow, WorkflowTemplate, ClusterWorkflowTemplate, CronWorkflow; nullopt for other kinds.
std::optional<WorkflowView> read_workflow(const Manifest& m, const GpuResourceMatcher& gpu);

// The semaphore references in a `synchronization` block.
std::vector<SemaphoreRef> read_synchronization(yaml::Node synchronization, const std::string& object_namespace,
                                               const std::string& level);

}  // namespace driftlint
