#include <set>

#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "plan/ownership.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// One object rendered by two or more Argo CD apps.
class SharedResourceRule : public RuleBase<SharedResourceRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& SharedResourceRule::static_info() {
  static const RuleInfo info{
      .id = "shared-resource",
      .default_severity = Severity::Error,
      .summary = "Two or more Argo CD apps render the same object (group, kind, namespace and name).",
      .rationale =
          "Argo CD tracks an object by the app that applied it last (its tracking annotation): two apps "
          "that render it take it from each other on every sync, each showing the other's copy as "
          "OutOfSync (a SharedResourceWarning), and with different content the live object flips between "
          "them. Worse, an app that stops rendering it while it is tracked as that app's prunes it, and "
          "deletes the object the other app still needs. The apps' objects are compared as Argo CD "
          "renders them (kustomize and Helm built, namespaces defaulted from each app's destination); "
          "objects marked `argocd.argoproj.io/hook: Skip` are left out.",
      .hint = "Keep the object in one app: remove it from the others (or, if both must apply it, "
              "let one own it and give the other `FailOnSharedResource=true` to stop the tug of war).",
      .example = "# apps/a/config.yaml, deployed by app 'a'; the same ConfigMap is in apps/b/, deployed by app 'b'\n"
                 "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shared\n",
      .options = {}};
  return info;
}

void SharedResourceRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.argo) return;
  const ArgoModel& argo = *context.argo;
  for (const SharedObject& s : shared_objects(argo)) {
    std::vector<std::string> apps;
    for (const DesiredObject* d : s.copies) apps.push_back(quote_for_message(argo.apps[d->app].name));
    std::set<std::pair<uint32_t, const Manifest*>> reported;  // one finding per manifest copy
    for (const DesiredObject* d : s.copies) {
      if (!reported.insert({d->file, d->manifest}).second) continue;
      std::string others;
      for (const DesiredObject* o : s.copies) {
        if (o != d) others += (others.empty() ? "" : ", ") + quote_for_message(argo.apps[o->app].name);
      }
      out.push_back(desired_finding(*this, context, *d, {{"metadata", false, {}}, {"name", false, {}}},
                                    d->id.display() + " is rendered by " + describe_app(argo.apps[d->app]) +
                                        " and by app " + others +
                                        ": Argo CD hands it from one app to the other on every sync, and an app "
                                        "that stops rendering it prunes the object the other still needs"));
    }
  }
}

RuleEntry shared_resource_rule() { return rule_entry<SharedResourceRule>(); }

}  // namespace driftlint
