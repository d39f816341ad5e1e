// What an app renders, and whether driftlint rendered all of it: an app
// with a source it could not read or build is not planned (its prunes would
// be guesses).
#include <algorithm>

#include "plan/sides.h"

namespace driftlint {

std::vector<AppObjects> objects_by_app(const ArgoModel& model) {
  std::vector<AppObjects> all(model.apps.size());
  for (const DesiredObject& d : model.desired) {
    AppObjects& out = all[d.app];
    ObjectOptions o = read_object_options(d.object);
    if (o.skipped()) {
      ++out.skipped;
    } else if (o.is_hook()) {
      out.hooks.push_back(&d);  // may have only a generateName: a new name each sync
    } else if (!d.id.name.empty()) {
      out.applied.push_back(&d);
    }
  }
  return all;
}

namespace {

bool has_jsonnet(const RepoInput& repo, const std::string& folder, bool recurse) {
  std::optional<std::vector<std::string>> files = repo.tree->files_under(folder, 5000);
  size_t prefix = folder.empty() ? 0 : folder.size() + 1;
  return files && std::any_of(files->begin(), files->end(), [&](const std::string& p) {
           return p.size() > 8 && p.compare(p.size() - 8, 8, ".jsonnet") == 0 &&
                  (recurse || p.substr(prefix).find('/') == std::string::npos);
         });
}

std::string render_problem(const ArgoModel& model, uint32_t app, uint32_t source) {
  for (const SourceRender& r : model.renders) {
    if (r.app != app || r.source != source || !r.output) continue;
    if (r.output->status == RenderOutput::Status::Failed) return "does not build: " + r.output->message;
    if (!r.output->rendered()) return "was not rendered: " + r.output->message;
    return "";
  }
  return "";
}

std::string source_problem(const ArgoModel& model, const LoadResult& load, uint32_t app, uint32_t s) {
  const AppSource& source = model.apps[app].sources[s];
  if (source.ref && !source.path && !source.has_chart) return "";  // supplies value files only
  const BoundSource& b = source.bound;
  std::string name = source.repo_url.empty() ? std::string("source ") + std::to_string(s + 1) : source.repo_url;
  if (!b.refused.empty()) return "Argo CD refuses to render " + name + ": " + b.refused;
  if (source.has_chart && !source.path) {
    std::string render = render_problem(model, app, s);  // fetched when --allow-network names its host
    if (render.empty() && std::none_of(model.renders.begin(), model.renders.end(),
                                       [&](const SourceRender& r) { return r.app == app && r.source == s; })) {
      return name + " is a chart from a Helm repository, for an app only the snapshot holds: not rendered";
    }
    return render.empty() ? "" : "its chart " + render;
  }
  if (b.repo < 0) return name + " is not a loaded repo";
  if (!b.folder) return name + ": its path lies outside the loaded folder";
  const RepoInput& repo = load.repos[static_cast<size_t>(b.repo)];
  if (!repo.tree->has_directory(*b.folder)) {
    return "path " + (b.folder->empty() ? std::string(".") : *b.folder) + " does not exist in " + repo.name +
           ": Argo CD cannot generate its manifests, and nothing syncs";
  }
  if (source.has_plugin) return name + " uses a config management plugin, which driftlint does not run";
  std::string render = render_problem(model, app, s);
  if (!render.empty()) return repo.name + "/" + *b.folder + " " + render;
  bool rendered = std::any_of(model.renders.begin(), model.renders.end(),
                              [&](const SourceRender& r) { return r.app == app && r.source == s; });
  if (!rendered && has_jsonnet(repo, *b.folder, source.recurse)) {
    return repo.name + "/" + *b.folder + " holds .jsonnet files, which driftlint does not evaluate";
  }
  return "";
}

}  // namespace

std::string unrendered_reason(const ArgoModel& model, const LoadResult& load, uint32_t app) {
  if (model.apps[app].sources.empty()) return "the app has no source";
  for (uint32_t s = 0; s < model.apps[app].sources.size(); ++s) {
    std::string problem = source_problem(model, load, app, s);
    if (!problem.empty()) return problem;
  }
  return "";
}

}  // namespace driftlint
