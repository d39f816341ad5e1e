#include "model/workflows.h"

#include <cstdlib>

#include "model/pod_templates.h"
#include "model/quantity.h"

namespace driftlint {

namespace {

bool is_expression(std::string_view text) { return text.find("{{") != std::string_view::npos; }

void add_ref(std::vector<SemaphoreRef>& out, yaml::Node semaphore, const std::string& object_namespace,
             const std::string& level) {
  yaml::Node ref = semaphore.get("configMapKeyRef");
  if (!ref.is_map()) return;  // a database semaphore, or malformed
  SemaphoreRef r;
  r.node = ref;
  r.level = level;
  r.configmap = std::string(ref.get("name").text());
  r.key = std::string(ref.get("key").text());
  auto ns = semaphore.get("namespace").as_string();
  r.ns = ns ? std::string(*ns) : object_namespace;
  r.templated = is_expression(r.configmap) || is_expression(r.key) || is_expression(r.ns);
  if (!r.configmap.empty() && !r.key.empty()) out.push_back(std::move(r));
}

// The values a parameter can take: its enum, else its value and default.
std::optional<std::set<double>> parameter_values(yaml::Node parameters, std::string_view name) {
  for (yaml::Node p : parameters.elements()) {
    if (p.get("name").text() != name) continue;  // by text: `name: n` is a YAML 1.1 boolean
    std::set<double> values;
    bool any = false, unknown = false;
    auto add = [&](yaml::Node v) {
      if (!v.is_scalar() || v.is_null()) return;
      any = true;
      if (auto q = parse_quantity(v.text())) values.insert(*q);
      else unknown = true;
    };
    yaml::Node choices = p.get("enum");
    if (choices.is_sequence() && choices.size() > 0) {
      for (yaml::Node v : choices.elements()) add(v);
    } else {
      add(p.get("value"));
      add(p.get("default"));
    }
    if (!any || unknown) return std::nullopt;
    return values;
  }
  return std::nullopt;
}

// "{{inputs.parameters.gpus}}" -> ("inputs", "gpus"); "{{workflow.parameters.gpus}}" -> ("workflow", "gpus").
std::optional<std::pair<std::string, std::string>> parameter_reference(std::string_view text) {
  size_t open = text.find("{{");
  size_t close = text.find("}}");
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return std::nullopt;
  std::string inner(text.substr(open + 2, close - open - 2));
  while (!inner.empty() && inner.front() == ' ') inner.erase(0, 1);
  while (!inner.empty() && inner.back() == ' ') inner.pop_back();
  for (const char* scope : {"inputs", "workflow"}) {
    std::string prefix = std::string(scope) + ".parameters.";
    if (inner.rfind(prefix, 0) == 0) return std::make_pair(std::string(scope), inner.substr(prefix.size()));
  }
  return std::nullopt;
}

GpuRequest resolve(const std::string& resource, yaml::Node value, yaml::Node tmpl, yaml::Node spec) {
  GpuRequest g;
  g.resource = resource;
  g.node = value;
  if (auto q = parse_quantity(value.text())) {
    g.values.insert(*q);
    return g;
  }
  auto ref = parameter_reference(value.text());
  if (!ref) {
    g.unresolved = true;
    return g;
  }
  g.parameter = ref->second;
  std::optional<std::set<double>> values;
  if (ref->first == "inputs") values = parameter_values(tmpl.path({"inputs", "parameters"}), ref->second);
  // The entrypoint's inputs come from the workflow's arguments of the same name.
  if (!values) values = parameter_values(spec.path({"arguments", "parameters"}), ref->second);
  if (values) g.values = std::move(*values);
  else g.unresolved = true;
  return g;
}

}  // namespace

std::vector<SemaphoreRef> read_synchronization(yaml::Node synchronization, const std::string& object_namespace,
                                               const std::string& level) {
  std::vector<SemaphoreRef> out;
  if (!synchronization.is_map()) return out;
  if (yaml::Node one = synchronization.get("semaphore"); one.is_map()) add_ref(out, one, object_namespace, level);
  for (yaml::Node s : synchronization.get("semaphores").elements()) add_ref(out, s, object_namespace, level);
  return out;
}

std::vector<const GpuRequest*> WorkflowView::all_gpu_requests() const {
  std::vector<const GpuRequest*> out;
  for (const WorkflowTemplateView& t : templates) {
    for (const GpuRequest& g : t.gpus) out.push_back(&g);
  }
  return out;
}

std::optional<WorkflowView> read_workflow(const Manifest& m, const GpuResourceMatcher& gpu) {
  if (!is_argo_workflow_kind(m.id)) return std::nullopt;
  WorkflowView view;
  view.manifest = &m;
  view.spec = m.id.kind == "CronWorkflow" ? m.root.path({"spec", "workflowSpec"}) : m.root.get("spec");
  view.semaphores = read_synchronization(view.spec.get("synchronization"), m.id.ns, "workflow");
  for (yaml::Node tmpl : view.spec.get("templates").elements()) {
    WorkflowTemplateView t;
    t.node = tmpl;
    t.name = std::string(tmpl.get("name").text());
    t.semaphores = read_synchronization(tmpl.get("synchronization"), m.id.ns, "template '" + t.name + "'");
    std::vector<yaml::Node> containers;
    for (const char* key : {"container", "script"}) {
      if (tmpl.get(key).is_map()) containers.push_back(tmpl.get(key));
    }
    for (yaml::Node c : tmpl.path({"containerSet", "containers"}).elements()) containers.push_back(c);
    for (yaml::Node c : containers) {
      // Limits decide for extended resources; a request alone means the same number.
      yaml::Node limits = c.path({"resources", "limits"});
      yaml::Node requests = c.path({"resources", "requests"});
      std::set<std::string> seen;
      for (yaml::Node map : {limits, requests}) {
        for (auto [key, value] : map.entries()) {
          std::string resource(key.text());
          if (!gpu.is_gpu(resource) || !seen.insert(resource).second) continue;
          t.gpus.push_back(resolve(resource, value, tmpl, view.spec));
        }
      }
    }
    view.templates.push_back(std::move(t));
  }
  return view;
}

}  // namespace driftlint
