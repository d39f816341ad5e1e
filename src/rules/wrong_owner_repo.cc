#include <re2/re2.h>

#include "argocd/model.h"
#include "base/strings.h"
#include "git/url.h"
#include "lint/rule.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// A manifest defines an object that another repo's Argo CD app owns.
class WrongOwnerRepoRule : public RuleBase<WrongOwnerRepoRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& WrongOwnerRepoRule::static_info() {
  static const RuleInfo info{
      .id = "wrong-owner-repo",
      .default_severity = Severity::Error,
      .summary = "A manifest defines an object that the live cluster or the `ownership` configuration "
                 "attributes to an Argo CD app sourced from another repo: editing this copy changes "
                 "nothing.",
      .rationale =
          "When two repos hold a manifest for the same object, only the copy the owning app syncs "
          "reaches the cluster; an edit to the other copy is silently dead, and where the owner "
          "self-heals, a hand-applied copy is reverted. The owner of a live object comes from "
          "argocd-cm's `application.resourceTrackingMethod`: its `argocd.argoproj.io/tracking-id` "
          "annotation when it names the object (the default since Argo CD 3.0, and with "
          "`annotation+label`), or with `label` its `application.instanceLabelKey` label (when an "
          "app of that name exists: Helm charts set `app.kubernetes.io/instance` to their release "
          "name); else an app's `status.resources`. The app's repos are "
          "matched to the loaded repos by URL identity. Declared owners in the configuration "
          "(`ownership: [{repo, kind, namespace, name}]`, name as RE2) are checked without a "
          "snapshot.",
      .hint = "Make the change in the owning app's repo and path named in the message, or move the "
              "object's ownership deliberately (remove it from one app before adding it to the other).",
      .example = "# infra_k8s/argo-workflows/semaphores.yaml, while the live ConfigMap carries\n"
                 "# argocd.argoproj.io/tracking-id: user-scheduling:/ConfigMap:argo-workflows/user-semaphores\n"
                 "# and app user-scheduling is sourced from infra_iam\n"
                 "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: user-semaphores\n  namespace: argo-workflows\n",
      .options = {}};
  return info;
}

namespace {

// The object's key as the cluster would hold it: its namespace, else the
// destination namespace of an app that deploys its file.
std::optional<std::string> effective_key(const ArgoModel& argo, const Manifest& m) {
  if (m.id.name.empty()) return std::nullopt;
  if (!m.id.ns.empty() || argo.cluster_scoped(m.id.group, m.id.kind)) return object_key(m.id);
  for (uint32_t a : argo.file_apps[m.file]) {
    const std::string& ns = argo.apps[a].destination_namespace;
    if (!ns.empty()) return object_key(m.id.group, m.id.kind, ns, m.id.name);
  }
  return std::nullopt;
}

}  // namespace

void WrongOwnerRepoRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.argo) return;
  const ArgoModel& argo = *context.argo;
  struct Declared {
    const OwnershipEntry* entry;
    std::unique_ptr<RE2> name;
  };
  std::vector<Declared> declared;
  for (const OwnershipEntry& e : context.config.ownership) {
    RE2::Options options;
    options.set_log_errors(false);
    auto re = std::make_unique<RE2>(e.name_regex.empty() ? ".*" : e.name_regex, options);
    if (re->ok()) declared.push_back({&e, std::move(re)});  // the config loader rejects bad patterns
  }
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    uint32_t repo = context.load.file_of(m).repo;
    const std::string& repo_name = context.load.repo_name(repo);
    const std::string& identity = argo.repo_identity[repo];
    // Looked up only for a finding: most objects have none.
    auto at = [&m] {
      yaml::Node key = m.root.get("metadata").key_node("name");
      return key.valid() ? key : m.root.path({"metadata", "name"});
    };

    // What the cluster says.
    bool reported = false;
    if (context.snapshot) {
      std::optional<std::string> key = effective_key(argo, m);
      const Manifest* live = key ? context.snapshot->find(*key) : nullptr;
      std::optional<LiveOwner> owner = live ? argo.owner_of(*live) : std::nullopt;
      const Application* app = owner ? argo.find_app(owner->app) : nullptr;
      if (app && !app->sources.empty()) {
        bool from_here = false, judged = false;
        for (size_t s = 0; s < app->sources.size(); ++s) {
          int source_repo = app->sources[s].bound.repo;
          if (source_repo == static_cast<int>(repo)) from_here = true;
          // Judged only against a source that names a repo (a loaded one, or by URL).
          if (source_repo >= 0 || (!identity.empty() && !app->sources[s].repo_url.empty())) judged = true;
          if (!identity.empty() && same_git_repo(app->sources[s].repo_url, *context.load.repos[repo].url)) from_here = true;
        }
        if (judged && !from_here) {
          out.push_back(finding_at(
              context, m, at(),
              m.id.display() + " is managed by " + describe_app(*app) + " (by its " + owner->how +
                  "), sourced from " + argo.describe_sources(*app, context.load) + ", not from " + repo_name +
                  ": editing this copy changes nothing" +
                  (app->automated && app->self_heal ? ", and applying it by hand is reverted by self-heal" : "")));
          reported = true;
        }
      }
    }
    if (reported) continue;

    // What the configuration declares.
    for (const Declared& d : declared) {
      const OwnershipEntry& e = *d.entry;
      if (!e.kind.empty() && e.kind != m.id.kind) continue;
      if (!e.ns.empty() && e.ns != m.id.ns) continue;
      if (!RE2::FullMatch(m.id.name, *d.name)) continue;
      if (e.repo == repo_name) break;  // the first matching entry decides
      out.push_back(finding_at(context, m, at(),
                               m.id.display() + " is owned by repo " + e.repo + " (ownership at " + e.origin +
                                   "), not by " + repo_name + ": editing this copy changes nothing"));
      break;
    }
  }
}

RuleEntry wrong_owner_repo_rule() { return rule_entry<WrongOwnerRepoRule>(); }

}  // namespace driftlint
