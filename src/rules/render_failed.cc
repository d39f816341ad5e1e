#include <algorithm>

#include "argocd/model.h"
#include "base/strings.h"
#include "lint/rule.h"
#include "rules/argocd_findings.h"

namespace driftlint {

// A kustomization, Helm chart or ApplicationSet that Argo CD would fail to render.
class RenderFailedRule : public RuleBase<RenderFailedRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& RenderFailedRule::static_info() {
  static const RuleInfo info{
      .id = "render-failed",
      .default_severity = Severity::Error,
      .summary = "A kustomization or Helm chart does not build (`kustomize build` or `helm template` "
                 "refuses it, as Argo CD's repo server would), or an ApplicationSet does not generate (its "
                 "controller would refuse it).",
      .rationale =
          "driftlint judges what is applied: it renders every kustomize and Helm source of an Argo "
          "CD app (with the app's `kustomize:` or `helm:` options) and every kustomization no other "
          "one includes, on a private copy of the files it reads, at the work tree or at a git "
          "revision alike. A build that fails there fails in Argo CD too: the app cannot sync "
          "(`ComparisonError`), and nothing of it reaches the cluster until the build is fixed. "
          "The finding quotes the tool's own message (its first line) and names the apps that "
          "build it. A build driftlint does not run (a remote base, no kustomize or helm installed, "
          "chart dependencies not vendored) is a note, never this finding. ApplicationSets are "
          "expanded offline as their controller expands them; what the controller refuses (a list "
          "element that is not an object, a git file that does not parse, a matrix without two "
          "generators, a template that does not render, two apps of one name) is reported at the "
          "set, while what driftlint cannot do offline (SCM providers, pull requests, plugins) is a "
          "note.",
      .hint = "Run `kubectl kustomize <folder>` (or `helm template <chart>`) locally, fix what it "
              "names, and commit the fix with the change that broke it.",
      .example = "# overlays/prod/kustomization.yaml\nresources:\n- ../../base\npatches:\n"
                 "- path: replicas.yaml   # the file was renamed\n",
      .options = {}};
  return info;
}

namespace {

std::vector<std::string> apps_building(const LintContext& context, const RenderOutput* out) {
  std::vector<std::string> apps;
  if (!context.argo) return apps;
  for (const SourceRender& r : context.argo->renders) {
    if (r.output == out) apps.push_back(context.argo->apps[r.app].name);
  }
  std::sort(apps.begin(), apps.end());
  apps.erase(std::unique(apps.begin(), apps.end()), apps.end());
  return apps;
}

}  // namespace

void report_application_sets(const Rule& rule, const LintContext& context, std::vector<Finding>& out);

// Sources Argo CD refuses because a path they name leaves the repo.
void report_refused_sources(const Rule& rule, const LintContext& context, std::vector<Finding>& out) {
  if (!context.argo) return;
  for (const Application& app : context.argo->apps) {
    for (size_t s = 0; s < app.sources.size(); ++s) {
      const BoundSource& bound = app.sources[s].bound;
      if (bound.refused.empty()) continue;
      out.push_back(app_source_node_finding(rule, context, app, s, bound.refused_node,
                                            describe_app(app) + " does not render: " + bound.refused +
                                                " (Argo CD refuses it; driftlint reads nothing outside a repo)"));
    }
  }
}

void RenderFailedRule::check(const LintContext& context, std::vector<Finding>& out) const {
  report_application_sets(*this, context, out);
  report_refused_sources(*this, context, out);
  if (!context.renders) return;
  for (const RenderOutput* build : context.renders->outputs) {
    if (build->status != RenderOutput::Status::Failed) continue;
    std::vector<std::string> apps = apps_building(context, build);
    std::string what = build->anchor_path.size() >= 10 && build->anchor_path.rfind("Chart.yaml") == build->anchor_path.size() - 10
                           ? "helm template of "
                           : "kustomize build of ";
    std::string folder = build->folder.empty() ? "." : build->folder;
    std::string for_apps = apps.empty() ? "" : " (app" + std::string(apps.size() == 1 ? " " : "s ") + join(apps, ", ") + ")";
    Finding f = finding_in_repo(context, build->repo, build->anchor_path,
                                what + context.load.repo_name(build->repo) + "/" + folder + " fails" + for_apps + ": " +
                                    build->message);
    f.line = build->anchor_position.line ? build->anchor_position.line : 1;
    f.column = build->anchor_position.line ? build->anchor_position.column : 1;
    f.apps = apps;
    out.push_back(std::move(f));
  }
}

void report_application_sets(const Rule& rule, const LintContext& context, std::vector<Finding>& out) {
  if (!context.argo) return;
  for (const ArgoModel::AppSetError& e : context.argo->appset_errors) {
    const Manifest& set = *e.set;
    bool in_repos = &set >= context.load.manifests.data() && &set < context.load.manifests.data() + context.load.manifests.size();
    if (!in_repos) continue;  // a live set from the snapshot: no file to point at
    out.push_back(rule.finding_at(context, set, set.root.get("metadata").key_node("name"), e.message));
  }
}

RuleEntry render_failed_rule() { return rule_entry<RenderFailedRule>(); }

}  // namespace driftlint
