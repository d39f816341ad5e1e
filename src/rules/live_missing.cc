#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// A manifest an app deploys has no live object.
class LiveMissingRule : public RuleBase<LiveMissingRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& LiveMissingRule::static_info() {
  static const RuleInfo info{
      .id = "live-missing",
      .default_severity = Severity::Warning,
      .summary = "A manifest that a live Argo CD app deploys has no live object, while the snapshot "
                 "holds objects of that kind.",
      .rationale =
          "An object in git that is not in the cluster is a failed or pending sync, a manual "
          "delete, or a manifest the app does not really pick up (wrong path, include/exclude, "
          "namespace): what readers of git believe runs does not. The rule fires only for apps "
          "present in the snapshot, for kinds the snapshot captured (so a kind that was simply not "
          "exported is not reported as missing), and where the checkout holds the app's live "
          "revision. Hooks (`argocd.argoproj.io/hook`) are never expected live, nor are kinds "
          "Argo CD excludes (argocd-cm's `resource.exclusions`/`inclusions`, with Argo CD 3's "
          "defaults when no argocd-cm is found: Endpoints, EndpointSlices, Leases, "
          "CertificateSigningRequests, policy reports and the like).",
      .hint = "Check the app's sync status and events (`argocd app get APP`); sync it, or fix the "
              "path, namespace or include/exclude that keeps the manifest out.",
      .example = "# deployed by a live app; the snapshot has ConfigMaps, but not this one\n"
                 "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: gpu-limits\n  namespace: research\n",
      .options = {},
      .needs_snapshot = true};
  return info;
}

void LiveMissingRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.argo || !context.snapshot) return;
  const ArgoModel& argo = *context.argo;
  for (const DesiredObject& d : argo.desired) {
    const Application& app = argo.apps[d.app];
    if (!app.live || !app.sources[d.source].bound.revision.comparable()) continue;
    if (d.id.name.empty() || !context.snapshot->has_kind(d.id.group, d.id.kind)) continue;
    if (d.object.path({"metadata", "annotations"}).get("argocd.argoproj.io/hook").valid()) continue;
    if (argo.excluded(d)) continue;  // resource.exclusions: Argo CD never applies it
    if (context.snapshot->find(d.key)) continue;
    std::string where = d.id.ns.empty() ? std::string() : " in namespace " + quote_for_message(d.id.ns);
    out.push_back(desired_finding(*this, context, d, {},
                                  d.id.display() + " is deployed by " + describe_app(app) + " (sync status " +
                                      (app.sync_status.empty() ? std::string("unknown") : app.sync_status) +
                                      ") but the cluster has no " + d.id.kind + " " + quote_for_message(d.id.name) + where));
  }
}

RuleEntry live_missing_rule() { return rule_entry<LiveMissingRule>(); }

}  // namespace driftlint
