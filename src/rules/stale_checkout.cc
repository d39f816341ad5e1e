#include <algorithm>
#include <map>
#include <set>

#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// A repo's checked commit is behind the revision an Argo CD app sourced from it has live.
class StaleCheckoutRule : public RuleBase<StaleCheckoutRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& StaleCheckoutRule::static_info() {
  static const RuleInfo info{
      .id = "stale-checkout",
      .default_severity = Severity::Error,
      .summary = "A repo's checked commit is behind the revision an Argo CD app sourced from it has "
                 "live; an error when it is behind or the live commit is not fetched, a warning when "
                 "the histories diverged.",
      .rationale =
          "Reading or editing a stale checkout means reading values the cluster no longer runs: an "
          "audit of a GPU cluster reported an old image and old per-user quotas because the local "
          "checkout lagged the revision Argo CD had synced. driftlint compares each repo's checked "
          "commit with `status.sync.revision(s)` (else `status.operationState.syncResult.revision(s)`) "
          "of every live Application whose `repoURL` is that repo (by URL identity), and names the "
          "files under the app's path that changed in between. No finding when the checked commit "
          "contains the live one (a branch ahead of live is how changes start). Needs `--snapshot` "
          "with the Applications.",
      .hint = "Fetch and check out the live revision (`git fetch` then `git checkout` the branch the "
              "app tracks) before reading or editing; the files listed changed since your checkout.",
      .example = "# live (snapshot): an Application whose status.sync.revision is a commit\n"
                 "# that the checkout of its repoURL does not contain yet\n"
                 "status:\n  sync:\n    status: Synced\n    revision: 4f1c2a...\n",
      .options = {},
      .needs_snapshot = true};
  return info;
}

void StaleCheckoutRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.argo) return;
  const ArgoModel& argo = *context.argo;
  // One finding per checkout and live revision, naming every app that has it live.
  struct Group {
    const SourceRevision* revision = nullptr;
    std::vector<const Application*> apps;
    std::set<std::string> changed;
    const Manifest* application_here = nullptr;  // an Application of the group defined in this repo
  };
  std::map<std::pair<int, std::string>, Group> groups;
  for (size_t a = 0; a < argo.apps.size(); ++a) {
    const Application& app = argo.apps[a];
    for (size_t s = 0; s < app.sources.size(); ++s) {
      const SourceRevision& rev = app.sources[s].bound.revision;
      int repo = app.sources[s].bound.repo;
      if (repo < 0 || (rev.state != RevisionState::Behind && rev.state != RevisionState::NotFetched &&
                       rev.state != RevisionState::Diverged)) {
        continue;
      }
      Group& g = groups[{repo, rev.live}];
      g.revision = &rev;
      if (std::find(g.apps.begin(), g.apps.end(), &app) == g.apps.end()) g.apps.push_back(&app);
      g.changed.insert(rev.changed.begin(), rev.changed.end());
      if (!g.application_here && in_repos(context, app.repo_manifest) &&
          context.load.file_of(*app.repo_manifest).repo == static_cast<uint32_t>(repo)) {
        g.application_here = app.repo_manifest;
      }
    }
  }
  for (const auto& [key, g] : groups) {
    const SourceRevision& rev = *g.revision;
    uint32_t repo = static_cast<uint32_t>(key.first);
    const std::string& repo_name = context.load.repo_name(repo);
    std::vector<std::string> names;
    for (const Application* app : g.apps) names.push_back(quote_for_message(app->name));
    std::string apps = (names.size() == 1 ? "app " : "apps ") + join(names, ", ");
    std::string live = rev.live.substr(0, 12), checked = rev.checked.substr(0, 12);
    std::string changed;
    if (!g.changed.empty()) {
      std::vector<std::string> shown;
      for (const std::string& p : g.changed) {
        if (shown.size() == 5) break;
        shown.push_back(p);
      }
      changed = "; changed since under the apps' paths: " + join(shown, ", ") +
                (g.changed.size() > shown.size() ? " and " + std::to_string(g.changed.size() - shown.size()) + " more" : "");
    } else if (rev.state != RevisionState::NotFetched) {
      changed = "; nothing under the apps' paths changed in between";
    }
    std::string message;
    Severity severity = Severity::Error;
    if (rev.state == RevisionState::Behind) {
      message = repo_name + " is checked out at " + checked + ", " + std::to_string(rev.behind) + " commit" +
                (rev.behind == 1 ? "" : "s") + " behind " + live + ", which " + apps + " " +
                (names.size() == 1 ? "has" : "have") + " live" + changed;
    } else if (rev.state == RevisionState::NotFetched) {
      message = apps + " " + (names.size() == 1 ? "has " : "have ") + live + " live, a commit the local " + repo_name +
                " does not have: fetch first (checked out: " + checked + ")";
    } else {
      severity = Severity::Warning;
      message = repo_name + " at " + checked + " has diverged from " + live + ", which " + apps + " " +
                (names.size() == 1 ? "has" : "have") + " live: " + std::to_string(rev.ahead) + " commit" +
                (rev.ahead == 1 ? "" : "s") + " only here, " + std::to_string(rev.behind) + " only live" + changed;
    }
    Finding f;
    if (g.application_here) {
      yaml::Node spec = g.application_here->root.get("spec");
      yaml::Node source = spec.get("source").valid() ? spec.get("source") : spec.get("sources").element(0);
      yaml::Node at = source.key_node("targetRevision");
      f = finding_at(context, *g.application_here, at.valid() ? at : source, std::move(message));
    } else {
      // The checkout is what is stale: report it on that repo.
      f = finding_in_repo(context, repo, std::nullopt, std::move(message));
    }
    f.severity = severity;
    out.push_back(std::move(f));
  }
}

RuleEntry stale_checkout_rule() { return rule_entry<StaleCheckoutRule>(); }

}  // namespace driftlint
