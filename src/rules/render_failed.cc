#include <algorithm>
#include <iterator>
#include <map>
#include <tuple>

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

namespace {

std::string describe_build(const LintContext& context, const RenderOutput* build) {
  bool chart = build->anchor_path.size() >= 10 && build->anchor_path.rfind("Chart.yaml") == build->anchor_path.size() - 10;
  return std::string(chart ? "helm template of " : "kustomize build of ") + context.load.repo_name(build->repo) + "/" +
         (build->folder.empty() ? "." : build->folder);
}

// One finding per cause: the builds that fail alike at one place (a missing
// file that 13 overlays include) are named in it, not reported 13 times.
Finding cause_finding(const Rule& rule, const LintContext& context, const std::vector<const RenderOutput*>& builds) {
  std::vector<std::string> apps;
  for (const RenderOutput* b : builds) {
    for (std::string& a : apps_building(context, b)) apps.push_back(std::move(a));
  }
  std::sort(apps.begin(), apps.end());
  apps.erase(std::unique(apps.begin(), apps.end()), apps.end());
  std::string for_apps = apps.empty() ? "" : " (app" + std::string(apps.size() == 1 ? " " : "s ") + join(apps, ", ") + ")";
  const RenderOutput* first = builds.front();
  std::string message;
  if (builds.size() == 1) {
    message = describe_build(context, first) + " fails" + for_apps + ": " + first->message;
  } else {
    std::vector<std::string> named;
    for (size_t i = 0; i < builds.size() && i < 3; ++i) named.push_back(describe_build(context, builds[i]));
    message = first->message + ": " + std::to_string(builds.size()) + " builds fail" + for_apps + " (" + join(named, "; ") +
              (builds.size() > 3 ? " and " + std::to_string(builds.size() - 3) + " more" : "") + ")";
  }
  Finding f = rule.finding_in_repo(context, first->repo, first->anchor_path, message);
  f.line = first->anchor_position.line ? first->anchor_position.line : 1;
  f.column = first->anchor_position.line ? first->anchor_position.column : 1;
  f.apps = apps;
  return f;
}

}  // namespace

void RenderFailedRule::check(const LintContext& context, std::vector<Finding>& out) const {
  report_application_sets(*this, context, out);
  report_refused_sources(*this, context, out);
  if (!context.renders) return;
  using Cause = std::tuple<uint32_t, std::string, uint32_t, uint32_t, std::string>;
  std::map<Cause, std::vector<const RenderOutput*>> causes;
  for (const RenderOutput* build : context.renders->outputs) {
    if (build->status != RenderOutput::Status::Failed) continue;
    causes[{build->repo, build->anchor_path, build->anchor_position.line, build->anchor_position.column, build->message}]
        .push_back(build);
  }
  for (auto& [cause, builds] : causes) {
    // A kustomization built only because one that includes it failed is
    // named when it fails for a cause of its own, never counted again.
    std::vector<const RenderOutput*> real;
    std::copy_if(builds.begin(), builds.end(), std::back_inserter(real),
                 [&](const RenderOutput* b) { return !context.renders->partial.count(b); });
    out.push_back(cause_finding(*this, context, real.empty() ? builds : real));
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
