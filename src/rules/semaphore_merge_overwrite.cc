#include "base/strings.h"
#include "lint/rule.h"
#include "model/kyverno.h"
#include "model/pod_templates.h"

namespace driftlint {

// A Kyverno strategic-merge patch that replaces a workflow's semaphore list.
class SemaphoreMergeOverwriteRule : public RuleBase<SemaphoreMergeOverwriteRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& SemaphoreMergeOverwriteRule::static_info() {
  static const RuleInfo info{
      .id = "semaphore-merge-overwrite",
      .default_severity = Severity::Warning,
      .summary = "A Kyverno mutate rule sets a workflow list without `name` keys (such as "
                 "`spec.synchronization.semaphores`) through `patchStrategicMerge`, while workflows "
                 "it matches set that list too: the patch replaces the list and one semaphore is lost.",
      .rationale =
          "Kyverno applies `patchStrategicMerge` with kustomize's kyaml merge. On a custom resource "
          "without schema merge keys, a list is merged element by element only when every element "
          "has a `name`; otherwise the patch's list replaces the object's. Semaphore entries "
          "(`configMapKeyRef`) have no `name`, so a policy that injects a per-user semaphore wipes a "
          "semaphore the workflow (or its WorkflowTemplate, whose spec the controller merges later) "
          "brought itself, and both limits stop holding together. Lists keyed by `+(key)` "
          "add-if-absent anchors, JSON patches and `foreach` are not reported.",
      .hint = "Append with a JSON patch (`patchesJson6902` with `op: add` and `path: "
              "/spec/synchronization/semaphores/-`) or a `foreach`, and add an admission test (kyverno "
              "test, or a server-side dry run) that checks both semaphores survive.",
      .example = "mutate:\n  patchStrategicMerge:\n    spec:\n      synchronization:\n        semaphores:\n"
                 "        - configMapKeyRef: {name: user-semaphores, key: '{{request.userInfo.username}}'}\n",
      .options = {}};
  return info;
}

namespace {

// A key without Kyverno anchors: "(name)" and "<(name)" -> "name"; nullopt
// for "+(name)" (add only when absent: never replaces).
std::optional<std::string> plain_key(std::string_view key) {
  if (key.rfind("+(", 0) == 0) return std::nullopt;
  if (key.rfind("<(", 0) == 0 || key.rfind("=(", 0) == 0 || key.rfind("^(", 0) == 0) key.remove_prefix(1);
  if (key.size() >= 2 && key.front() == '(' && key.back() == ')') key = key.substr(1, key.size() - 2);
  return std::string(key);
}

bool associative(yaml::Node list) {
  if (list.size() == 0) return false;
  for (yaml::Node e : list.elements()) {
    if (!e.is_map() || !e.get("name").valid()) return false;
  }
  return true;
}

struct ReplacedList {
  std::vector<std::string> path;
  yaml::Node node;
};

void find_replaced_lists(yaml::Node node, std::vector<std::string>& path, std::vector<ReplacedList>& out, int depth) {
  if (depth > 32 || !node.is_map()) return;
  for (auto [key, value] : node.entries()) {
    std::optional<std::string> k = plain_key(key.text());
    if (!k) continue;
    path.push_back(*k);
    if (value.is_sequence() && !associative(value)) out.push_back({path, key});
    else find_replaced_lists(value, path, out, depth + 1);
    path.pop_back();
  }
}

yaml::Node at_path(yaml::Node node, const std::vector<std::string>& path) {
  for (const std::string& k : path) node = node.get(k);
  return node;
}

}  // namespace

void SemaphoreMergeOverwriteRule::check(const LintContext& context, std::vector<Finding>& out) const {
  std::vector<const Manifest*> workflows;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (is_argo_workflow_kind(m.id)) workflows.push_back(&m);
  }
  for (const Manifest* policy_object : context.objects) {
    const Manifest& policy = *policy_object;
    if (!is_kyverno_policy(policy.id)) continue;
    for (const KyvernoRuleView& rule : read_kyverno_rules(policy, context.gpu)) {
      if (!rule.patch_strategic_merge.is_map() || !rule.matches("Workflow", "")) continue;
      std::vector<std::string> path;
      std::vector<ReplacedList> lists;
      find_replaced_lists(rule.patch_strategic_merge, path, lists, 0);
      for (const ReplacedList& list : lists) {
        if (list.path.empty() || list.path[0] != "spec") continue;
        std::vector<std::string> within_spec(list.path.begin() + 1, list.path.end());
        // Workflows it matches that bring the same list: the template kinds
        // produce Workflows in their namespace; a CronWorkflow's under workflowSpec.
        std::vector<std::string> clashes;
        for (const Manifest* w : workflows) {
          if (!rule.matches("Workflow", w->id.ns)) continue;
          yaml::Node spec = w->id.kind == "CronWorkflow" ? w->root.path({"spec", "workflowSpec"}) : w->root.get("spec");
          yaml::Node own = at_path(spec, within_spec);
          if (own.is_sequence() && own.size() > 0) clashes.push_back(w->id.display());
        }
        if (clashes.empty()) continue;
        size_t shown = std::min<size_t>(clashes.size(), 3);
        std::string names = join(std::vector<std::string>(clashes.begin(), clashes.begin() + shown), ", ") +
                            (clashes.size() > shown ? " and " + std::to_string(clashes.size() - shown) + " more" : "");
        out.push_back(finding_at(context, policy, list.node,
                                 policy.id.kind + " " + quote_for_message(policy.id.name) + " rule " +
                                     quote_for_message(rule.name) + " sets " + join(list.path, ".") +
                                     " by patchStrategicMerge, and " + names + " set" + (clashes.size() == 1 ? "s" : "") +
                                     " that list too: on a Workflow (a custom resource) the patch replaces the list instead of "
                                     "merging, so one side's entries are lost"));
      }
    }
  }
}

RuleEntry semaphore_merge_overwrite_rule() { return rule_entry<SemaphoreMergeOverwriteRule>(); }

}  // namespace driftlint
