// The model stage of `driftlint check`: Argo CD's view of the repos and the
// cluster, built with Argo CD's own config (argocd-cm), and what is applied.
// The config is chosen twice: first among the snapshot and the repos' files,
// then among what the model sees once built (what apps deploy, what builds
// render); when that second choice builds kustomizations differently, the
// model is built again with it.
#include <algorithm>
#include <map>

#include "argocd/argocd_config_sources.h"
#include "cli/check_pipeline.h"
#include "git/clone_cache.h"

namespace driftlint::cli {

namespace {

std::unique_ptr<Renderer> renderer_for(const CheckOptions& o, const LoadResult& load, unsigned jobs) {
  ToolRendererOptions r;
  r.render = !o.no_render;
  r.timeout = std::chrono::seconds(o.render_timeout);
  r.max_memory_bytes = o.render_memory_mib << 20;
  r.budget = o.render_budget_clock;
  r.jobs = jobs;
  r.max_file_size = o.max_file_bytes();
  r.progress = o.progress_meter;
  if (!o.no_cache) r.cache_dir = o.cache_dir.empty() ? default_cache_dir() : o.cache_dir;
  return std::make_unique<ToolRenderer>(load, r);
}

// Root kustomizations are built too (those an app builds are served again
// from the renderer), with Argo CD's build options; then what is applied.
void render_the_rest(const LoadResult& load, const ArgoCdConfig& config, CheckModel& model) {
  LoadIndex index(load);
  std::vector<const RenderOutput*> by_apps;
  for (const SourceRender& r : model.argo.renders) by_apps.push_back(r.output);
  add_outputs(model.renders, by_apps);
  // A root an app builds is judged as the app builds it (with its options), not twice.
  std::vector<RenderRequest> root_requests = root_kustomizations(load, index);
  std::erase_if(root_requests, [&](const RenderRequest& r) {
    return std::any_of(by_apps.begin(), by_apps.end(),
                       [&](const RenderOutput* o) { return o->repo == r.repo && o->folder == r.folder; });
  });
  for (RenderRequest& r : root_requests) r.build_flags = kustomize_build_flags(config, "");
  std::vector<const RenderOutput*> roots = model.renderer->render(root_requests);
  add_outputs(model.renders, roots);
  render_partial_builds(*model.renderer, load, index, model.renders);
  // Apps' unrendered builds have a note per app already; the others, one per reason.
  std::map<std::string, std::vector<std::string>> unrendered;
  for (const RenderOutput* out : roots) {
    if (out->status != RenderOutput::Status::NotRendered || std::count(by_apps.begin(), by_apps.end(), out)) continue;
    unrendered[out->message].push_back(load.repos[out->repo].name + "/" + (out->folder.empty() ? "." : out->folder));
  }
  for (auto& [why, folders] : unrendered) {
    std::string which = folders.size() == 1 ? "kustomization " + folders[0]
                                            : std::to_string(folders.size()) + " kustomizations (" + folders[0] + ", ...)";
    model.notes.push_back(which + " not rendered: " + why + "; judged as files");
  }
  model.applied = applied_objects(load, index, model.renders);
  for (std::string& note : model.renderer->notes()) model.notes.push_back(std::move(note));
}

ArgoModelOptions model_options(const CheckOptions& o, const CheckModel& model, const ArgoCdConfig* config) {
  ArgoModelOptions options;
  options.strict_drift = o.strict_drift;
  options.renderer = model.renderer.get();
  options.config = config;
  options.appset_limits = o.appset_limits();
  return options;
}

// One pass: a fresh renderer, the Argo CD model with `config`, then the rest.
void build_with(const CheckOptions& o, const LoadResult& load, const Snapshot* cluster, unsigned jobs,
                const ArgoCdConfig& config, CheckModel& model) {
  model = CheckModel{};
  model.renderer = renderer_for(o, load, jobs);
  model.argo = build_argo_model(load, cluster, model_options(o, model, &config));
  model.notes = model.argo.notes;
  render_the_rest(load, config, model);
}

// The config chosen among what the built model sees.
ArgoCdConfig config_seen_by(const LoadResult& load, const Snapshot* cluster, const CheckModel& model) {
  LoadIndex index(load);
  PartialObjects partial = partial_objects(load, index, model.renders);
  return choose_argocd_config(
      config_candidates(load, cluster, model.argo, model.renders.outputs, model.applied, partial.patches));
}

}  // namespace

CheckModel build_model(const CheckOptions& o, const LoadResult& load, const Snapshot* cluster, unsigned jobs) {
  CheckModel model;
  ArgoCdConfig first = choose_argocd_config(config_candidates(load, cluster));
  build_with(o, load, cluster, jobs, first, model);
  ArgoCdConfig seen = config_seen_by(load, cluster, model);
  if (seen.notes != first.notes || seen.found != first.found) {
    if (same_build_settings(first, seen)) {
      use_argocd_config(model.argo, std::move(seen), model_options(o, model, nullptr));
    } else {
      build_with(o, load, cluster, jobs, seen, model);  // its build options change what kustomize renders
    }
  }
  std::vector<std::string> config_notes = model.argo.config.notes;
  if (!model.argo.config.assumed.empty() && model.argo.has_apps()) config_notes.insert(config_notes.begin(), model.argo.config.assumed);
  model.notes.insert(model.notes.begin(), config_notes.begin(), config_notes.end());
  model.coverage = coverage_of(model);
  if (!model.argo.has_apps()) return model;
  for (size_t r = 0; r < load.repos.size(); ++r) {
    if (model.argo.repo_identity[r].empty()) {
      model.notes.push_back("repo " + load.repos[r].name + " has no URL (set `url:` in the config, or an " +
                            "`origin` remote): Argo CD apps cannot be matched to it");
    }
  }
  return model;
}

}  // namespace driftlint::cli
