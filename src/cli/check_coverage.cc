// What the check rendered and judged, per app and in all (report/coverage.h).
#include <algorithm>
#include <map>
#include <set>

#include "cli/check_pipeline.h"
#include "fs/repo_path.h"
#include "git/url.h"

namespace driftlint::cli {

namespace {

// Worse states win when an app has several sources.
int weight(Coverage::AppState s) {
  switch (s) {
    case Coverage::AppState::Files:
      return 0;
    case Coverage::AppState::Rendered:
      return 1;
    case Coverage::AppState::NotLoaded:
      return 2;
    case Coverage::AppState::NotRendered:
      return 3;
    case Coverage::AppState::Failed:
      return 4;
  }
  return 0;
}

struct SourceState {
  Coverage::AppState state;
  std::string why;
};

SourceState source_state(const AppSource& source, const RenderOutput* output) {
  using S = Coverage::AppState;
  if (!source.bound.refused.empty()) return {S::Failed, source.bound.refused};
  if (source.has_chart && !source.path && !output) {
    return {S::NotRendered, "a chart from " + redact_url(source.repo_url) +
                                ", for an app only the snapshot holds: its objects would have no place to be reported"};
  }
  if (source.has_plugin) return {S::NotRendered, "a config management plugin, which driftlint does not run"};
  if (source.bound.repo < 0 && !(source.has_chart && output)) {
    return {S::NotLoaded, "its repo " + redact_url(source.repo_url) + " is not among the repos checked"};
  }
  if (!output) return {S::Files, ""};
  switch (output->status) {
    case RenderOutput::Status::Rendered:
      return {S::Rendered, ""};
    case RenderOutput::Status::Failed:
      return {S::Failed, output->message};
    case RenderOutput::Status::NotRendered:
      return {S::NotRendered, output->message};
  }
  return {S::Files, ""};
}

}  // namespace

Coverage coverage_of(const CheckModel& model) {
  Coverage c;
  std::map<std::pair<uint32_t, uint32_t>, const RenderOutput*> outputs;
  for (const SourceRender& r : model.argo.renders) outputs[{r.app, r.source}] = r.output;
  for (uint32_t a = 0; a < model.argo.apps.size(); ++a) {
    const Application& app = model.argo.apps[a];
    Coverage::App out{app.name, Coverage::AppState::Files, ""};
    for (uint32_t s = 0; s < app.sources.size(); ++s) {
      const AppSource& source = app.sources[s];
      if (source.ref && !source.path && !source.has_chart) continue;  // supplies value files only
      auto it = outputs.find({a, s});
      SourceState state = source_state(source, it == outputs.end() ? nullptr : it->second);
      if (state.state == Coverage::AppState::Files && model.argo.jsonnet_sources.count({a, s})) {
        state = {Coverage::AppState::NotRendered, "its folder holds .jsonnet files, which driftlint does not evaluate"};
      }
      if (weight(state.state) > weight(out.state)) out = {app.name, state.state, state.why};
    }
    c.apps.push_back(std::move(out));
  }
  for (const ArgoModel::AppSetSummary& s : model.argo.application_set_summaries) {
    c.application_sets.push_back(
        {s.name, s.generators, s.generators_expanded, s.apps, s.clusters_matched, s.clusters, s.complete});
  }
  for (const RenderOutput* o : model.renders.outputs) {
    if (o->status == RenderOutput::Status::Rendered) ++c.builds_rendered;
    if (o->status == RenderOutput::Status::Failed) ++c.builds_failed;
    if (o->status == RenderOutput::Status::NotRendered) ++c.builds_not_rendered;
    c.builds_from_cache += o->from_cache;
    for (const std::string& path : o->rendered() ? o->files : std::set<std::string>{}) {
      // The chart and those it holds or links (charts/, file:// dependencies): their templates/ were rendered.
      if (basename_of(path) == "Chart.yaml") c.rendered_charts.insert({o->repo, parent_of(path)});
    }
  }
  for (const Manifest* m : model.applied) (m->rendered() ? c.objects_rendered : c.objects_as_files)++;
  return c;
}

}  // namespace driftlint::cli
