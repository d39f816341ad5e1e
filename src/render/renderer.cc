#include "render/renderer.h"

#include "base/parallel.h"
#include "base/process.h"
#include "base/strings.h"
#include "fs/repo_path.h"
#include "render/helm_build.h"
#include "render/kustomize_build.h"

namespace driftlint {

ToolRenderer::ToolRenderer(const LoadResult& load, ToolRendererOptions options)
    : load_(load), index_(load.index()), options_(std::move(options)),
      times_(options_.cache_dir), sandbox_(options_.max_memory_bytes, options_.network, *options_.host) {}

const std::optional<RenderTool>& ToolRenderer::kustomize() const {
  std::call_once(kustomize_probe_, [this] {
    ProbeCache probes(options_.cache_dir);
    kustomize_ = find_kustomize(options_.kubectl, sandbox_, &probes);
  });
  return kustomize_;
}

const std::optional<RenderTool>& ToolRenderer::helm() const {
  std::call_once(helm_probe_, [this] {
    ProbeCache probes(options_.cache_dir);
    helm_ = find_helm(options_.helm, sandbox_, &probes);
  });
  return helm_;
}

namespace {

// The loaded file an object is reported in when a finding has no better
// place: the resource it was built from, else the kustomization or chart.
std::optional<uint32_t> anchor_file(const LoadIndex& index, const RenderOutput& out, size_t object) {
  if (object < out.origin_paths.size()) {
    if (auto f = index.file(out.repo, out.origin_paths[object])) return f;
  }
  if (auto f = index.file(out.repo, out.anchor_path)) return f;
  // A chart's template (never loaded: templates/ is rendered, not read):
  // the Chart.yaml above it (an app-of-apps chart that names a fetched chart).
  for (std::string dir = parent_of(out.anchor_path); !dir.empty(); dir = parent_of(dir)) {
    if (auto f = index.file(out.repo, join_path(dir, "Chart.yaml"))) return f;
  }
  std::optional<uint32_t> any;
  index.for_each_file_under(out.repo, out.folder, [&](std::string_view, uint32_t file) {
    if (!any) any = file;
  });
  return any;
}

void anchor_objects(const LoadIndex& index, RenderOutput& out) {
  std::vector<Manifest> kept;
  for (size_t i = 0; i < out.objects.size(); ++i) {
    std::optional<uint32_t> file = anchor_file(index, out, i);
    if (!file) continue;  // nothing of the build was loaded: nowhere to report
    out.objects[i].file = *file;
    kept.push_back(std::move(out.objects[i]));
  }
  out.objects = std::move(kept);
}

// A request whose folder or value files are not clean paths inside their
// repos (the Argo CD model resolves them through RepoPath, so only a bug
// could make one): refused, as nothing outside a repo is ever built.
std::unique_ptr<RenderOutput> refused_request(const RenderRequest& request) {
  bool clean = is_clean_repo_path(request.folder);
  for (const HelmOptions::ValueFile& f : request.helm.value_files) clean = clean && is_clean_repo_path(f.path);
  if (clean) return nullptr;
  auto out = std::make_unique<RenderOutput>();
  out->repo = request.repo;
  out->status = RenderOutput::Status::Failed;
  out->message = "refused: a path of the build is not inside the repo";
  return out;
}

// A file of `repo` the loader read (not one over the size limit), or null.
const LoadedFile* loaded_within_limit(const LoadResult& load, const LoadIndex& index, uint32_t repo, const std::string& path) {
  std::optional<uint32_t> f = index.file(repo, path);
  return f && !load.files[*f].too_large ? &load.files[*f] : nullptr;
}

// The loader's parse of a file of `repo`: the load outlives every build, so
// the pointer owns nothing. Files it did not parse (too large, a template)
// are read and parsed by the build as before.
ParsedFileSource loaded_files(const LoadResult& load, const LoadIndex& index, uint32_t repo) {
  return [&load, &index, repo](const std::string& path) -> std::shared_ptr<const yaml::ParsedFile> {
    const LoadedFile* file = loaded_within_limit(load, index, repo, path);
    if (!file || file->template_action || file->parsed.out_of_memory) return nullptr;
    return std::shared_ptr<const yaml::ParsedFile>(std::shared_ptr<const yaml::ParsedFile>(), &file->parsed);
  };
}

}  // namespace

std::unique_ptr<RenderOutput> ToolRenderer::render_one(const RenderRequest& request) const {
  if (auto refused = refused_request(request)) return refused;
  const FileTree& tree = *load_.repos[request.repo].tree;
  RenderCache cache(options_.cache_dir, options_.memory);
  BuildSettings settings;
  settings.timeout = options_.timeout;
  settings.sandbox = &sandbox_;
  settings.budget = options_.budget.get();
  settings.max_file_size = options_.max_file_size;
  settings.cache = cache.enabled() ? &cache : nullptr;
  settings.fetch = &options_.fetch;
  settings.loaded = loaded_files(load_, index_, request.repo);
  settings.content_id = [this, repo = request.repo](const std::string& path) -> std::string {
    const LoadedFile* file = loaded_within_limit(load_, index_, repo, path);
    return file ? file->content_id : std::string();
  };
  std::unique_ptr<RenderOutput> out;
  if (!options_.render) settings.no_tool_reason = "rendering is turned off (--no-render)";
  if (request.kind == RenderKind::Kustomize) {
    settings.tool = options_.render && kustomize() ? &*kustomize() : nullptr;
    if (request.build_flags.enable_helm() || request.build_flags.helm_if_charts) {
      // kustomize's helmCharts run helm: the one found here, by its path,
      // looked for only when a build has them (a probe starts helm).
      settings.find_helm = [this]() -> const RenderTool* { return helm() ? &*helm() : nullptr; };
    }
    out = build_kustomization(request, tree, settings);
  } else {
    settings.tool = options_.render && helm() ? &*helm() : nullptr;
    out = build_chart(request, load_, settings);
  }
  anchor_objects(index_, *out);
  return out;
}

void ToolRenderer::order_longest_first(std::vector<const RenderRequest*>& todo) const {
  std::vector<std::pair<int64_t, const RenderRequest*>> keyed;
  for (const RenderRequest* r : todo) {
    std::optional<std::chrono::milliseconds> last = times_.last(r->identity());
    keyed.emplace_back(last ? last->count() : INT64_MAX, r);
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (size_t i = 0; i < todo.size(); ++i) todo[i] = keyed[i].second;
}

std::vector<const RenderOutput*> ToolRenderer::render(const std::vector<RenderRequest>& requests) {
  std::vector<const RenderRequest*> todo;
  std::set<std::string> queued;
  for (const RenderRequest& r : requests) {
    std::string id = r.identity();
    if (!done_.count(id) && queued.insert(id).second) todo.push_back(&r);
  }
  order_longest_first(todo);
  std::vector<std::unique_ptr<RenderOutput>> made(todo.size());
  if (!todo.empty()) progress_begin(options_.progress, ProgressPhase::Building, todo.size());
  parallel_for(todo.size(), options_.jobs, [&](size_t i) {
    made[i] = render_one(*todo[i]);
    progress_step(options_.progress, made[i] && made[i]->from_cache);
  });
  progress_end(options_.progress);
  for (size_t i = 0; i < todo.size(); ++i) {
    if (made[i]->tool_time) times_.record(todo[i]->identity(), *made[i]->tool_time);
    done_[todo[i]->identity()] = std::move(made[i]);
  }
  times_.save();
  std::vector<const RenderOutput*> out;
  for (const RenderRequest& r : requests) out.push_back(done_.at(r.identity()).get());
  return out;
}

std::vector<std::string> ToolRenderer::notes() const {
  size_t rendered = 0, cached = 0, kustomizations = 0, charts = 0, failed_cached = 0;
  for (const auto& [id, out] : done_) {
    failed_cached += out->status == RenderOutput::Status::Failed && out->from_cache;
    if (!out->rendered()) continue;
    ++rendered;
    cached += out->from_cache;
    (id.rfind("kustomize", 0) == 0 ? kustomizations : charts)++;
  }
  std::vector<std::string> notes;
  if (std::optional<std::string> note = sandbox_.note()) notes.push_back(*note);
  for (const auto& [id, out] : done_) {
    if (out->rendered() && !out->caveat.empty()) {
      notes.push_back("chart " + load_.repos[out->repo].name + "/" + out->folder + ": " + out->caveat);
    }
  }
  if (failed_cached) {
    notes.push_back(std::to_string(failed_cached) + " failed build" + (failed_cached == 1 ? "" : "s") +
                    " from the cache (the same inputs fail the same way; any change to them builds again)");
  }
  if (rendered == 0) return notes;
  std::string tools;
  if (kustomizations) tools = kustomize() ? kustomize()->description : "kustomize";
  if (charts) tools += std::string(tools.empty() ? "" : " and ") + (helm() ? helm()->description : "helm");
  notes.push_back("rendered " + std::to_string(rendered) + " build" + (rendered == 1 ? "" : "s") + " with " + tools +
                  ": " + std::to_string(rendered - cached) + " run now, " + std::to_string(cached) + " from the cache");
  return notes;
}

}  // namespace driftlint
