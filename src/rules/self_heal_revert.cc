#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// A live change that the owning app's self-heal will revert.
class SelfHealRevertRule : public RuleBase<SelfHealRevertRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& SelfHealRevertRule::static_info() {
  static const RuleInfo info{
      .id = "self-heal-revert",
      .default_severity = Severity::Error,
      .summary = "A live object differs from its owner's manifest in a field the manifest sets, and "
                 "the owning app auto-syncs with `selfHeal`: the live change will be reverted.",
      .rationale =
          "A hot fix applied with `kubectl edit` or `kubectl patch` (a semaphore limit raised from 10 "
          "to 14, say) looks done, and then Argo CD's self-heal puts git's value back within "
          "minutes. Only fields the manifest sets are compared (the cluster adds defaults and "
          "status), after normalising quantities (`1000m` = `1`), numbers against numeric strings "
          "and empty against absent; `ignoreDifferences` (`jsonPointers`, simple "
          "`jqPathExpressions`), the app's and argocd-cm's system-level "
          "`resource.customizations.ignoreDifferences`, is honoured, and `managedFieldsManagers` "
          "is named as not judged offline; kinds argocd-cm's `resource.exclusions` leaves out are "
          "never compared. Objects are compared only where the loaded checkout holds the app's live "
          "revision (see stale-checkout). Secret `data` and `stringData` are never compared or "
          "shown.",
      .hint = "Make the change in git, in the manifest named here; a live patch lasts only until the "
              "next self-heal. If the field must stay live-managed, add it to the app's "
              "ignoreDifferences.",
      .example = "# git: data: {inference-api-workflow-submitter: \"10\"}; live: \"14\";\n"
                 "# the owning app has syncPolicy.automated.selfHeal: true\n"
                 "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: user-semaphores\n  namespace: argo-workflows\n"
                 "data:\n  inference-api-workflow-submitter: \"10\"\n",
      .options = {},
      .needs_snapshot = true};
  return info;
}

void SelfHealRevertRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.argo) return;
  for (const ObjectDrift& drift : context.argo->drift) {
    const DesiredObject& d = *drift.desired;
    const Application& app = context.argo->apps[d.app];
    if (!app.automated || !app.self_heal) continue;
    std::string unjudged = drift.unjudged.empty() ? "" : " (not judged offline: ignoreDifferences " + join(drift.unjudged, ", ") + ")";
    for (const FieldDiff& diff : drift.diffs) {
      if (diff.kind == FieldDiff::Kind::LiveOnly) continue;  // self-heal leaves keys git does not set
      out.push_back(desired_finding(*this, context, d, diff.path,
                                    d.id.display() + ": " + describe_diff(diff) + "; " + describe_app(app) +
                                        " self-heals, so the live value will be reverted to git's" + unjudged));
      out.back().drift = field_values(diff);
    }
  }
}

RuleEntry self_heal_revert_rule() { return rule_entry<SelfHealRevertRule>(); }

}  // namespace driftlint
