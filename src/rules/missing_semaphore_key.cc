#include <map>
#include <set>

#include "base/strings.h"
#include "lint/known_objects.h"
#include "lint/rule.h"
#include "model/kyverno.h"
#include "model/workflows.h"
#include "snapshot/snapshot.h"

namespace driftlint {

// A workflow semaphore whose ConfigMap or key is defined nowhere.
class MissingSemaphoreKeyRule : public RuleBase<MissingSemaphoreKeyRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& MissingSemaphoreKeyRule::static_info() {
  static const RuleInfo info{
      .id = "missing-semaphore-key",
      .default_severity = Severity::Error,
      .summary = "A workflow, a template or a Kyverno patch references a semaphore ConfigMap or key "
                 "that no repo and no snapshot defines: the workflow never starts.",
      .rationale =
          "Argo Workflows reads a semaphore's limit from `configMapKeyRef` (in the workflow's "
          "namespace unless the semaphore names one); a missing ConfigMap or key leaves the "
          "workflow Pending with an error nobody watches. References are read from Workflows, "
          "WorkflowTemplates, ClusterWorkflowTemplates and CronWorkflows (workflow and template "
          "level, `semaphore` and `semaphores[]`) and from Kyverno `patchStrategicMerge` patches "
          "that inject semaphores. A missing key is reported whenever the ConfigMap is known; a "
          "missing ConfigMap only when the snapshot holds ConfigMaps (otherwise it may live in a "
          "repo that was not loaded). Names and keys that are expressions are not judged.",
      .hint = "Add the key to the ConfigMap in the repo that owns it (the limit as a string, e.g. "
              "\"10\"), or fix the name, key or namespace of the reference.",
      .example = "spec:\n  synchronization:\n    semaphores:\n    - configMapKeyRef: {name: user-semaphores, key: new-submitter}\n",
      .options = {}};
  return info;
}

namespace {

// Every semaphore reference that names its ConfigMap and key plainly (not
// an expression), with the object that makes it.
std::vector<std::pair<const Manifest*, SemaphoreRef>> semaphore_refs(const LintContext& context) {
  std::vector<std::pair<const Manifest*, SemaphoreRef>> out;
  auto add = [&](const Manifest& m, const SemaphoreRef& ref) {
    if (!ref.templated) out.emplace_back(&m, ref);
  };
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (std::optional<WorkflowView> w = read_workflow(m, context.gpu)) {
      for (const SemaphoreRef& ref : w->semaphores) add(m, ref);
      for (const WorkflowTemplateView& t : w->templates) {
        for (const SemaphoreRef& ref : t.semaphores) add(m, ref);
      }
    } else if (is_kyverno_policy(m.id)) {
      for (const KyvernoRuleView& rule : read_kyverno_rules(m, context.gpu)) {
        yaml::Node sync = rule.patch_strategic_merge.path({"spec", "synchronization"});
        std::string ns = m.id.kind == "Policy" ? m.id.ns : "";
        for (const SemaphoreRef& ref : read_synchronization(sync, ns, "Kyverno rule '" + rule.name + "'")) add(m, ref);
      }
    }
  }
  return out;
}

}  // namespace

void MissingSemaphoreKeyRule::check(const LintContext& context, std::vector<Finding>& out) const {
  std::vector<std::pair<const Manifest*, SemaphoreRef>> refs = semaphore_refs(context);
  if (refs.empty()) return;  // the ConfigMaps' keys are read only when something waits on one
  std::set<std::string_view> named;
  for (const auto& [m, ref] : refs) named.insert(ref.configmap);
  // (namespace, name) -> the keys of its data, from the repos and the cluster.
  std::map<std::pair<std::string, std::string>, std::set<std::string>> configmaps;
  for (const KnownObject& o : known_objects(context, [](const ObjectIdentity& id) { return id.group.empty() && id.kind == "ConfigMap"; })) {
    if (!named.count(o.manifest->id.name)) continue;  // no semaphore's
    auto& keys = configmaps[{o.manifest->id.ns, o.manifest->id.name}];
    for (auto [k, v] : o.manifest->root.get("data").entries()) keys.insert(std::string(k.text()));
  }
  bool cluster_configmaps = context.snapshot && context.snapshot->has_kind("", "ConfigMap");

  auto judge = [&](const Manifest& m, const SemaphoreRef& ref) {
    std::vector<const std::set<std::string>*> candidates;
    if (ref.ns.empty()) {  // a cluster template: the namespace is the submitter's
      for (const auto& [id, keys] : configmaps) {
        if (id.second == ref.configmap) candidates.push_back(&keys);
      }
    } else if (auto it = configmaps.find({ref.ns, ref.configmap}); it != configmaps.end()) {
      candidates.push_back(&it->second);
    }
    std::string where = ref.ns.empty() ? "any namespace" : "namespace " + quote_for_message(ref.ns);
    yaml::Node at = ref.node.key_node("key").valid() ? ref.node.key_node("key") : ref.node;
    if (candidates.empty()) {
      if (!cluster_configmaps) return;
      out.push_back(finding_at(context, m, ref.node,
                               m.id.display() + " (" + ref.level + ") waits on semaphore ConfigMap " +
                                   quote_for_message(ref.configmap) + ", which neither the repos nor the cluster define in " +
                                   where + ": the workflow never starts"));
      return;
    }
    for (const auto* keys : candidates) {
      if (keys->count(ref.key)) return;
    }
    std::vector<std::string> have(candidates.front()->begin(), candidates.front()->end());
    out.push_back(finding_at(context, m, at,
                             m.id.display() + " (" + ref.level + ") waits on key " + quote_for_message(ref.key) +
                                 " of ConfigMap " + quote_for_message(ref.configmap) + " in " + where +
                                 ", which has no such key (it has: " + (have.empty() ? "none" : join(have, ", ")) +
                                 "): the workflow never starts"));
  };
  for (const auto& [m, ref] : refs) judge(*m, ref);
}

RuleEntry missing_semaphore_key_rule() { return rule_entry<MissingSemaphoreKeyRule>(); }

}  // namespace driftlint
