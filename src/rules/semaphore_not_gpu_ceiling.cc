#include <map>
#include <set>

#include "base/strings.h"
#include "lint/known_objects.h"
#include "lint/rule.h"
#include "model/workflows.h"

namespace driftlint {

// A semaphore that gates GPU workflows but does not count GPUs.
class SemaphoreNotGpuCeilingRule : public RuleBase<SemaphoreNotGpuCeilingRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& SemaphoreNotGpuCeilingRule::static_info() {
  static const RuleInfo info{
      .id = "semaphore-not-gpu-ceiling",
      .default_severity = Severity::Warning,
      .summary = "A workflow semaphore gates workflows that request GPUs but is not an exact GPU "
                 "ceiling: a gated template can ask for more than one GPU, or a gated workflow asks "
                 "for none and still takes a slot.",
      .rationale =
          "A semaphore counts workflows (or template instances), not GPUs. Teams use a per-submitter "
          "semaphore of 10 as \"at most 10 GPUs\", which holds only while every gated workflow "
          "requests exactly one GPU: a template that accepts `gpus: 2` doubles the real ceiling, and "
          "CPU-only workflows behind the same key eat GPU slots. GPU counts are read from the "
          "containers' limits: literals, or parameters whose `enum`, `value` or `default` give the "
          "possible values (an entrypoint's inputs fall back to the workflow's arguments). Silent "
          "when every gated workflow requests exactly one GPU, and for counts that cannot be "
          "resolved.",
      .hint = "Use a Kueue LocalQueue/ClusterQueue for an exact GPU ceiling, or give GPU workflows "
              "their own semaphore and pin the template to one GPU per workflow.",
      .example = "spec:\n  synchronization:\n    semaphores: [{configMapKeyRef: {name: user-semaphores, key: submitter}}]\n"
                 "  arguments:\n    parameters: [{name: gpus, value: \"1\", enum: [\"0\", \"1\", \"2\"]}]\n",
      .options = {}};
  return info;
}

namespace {

std::string values_text(const std::set<double>& values) {
  std::vector<std::string> parts;
  for (double v : values) parts.push_back(format_number(v));
  if (parts.size() <= 1) return parts.empty() ? "" : parts[0];
  std::string last = parts.back();
  parts.pop_back();
  return join(parts, ", ") + " or " + last;
}

}  // namespace

void SemaphoreNotGpuCeilingRule::check(const LintContext& context, std::vector<Finding>& out) const {
  struct Gated {
    const Manifest* manifest;
    const SemaphoreRef* ref;
    std::vector<const GpuRequest*> gpus;  // what the gated unit may request
    std::string unit;                     // "WorkflowTemplate argo/run-image" or "... template 'x'"
  };
  std::vector<WorkflowView> views;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (auto w = read_workflow(m, context.gpu)) views.push_back(std::move(*w));
  }
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<Gated>> by_key;
  for (const WorkflowView& w : views) {
    for (const SemaphoreRef& ref : w.semaphores) {
      if (!ref.templated) by_key[{ref.ns, ref.configmap, ref.key}].push_back({w.manifest, &ref, w.all_gpu_requests(), w.manifest->id.display()});
    }
    for (const WorkflowTemplateView& t : w.templates) {
      std::vector<const GpuRequest*> gpus;
      for (const GpuRequest& g : t.gpus) gpus.push_back(&g);
      for (const SemaphoreRef& ref : t.semaphores) {
        if (!ref.templated) by_key[{ref.ns, ref.configmap, ref.key}].push_back({w.manifest, &ref, gpus, w.manifest->id.display() + " template '" + t.name + "'"});
      }
    }
  }
  // The limit each key sets, for the message.
  std::map<std::tuple<std::string, std::string, std::string>, std::string> limits;
  std::set<std::pair<std::string, std::string>> semaphore_configmaps;  // only these are read
  for (const auto& [key, gated] : by_key) semaphore_configmaps.emplace(std::get<0>(key), std::get<1>(key));
  auto is_semaphore_configmap = [&](const ObjectIdentity& id) {
    return id.group.empty() && id.kind == "ConfigMap" && semaphore_configmaps.count({id.ns, id.name});
  };
  for (const KnownObject& o : by_key.empty() ? std::vector<KnownObject>{} : known_objects(context, is_semaphore_configmap)) {
    for (auto [k, v] : o.manifest->root.get("data").entries()) {
      limits[{o.manifest->id.ns, o.manifest->id.name, std::string(k.text())}] = std::string(v.text());
    }
  }
  for (const auto& [key, gated] : by_key) {
    bool gates_gpus = false;
    std::vector<std::string> problems;
    const Gated* first_problem = nullptr;
    for (const Gated& g : gated) {
      bool resolved = true, may_be_zero = g.gpus.empty(), above_one = false;
      std::set<double> all;
      std::string parameter;
      for (const GpuRequest* r : g.gpus) {
        if (r->unresolved) resolved = false;
        for (double v : r->values) {
          all.insert(v);
          if (v >= 1) gates_gpus = true;
          if (v > 1) above_one = true;
        }
        if (r->values.count(0)) may_be_zero = true;
        if (!r->parameter.empty()) parameter = r->parameter;
      }
      if (!resolved) continue;
      std::string via = parameter.empty() ? "" : " (parameter '" + parameter + "')";
      if (above_one || (may_be_zero && !g.gpus.empty())) {
        problems.push_back(g.unit + " can ask for " + values_text(all) + " GPUs" + via);
      } else if (g.gpus.empty()) {
        problems.push_back(g.unit + " requests no GPU yet takes a slot");
      } else {
        continue;
      }
      if (!first_problem) first_problem = &g;
    }
    if (!gates_gpus || !first_problem) continue;
    const auto& [ns, configmap, k] = key;
    auto limit = limits.find(key);
    std::string slots = limit != limits.end() ? limit->second + " slots" : "its slots";
    out.push_back(finding_at(context, *first_problem->manifest, first_problem->ref->node,
                             "semaphore " + configmap + "/" + k + (ns.empty() ? "" : " (namespace " + ns + ")") +
                                 " counts workflows, not GPUs, so " + slots + " are no GPU ceiling: " +
                                 join(problems, "; ")));
  }
}

RuleEntry semaphore_not_gpu_ceiling_rule() { return rule_entry<SemaphoreNotGpuCeilingRule>(); }

}  // namespace driftlint
