// The model stage of `driftlint check`: Argo CD's view of the repos and the
// cluster, built with Argo CD's own config (argocd-cm), and what is applied.
// The config is chosen twice: first among the snapshot and the repos' files,
// then among what the model sees once built (what apps deploy, what builds
// render); when that second choice builds kustomizations differently, the
// model is built again with it.
#include <algorithm>
#include <map>
#include <set>

#include "argocd/argocd_config_sources.h"
#include "cli/check_pipeline.h"
#include "git/clone_cache.h"
#include "base/parallel.h"
#include "base/strings.h"
#include "fs/repo_path.h"
#include "render/root_charts.h"
#include "schema/registry.h"

namespace driftlint::cli {

namespace {

std::unique_ptr<Renderer> renderer_for(const CheckOptions& o, const LoadResult& load, const CheckInputs& inputs) {
  ToolRendererOptions r;
  r.render = !o.no_render;
  r.timeout = std::chrono::seconds(o.render_timeout);
  r.max_memory_bytes = o.render_memory_mib << 20;
  r.budget = o.render_budget_clock;
  r.jobs = inputs.load_options.jobs;
  r.max_file_size = o.max_file_bytes();
  r.progress = o.progress_meter;
  if (!o.no_cache) r.cache_dir = cache_folder(o);
  r.memory = inputs.renders.get();
  r.fetch.allowed_hosts = o.offline ? std::vector<std::string>{} : o.allow_network;
  r.fetch.cache_dir = cache_folder(o);  // fetched charts, even with --no-cache
  r.fetch.timeout = std::chrono::seconds(o.network_timeout ? o.network_timeout : kDefaultNetworkTimeoutSeconds);
  r.fetch.max_bytes = o.max_file_bytes();
  return std::make_unique<ToolRenderer>(load, r);
}

// Which root charts a pass renders: all, or while app-of-apps is still
// finding apps, only those whose templates name argoproj.io (the others
// would be rendered again once an app of a later level renders them).
enum class RootChartScope { All, AppMakers };

bool may_make_apps(const LoadResult& load, const RenderRequest& chart) {
  const FileTree& tree = *load.repos[chart.repo].tree;
  std::optional<std::vector<std::string>> files = tree.files_under(join_path(chart.folder, "templates"), 2000);
  if (!files) return true;
  return std::any_of(files->begin(), files->end(), [&](const std::string& path) {
    Expected<FileContent> text = tree.read(path, 4ull << 20);
    return !text || text->too_large || text->text.find("argoproj.io") != std::string::npos;
  });
}

// What a pass renders besides the apps' builds: the root kustomizations (a
// root an app builds is judged as the app builds it, with its options, not
// twice, so it is left out) with Argo CD's build options, and the charts no
// app renders, with their defaults and each ci/ values file.
struct RootRequests {
  std::vector<RenderRequest> kustomizations, charts;
  std::vector<std::string> library;  // library charts: nothing of their own to render
  size_t charts_left_out = 0;        // by RootChartScope::AppMakers
};

RootRequests root_requests(const LoadResult& load, const ArgoCdConfig& config, const std::vector<RenderRequest>& by_apps,
                           RootChartScope scope) {
  const LoadIndex& index = load.index();
  std::set<std::pair<uint32_t, std::string>> app_folders;
  for (const RenderRequest& r : by_apps) app_folders.insert({r.repo, r.folder});
  RootRequests out;
  out.kustomizations = root_kustomizations(load, index);
  std::erase_if(out.kustomizations, [&](const RenderRequest& r) { return app_folders.count({r.repo, r.folder}) > 0; });
  for (RenderRequest& r : out.kustomizations) r.build_flags = kustomize_build_flags(config, "");
  RootCharts charts = root_charts(load, index, app_folders);
  if (scope == RootChartScope::AppMakers) {
    out.charts_left_out = std::erase_if(charts.requests, [&](const RenderRequest& r) { return !may_make_apps(load, r); });
    if (out.charts_left_out) charts.library.clear();  // said by the pass that renders every chart
  }
  out.charts = std::move(charts.requests);
  out.library = std::move(charts.library);
  return out;
}

// A root chart's failure is a render-failed finding like any build's; not
// rendering it is a note, one per reason.
// One note per reason for the builds of `outputs` that were not rendered
// ("2 charts (a/x, ...) not rendered: WHY; WHAT THEN"), each folder named
// once; `noted`: outputs that have a note of their own (an app's).
void note_unrendered(const LoadResult& load, const std::vector<const RenderOutput*>& outputs,
                     const std::vector<const RenderOutput*>& noted, const std::string& noun, const std::string& then,
                     CheckModel& model) {
  std::map<std::string, std::vector<std::string>> unrendered;
  for (const RenderOutput* out : outputs) {
    if (out->status != RenderOutput::Status::NotRendered || std::count(noted.begin(), noted.end(), out)) continue;
    std::string folder = load.repos[out->repo].name + "/" + (out->folder.empty() ? "." : out->folder);
    std::vector<std::string>& folders = unrendered[out->message];
    if (std::find(folders.begin(), folders.end(), folder) == folders.end()) folders.push_back(folder);
  }
  for (auto& [why, folders] : unrendered) {
    std::string which = folders.size() == 1 ? noun + " " + folders[0]
                                            : std::to_string(folders.size()) + " " + noun + "s (" + folders[0] + ", ...)";
    model.notes.push_back(which + " not rendered: " + why + "; " + then);
  }
}

void note_root_charts(const LoadResult& load, const std::vector<const RenderOutput*>& outputs,
                      const std::vector<std::string>& library, CheckModel& model) {
  note_unrendered(load, outputs, {}, "chart", "its templates are not checked", model);
  if (!library.empty()) {
    model.notes.push_back(std::string(library.size() == 1 ? "library chart " : "library charts ") + join(library, ", ") +
                          ": nothing of their own to render (their users render them)");
  }
}

// After the batch: the outputs in the order they are judged (the apps',
// the root kustomizations', the root charts'), the folders a failed root
// build includes (rendered on their own, a second batch: which ones depends
// on what failed), notes, and what is applied.
void judge_outputs(const LoadResult& load, const std::vector<const RenderOutput*>& roots,
                   const std::vector<const RenderOutput*>& charts, const RootRequests& requests, CheckModel& model) {
  const LoadIndex& index = load.index();
  std::vector<const RenderOutput*> by_apps;
  for (const SourceRender& r : model.argo.renders) by_apps.push_back(r.output);
  add_outputs(model.renders, by_apps);
  add_outputs(model.renders, roots);
  add_outputs(model.renders, charts);
  note_root_charts(load, charts, requests.library, model);
  render_partial_builds(*model.renderer, load, index, model.renders);
  // Apps' unrendered builds have a note per app already.
  note_unrendered(load, roots, by_apps, "kustomization", "judged as files", model);
  model.applied = applied_objects(load, index, model.renders);
  for (std::string& note : model.renderer->notes()) model.notes.push_back(std::move(note));
}

// Slices of one batch's outputs.
std::vector<const RenderOutput*> slice(const std::vector<const RenderOutput*>& all, size_t from, size_t count) {
  return {all.begin() + static_cast<std::ptrdiff_t>(from), all.begin() + static_cast<std::ptrdiff_t>(from + count)};
}

ArgoModelOptions model_options(const CheckOptions& o, const CheckModel& model, const ArgoCdConfig* config,
                               std::vector<const Manifest*> rendered_apps = {}) {
  ArgoModelOptions options;
  options.rendered_apps = std::move(rendered_apps);
  options.strict_drift = o.strict_drift;
  options.renderer = model.renderer.get();
  options.config = config;
  options.appset_limits = o.appset_limits();
  return options;
}

// App-of-apps: how many times the Applications builds render are taken as
// apps whose builds are rendered in turn.
constexpr int kMaxAppOfAppsDepth = 10;

// The Applications and ApplicationSets rendered builds made that the model
// does not hold yet, in the builds' order (one of a name: the model keeps the first).
std::vector<const Manifest*> new_rendered_apps(const LoadResult& load, const CheckModel& model,
                                               const std::vector<const Manifest*>& known) {
  std::set<std::string> sets;
  for (const Manifest& m : load.manifests) {
    if (m.id.group == "argoproj.io" && m.id.kind == "ApplicationSet") sets.insert(m.id.name);
  }
  for (const Manifest* m : known) {
    if (m->id.kind == "ApplicationSet") sets.insert(m->id.name);
  }
  std::set<std::string> apps;
  for (const Manifest* m : known) {
    if (m->id.kind == "Application") apps.insert(m->id.name);
  }
  // An app the model holds from a file of the repos is that app; one only
  // the snapshot holds gets the build's copy too (its place in the repos).
  auto held = [&](const std::string& name) {
    auto it = model.argo.app_index.find(name);
    return it != model.argo.app_index.end() && model.argo.apps[it->second].repo_manifest;
  };
  std::vector<const Manifest*> out;
  for (const RenderOutput* output : model.renders.outputs) {
    for (const Manifest& m : output->objects) {
      if (m.id.group != "argoproj.io" || m.id.name.empty()) continue;
      if (m.id.kind == "Application" && !held(m.id.name) && apps.insert(m.id.name).second) {
        out.push_back(&m);
      } else if (m.id.kind == "ApplicationSet" && sets.insert(m.id.name).second) {
        out.push_back(&m);
      }
    }
  }
  return out;
}

// One pass: a fresh renderer, the Argo CD model with `config`, then the
// rest; again with the Applications the builds rendered, level by level.
void build_with(const CheckOptions& o, const LoadResult& load, const CheckInputs& inputs, const ArgoCdConfig& config,
                CheckModel& model) {
  const Snapshot* cluster = inputs.cluster();
  model = CheckModel{};
  model.renderer = renderer_for(o, load, inputs);
  std::vector<const Manifest*> rendered_apps;
  // The rendering stage of a pass: one batch of every build the pass needs
  // (the apps' and the roots'), so -j spans them all.
  auto pass = [&](RootChartScope scope) {
    ArgoModelOptions options = model_options(o, model, &config, rendered_apps);
    std::vector<RenderRequest> batch;
    model.argo = begin_argo_model(load, cluster, options, batch);
    size_t apps = batch.size();
    RootRequests roots = root_requests(load, config, batch, scope);
    batch.insert(batch.end(), roots.kustomizations.begin(), roots.kustomizations.end());
    batch.insert(batch.end(), roots.charts.begin(), roots.charts.end());
    std::vector<const RenderOutput*> outputs = model.renderer->render(batch);
    finish_argo_model(load, slice(outputs, 0, apps), options, model.argo);
    model.notes = model.argo.notes;
    model.renders = RenderSet{};
    judge_outputs(load, slice(outputs, apps, roots.kustomizations.size()),
                  slice(outputs, apps + roots.kustomizations.size(), roots.charts.size()), roots, model);
    return roots.charts_left_out;
  };
  for (int depth = 0;; ++depth) {
    size_t left_out = pass(RootChartScope::AppMakers);
    std::vector<const Manifest*> more = new_rendered_apps(load, model, rendered_apps);
    if (more.empty() && left_out) {
      pass(RootChartScope::All);  // every build is served again; the charts no app renders are added
      more = new_rendered_apps(load, model, rendered_apps);
    }
    if (more.empty()) break;
    if (depth == kMaxAppOfAppsDepth) {
      model.notes.push_back("app-of-apps: builds still render new Applications after " + std::to_string(depth) +
                            " levels (" + more.front()->id.name + ", ...); driftlint stops there");
      break;
    }
    rendered_apps.insert(rendered_apps.end(), more.begin(), more.end());
  }
  if (!rendered_apps.empty()) {
    bool one = rendered_apps.size() == 1;
    model.notes.push_back("app-of-apps: " + std::to_string(rendered_apps.size()) +
                          (one ? " app that a build makes (an Application or ApplicationSet) is"
                               : " apps that builds make (Applications, ApplicationSets) are") +
                          " rendered and judged like the repos' own");
  }
}

// The config chosen among what the built model sees.
ArgoCdConfig config_seen_by(const LoadResult& load, const Snapshot* cluster, const CheckModel& model) {
  const LoadIndex& index = load.index();
  PartialObjects partial = partial_objects(load, index, model.renders);
  return choose_argocd_config(
      config_candidates(load, cluster, model.argo, model.renders.outputs, model.applied, partial.patches));
}

}  // namespace

CheckModel build_model(const CheckOptions& o, const LoadResult& load, const CheckInputs& inputs) {
  const Snapshot* cluster = inputs.cluster();
  CheckModel model;
  ArgoCdConfig first = choose_argocd_config(config_candidates(load, cluster));
  build_with(o, load, inputs, first, model);
  ArgoCdConfig seen = config_seen_by(load, cluster, model);
  if (seen.notes != first.notes || seen.found != first.found) {
    if (same_build_settings(first, seen)) {
      use_argocd_config(model.argo, std::move(seen), model_options(o, model, nullptr));
    } else {
      build_with(o, load, inputs, seen, model);  // its build options change what kustomize renders
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

// Beside the model: neither needs the other.
std::future<RuleInputs> prepare_rule_inputs(const CheckOptions& o, const CheckSetup& setup, const LoadResult& load) {
  return run_beside(o.threads(), [&load, &config = setup.config] {
    SchemaRegistry::read_shared_tables();  // for the rules' registry, which find_findings builds on the main thread
    return RuleInputs(load, config);
  });
}

}  // namespace driftlint::cli
