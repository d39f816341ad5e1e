#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "plan/ownership.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// Sync waves on child Applications that cannot make a parent wait.
class AppWaveUngatedRule : public RuleBase<AppWaveUngatedRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& AppWaveUngatedRule::static_info() {
  static const RuleInfo info{
      .id = "app-wave-ungated",
      .default_severity = Severity::Warning,
      .summary = "An app-of-apps orders its child Applications with sync waves, but argocd-cm has no health "
                 "check for `argoproj.io/Application`: the waves do not wait for the child apps.",
      .rationale =
          "Argo CD moves to the next wave once the objects of the current one are healthy. Since Argo CD "
          "1.8 an Application object has no health assessment of its own, so it counts as healthy as soon "
          "as it is applied, and every wave of child apps starts at once; the documented fix is a "
          "`resource.customizations.health.argoproj.io_Application` entry in argocd-cm. The rule reads "
          "argocd-cm from the snapshot, else from the repos (as a file or rendered); when it is found "
          "nowhere, Argo CD's default is assumed and the message says so.",
      .hint = "Add the Application health check to argocd-cm "
              "(argo-cd.readthedocs.io/en/stable/operator-manual/health/#argocd-app), or stop relying on "
              "waves between child apps.",
      .example = "# argocd/apps.yaml, rendered by the app-of-apps 'root'\n"
                 "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: databases\n"
                 "  annotations:\n    argocd.argoproj.io/sync-wave: \"-1\"\n",
      .options = {}};
  return info;
}

void AppWaveUngatedRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.argo) return;
  const ArgoModel& argo = *context.argo;
  for (const UngatedWaves& u : ungated_app_waves(argo, context.load, context.snapshot)) {
    std::string cm = u.argocd_cm.empty() ? "argocd-cm is in neither the snapshot nor the repos, and Argo CD has no "
                                           "health check for Application by default"
                                         : "argocd-cm (" + u.argocd_cm + ") has no health check for Application";
    for (const DesiredObject* d : u.apps) {
      out.push_back(desired_finding(
          *this, context, *d, {{"metadata", false, {}}, {"annotations", false, {}}, {"argocd.argoproj.io/sync-wave", false, {}}},
          "Application " + quote_for_message(d->id.name) + " is ordered by a sync wave in " + describe_app(argo.apps[u.parent]) +
              ", but " + cm + ": the wave counts as healthy at once and does not wait for the child app"));
    }
  }
}

RuleEntry app_wave_ungated_rule() { return rule_entry<AppWaveUngatedRule>(); }

}  // namespace driftlint
