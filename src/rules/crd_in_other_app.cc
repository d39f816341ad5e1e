#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "plan/ownership.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// A custom resource whose CRD only another app deploys.
class CrdInOtherAppRule : public RuleBase<CrdInOtherAppRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& CrdInOtherAppRule::static_info() {
  static const RuleInfo info{
      .id = "crd-in-other-app",
      .default_severity = Severity::Warning,
      .summary = "An Argo CD app deploys a custom resource whose CRD only another app deploys, without "
                 "`SkipDryRunOnMissingResource=true`: on a cluster without the CRD its sync fails.",
      .rationale =
          "Argo CD dry-runs every object before a sync. Within one app a CRD is applied before its custom "
          "resources whatever their waves (gitops-engine moves it ahead and skips the resources' dry run), "
          "but a CRD another app deploys is not part of this sync: on a new cluster, or before that app has "
          "synced, the dry run fails with `the server could not find the requested resource` and nothing "
          "of this app is applied. Waves on the two child Applications do not help unless argocd-cm "
          "restores Application health (see app-wave-ungated).",
      .hint = "Deploy the CRD in the same app, or add `SkipDryRunOnMissingResource=true` to the resource (or "
              "the app's syncOptions) together with a `syncPolicy.retry`, so the sync waits for the CRD.",
      .example = "# app 'monitoring-rules' deploys this; the PrometheusRule CRD is in app 'prometheus-crds'\n"
                 "apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule\nmetadata:\n  name: gpu-alerts\n",
      .options = {}};
  return info;
}

void CrdInOtherAppRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.argo) return;
  const ArgoModel& argo = *context.argo;
  for (const CrdInOtherApp& c : crds_in_other_apps(argo)) {
    out.push_back(desired_finding(*this, context, *c.resource, {{"kind", false, {}}},
                                  c.resource->id.display() + " (" + describe_app(argo.apps[c.resource->app]) +
                                      ") needs " + c.crd->id.display() + ", which only " +
                                      describe_app(argo.apps[c.crd->app]) +
                                      " deploys: where that CRD is not installed yet, this app's sync fails its dry run"));
  }
}

RuleEntry crd_in_other_app_rule() { return rule_entry<CrdInOtherAppRule>(); }

}  // namespace driftlint
