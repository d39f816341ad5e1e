#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// A live object differs from git and nothing will revert it.
class LiveDriftRule : public RuleBase<LiveDriftRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& LiveDriftRule::static_info() {
  static const RuleInfo info{
      .id = "live-drift",
      .default_severity = Severity::Warning,
      .summary = "A live object differs from its app's manifest in a field the manifest sets, and "
                 "nothing will revert it (the app does not self-heal): the cluster is out of sync "
                 "with git.",
      .rationale =
          "Without self-heal a live edit stays until the next sync, which then silently undoes it "
          "(or, with auto-sync off, until somebody syncs by hand). Either git or the cluster is "
          "wrong, and readers of git are misled meanwhile. The comparison is the one "
          "self-heal-revert makes. With `--strict-drift`, keys that only the live object has (which "
          "a sync leaves in place) are reported as notices too.",
      .hint = "Bring git and the cluster together: commit the live value to git, or sync the app to "
              "restore git's value.",
      .example = "# git: spec.replicas: 2; live: 5; the owning app has no selfHeal\n"
                 "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: inference-api\n"
                 "  namespace: inference\nspec:\n  replicas: 2\n",
      .options = {},
      .needs_snapshot = true};
  return info;
}

void LiveDriftRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.argo) return;
  for (const ObjectDrift& drift : context.argo->drift) {
    const DesiredObject& d = *drift.desired;
    const Application& app = context.argo->apps[d.app];
    bool self_heals = app.automated && app.self_heal;
    std::string unjudged = drift.unjudged.empty() ? "" : " (not judged offline: ignoreDifferences " + join(drift.unjudged, ", ") + ")";
    for (const FieldDiff& diff : drift.diffs) {
      bool live_only = diff.kind == FieldDiff::Kind::LiveOnly;
      if (self_heals && !live_only) continue;  // self-heal-revert reports those
      std::string why = live_only ? "only the live object sets it (a sync leaves it)"
                        : app.automated ? describe_app(app) + " auto-syncs without selfHeal: the next sync from a new commit reverts it"
                                        : describe_app(app) + " does not auto-sync: the cluster stays out of sync with git";
      Finding f = desired_finding(*this, context, d, diff.path, d.id.display() + ": " + describe_diff(diff) + "; " + why + unjudged);
      if (live_only) f.severity = Severity::Notice;
      f.drift = field_values(diff);
      out.push_back(std::move(f));
    }
  }
}

RuleEntry live_drift_rule() { return rule_entry<LiveDriftRule>(); }

}  // namespace driftlint
