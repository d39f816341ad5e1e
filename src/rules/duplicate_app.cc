#include <map>
#include <set>
#include <tuple>

#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"

namespace driftlint {

// Two files define an Argo CD Application (or ApplicationSet) of the same
// name and namespace.
class DuplicateAppRule : public RuleBase<DuplicateAppRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& DuplicateAppRule::static_info() {
  static const RuleInfo info{
      .id = "duplicate-app",
      .default_severity = Severity::Warning,
      .summary = "Two files define an Argo CD Application (or ApplicationSet) of the same name and namespace: "
                 "Argo CD keeps whichever was applied last.",
      .rationale =
          "Argo CD knows one Application per name and namespace. When two files define it (a copy left "
          "behind after a move, the same app declared by two app-of-apps folders), each sync of a parent "
          "app overwrites the other copy, and the app flips between two specs; edits to the losing file "
          "reach no cluster. Copies in one file or one kustomization are `duplicate-resource`'s. Copies a "
          "kustomize build renders from one file (a base and its overlays) are one definition. When the "
          "Argo CD apps that deploy the two files send them to different clusters (each with its own Argo "
          "CD), they are not compared. driftlint counts the files both copies deploy as deployed "
          "(`not-deployed` stays quiet on them), since either may be the one Argo CD holds.",
      .hint = "Keep one definition and delete the other, or rename one of them if both apps are meant to exist.",
      .example = "# apps/inference.yaml, while legacy/apps/inference.yaml defines it too\n"
                 "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: inference\n"
                 "  namespace: argocd\n",
      .options = {}};
  return info;
}

namespace {

// Where a copy is defined: the file it comes from (for a rendered object,
// the resource file kustomize read it from, before any patch).
struct Definition {
  const Manifest* manifest = nullptr;
  uint32_t repo = 0;
  std::string path;
  uint32_t line = 0;
  bool operator<(const Definition& o) const { return std::tie(repo, path, line) < std::tie(o.repo, o.path, o.line); }
};

Definition definition_of(const LoadResult& load, const Manifest& m) {
  const LoadedFile& file = load.file_of(m);
  Definition d{&m, file.repo, file.path, m.root.position().line};
  if (m.rendered()) {
    // The resource a patch changed, not the patch: overlays of one base are one definition.
    std::optional<SourcePlace> origin = m.provenance->earlier(m.root);
    if (!origin) origin = m.provenance->origin(m.root);
    if (origin) {
      d.path = origin->path;
      d.line = origin->position.line;
    }
  }
  return d;
}

// The clusters the apps deploying a definition's file send it to; empty when
// no app is known to deploy it.
std::set<std::string> destinations(const LintContext& context, const Manifest& m) {
  std::set<std::string> out;
  if (!context.argo || m.file >= context.argo->file_apps.size()) return out;
  for (uint32_t a : context.argo->file_apps[m.file]) {
    const Application& app = context.argo->apps[a];
    std::string server = destination_server(app);
    out.insert(server.empty() ? "name:" + app.destination_name : server);
  }
  return out;
}

// Whether two copies go to different clusters (each with its own Argo CD).
bool on_different_clusters(const LintContext& context, const Definition& a, const Definition& b) {
  std::set<std::string> da = destinations(context, *a.manifest), db = destinations(context, *b.manifest);
  if (da.empty() || db.empty()) return false;
  for (const std::string& d : da) {
    if (db.count(d)) return false;
  }
  return true;
}

}  // namespace

void DuplicateAppRule::check(const LintContext& context, std::vector<Finding>& out) const {
  using Key = std::tuple<std::string, std::string, std::string>;  // kind, namespace, name
  std::map<Key, std::set<Definition>> copies;
  for (const Manifest* m : context.objects) {
    if (m->id.group != "argoproj.io" || (m->id.kind != "Application" && m->id.kind != "ApplicationSet")) continue;
    if (m->id.name.empty() || context.is_policy_test_input(*m)) continue;
    copies[{m->id.kind, m->id.ns, m->id.name}].insert(definition_of(context.load, *m));
  }
  for (const auto& [key, set] : copies) {
    const Definition* first = nullptr;
    for (const Definition& d : set) {
      if (!first) {
        first = &d;
        continue;
      }
      if (d.repo == first->repo && d.path == first->path) continue;  // one file: duplicate-resource's
      if (on_different_clusters(context, *first, d)) continue;
      const Manifest& m = *d.manifest;
      std::string ns = m.id.ns.empty() ? "" : " in namespace " + quote_for_message(m.id.ns);
      out.push_back(finding_at(context, m, m.root.path({"metadata", "name"}),
                               m.id.kind + " " + quote_for_message(m.id.name) + ns + " is defined in " +
                                   context.load.repo_name(d.repo) + "/" + d.path + " and in " +
                                   context.load.repo_name(first->repo) + "/" + format_place(first->path, {first->line, 0}) +
                                   ": Argo CD keeps whichever copy was applied last, so edits to the other reach no cluster"));
    }
  }
}

RuleEntry duplicate_app_rule() { return rule_entry<DuplicateAppRule>(); }

}  // namespace driftlint
