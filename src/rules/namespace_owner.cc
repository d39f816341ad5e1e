#include <set>

#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "plan/ownership.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// A Namespace one app owns while other apps deploy into it.
class NamespaceOwnerRule : public RuleBase<NamespaceOwnerRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& NamespaceOwnerRule::static_info() {
  static const RuleInfo info{
      .id = "namespace-owner",
      .default_severity = Severity::Warning,
      .summary = "An Argo CD app renders a Namespace that other apps deploy objects into: deleting that app "
                 "(or pruning the Namespace from it) deletes their objects too.",
      .rationale =
          "Deleting a Namespace deletes everything in it. When the app that renders the Namespace is "
          "deleted with its resources finalizer (an app-of-apps parent pruning it, an ApplicationSet "
          "element no longer generated), or stops rendering the Namespace with prune on, the objects of "
          "every other app in that namespace go with it, whatever their own apps say. The rule reads what "
          "each app renders (namespaces defaulted from the destination).",
      .hint = "Let one platform app own shared namespaces (or use `CreateNamespace=true`, which Argo CD never "
              "deletes), and mark the Namespace `argocd.argoproj.io/sync-options: Prune=false,Delete=false`.",
      .example = "# apps/team-a/namespace.yaml, deployed by app 'team-a'; app 'team-a-jobs' deploys into it\n"
                 "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n",
      .options = {}};
  return info;
}

void NamespaceOwnerRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.argo) return;
  const ArgoModel& argo = *context.argo;
  for (const NamespaceOwner& n : owned_namespaces(argo)) {
    std::set<std::string> apps;
    for (const DesiredObject* d : n.dependents) apps.insert(quote_for_message(argo.apps[d->app].name));
    std::string list;
    for (const std::string& a : apps) list += (list.empty() ? "" : ", ") + a;
    out.push_back(desired_finding(*this, context, *n.ns, {{"metadata", false, {}}, {"name", false, {}}},
                                  n.ns->id.display() + " is rendered by " + describe_app(argo.apps[n.ns->app]) +
                                      ", while app(s) " + list + " deploy " + std::to_string(n.dependents.size()) +
                                      " object(s) into it: deleting that app, or pruning the Namespace from it, "
                                      "deletes them too"));
  }
}

RuleEntry namespace_owner_rule() { return rule_entry<NamespaceOwnerRule>(); }

}  // namespace driftlint
