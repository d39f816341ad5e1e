#include "argocd/render_requests.h"

#include <nlohmann/json.hpp>

#include "fs/repo_path.h"
#include "load/load_index.h"
#include "yaml/json.h"

namespace driftlint {

namespace {

std::string text_of(yaml::Node n) { return n.is_scalar() && !n.is_null() ? std::string(n.text()) : std::string(); }

// The source block `kind` ("kustomize", "helm") of source `s` in an
// Application or ApplicationSet template object.
yaml::Node block_in(yaml::Node spec, size_t s, const char* kind) {
  yaml::Node sources = spec.get("sources");
  yaml::Node source = sources.is_sequence() && s < sources.size() ? sources.element(s) : spec.get("source");
  return source.get(kind);
}

// The loaded file that sets an options block, for provenance: the app's own
// file or the ApplicationSet whose template it is. A live app's spec (the
// one Argo CD acts on) is located in the repo's copy when that says the same.
yaml::Node locate_options(const Application& app, size_t s, const char* kind, const LoadResult& load, int& repo,
                          std::string& path) {
  yaml::Node block = app.sources[s].node.get(kind);
  auto in_file = [&](const Manifest* m) { return m && m->file < load.files.size() && load.files[m->file].parsed.tree.get() == m->root.tree(); };
  const std::pair<const Manifest*, yaml::Node> candidates[] = {
      {app.repo_manifest, app.repo_manifest ? block_in(app.repo_manifest->root.get("spec"), s, kind) : yaml::Node()},
      {app.application_set_manifest,
       app.application_set_manifest ? block_in(app.application_set_manifest->root.path({"spec", "template", "spec"}), s, kind)
                                    : yaml::Node()}};
  for (const auto& [m, node] : candidates) {
    if (!in_file(m) || !node.valid()) continue;
    bool same = node == block || yaml::to_json(node) == yaml::to_json(block);
    if (!same && m == app.repo_manifest) continue;
    repo = static_cast<int>(load.files[m->file].repo);
    path = load.files[m->file].path;
    return node == block || m == app.application_set_manifest ? block : node;
  }
  return block;
}

KustomizeOptions kustomize_options(const Application& app, size_t s, const LoadResult& load) {
  const AppSource& source = app.sources[s];
  KustomizeOptions o;
  yaml::Node k = source.node.get("kustomize");
  o.node = locate_options(app, s, "kustomize", load, o.app_repo, o.app_path);
  o.name_prefix = text_of(k.get("namePrefix"));
  o.name_suffix = text_of(k.get("nameSuffix"));
  o.ns = text_of(k.get("namespace"));
  for (yaml::Node i : k.get("images").elements()) o.images.push_back(text_of(i));
  for (auto [key, value] : k.get("commonLabels").entries()) o.common_labels[std::string(key.text())] = text_of(value);
  for (auto [key, value] : k.get("commonAnnotations").entries()) {
    o.common_annotations[std::string(key.text())] = text_of(value);
  }
  for (yaml::Node r : k.get("replicas").elements()) o.replicas.emplace_back(text_of(r.get("name")), text_of(r.get("count")));
  for (yaml::Node p : k.get("patches").elements()) o.patches.push_back(yaml::to_json(p).dump());
  for (yaml::Node c : k.get("components").elements()) o.components.push_back(text_of(c));
  o.label_without_selector = k.get("labelWithoutSelector").as_bool().value_or(false);
  return o;
}

HelmOptions helm_options(const Application& app, size_t s, const LoadResult& load) {
  const AppSource& source = app.sources[s];
  HelmOptions o;
  yaml::Node h = source.node.get("helm");
  o.node = locate_options(app, s, "helm", load, o.app_repo, o.app_path);
  bool path_in_file = source.path_node.valid() && o.node.valid() && source.path_node.tree() == o.node.tree();
  o.source_position = path_in_file ? source.path_node.position() : o.node.position();
  o.release_name = text_of(h.get("releaseName"));
  if (o.release_name.empty()) o.release_name = app.name;
  o.ns = app.destination_namespace;
  for (yaml::Node f : h.get("valueFiles").elements()) {
    Expected<std::optional<HelmOptions::ValueFile>> file = resolve_value_file(app, source, text_of(f), load);
    if (file && *file) o.value_files.push_back(**file);  // refused ones never get here (bind_sources)
  }
  if (h.get("valuesObject").is_map()) {
    o.values = yaml::to_json(h.get("valuesObject")).dump();
  } else {
    o.values = text_of(h.get("values"));
  }
  for (yaml::Node p : h.get("parameters").elements()) {
    o.parameters.push_back({text_of(p.get("name")), text_of(p.get("value")),
                            p.get("forceString").as_bool().value_or(false)});
  }
  o.skip_crds = h.get("skipCrds").as_bool().value_or(false);
  o.kube_version = text_of(h.get("kubeVersion"));
  for (yaml::Node v : h.get("apiVersions").elements()) o.api_versions.push_back(text_of(v));
  return o;
}

// Where an app's `chart:` of source `s` is written: its repo copy, the
// build that rendered it, or the ApplicationSet template that makes it.
std::optional<SourcePlace> chart_place(const Application& app, size_t s, const LoadResult& load) {
  auto loaded = [&](const Manifest* m) {
    return m && m->file < load.files.size() && load.files[m->file].parsed.tree.get() == m->root.tree();
  };
  auto key_in = [&](yaml::Node spec) {
    yaml::Node sources = spec.get("sources");
    yaml::Node source = sources.is_sequence() && s < sources.size() ? sources.element(s) : spec.get("source");
    yaml::Node key = source.key_node("chart");
    return key.valid() ? key : source;
  };
  if (loaded(app.repo_manifest)) {
    const LoadedFile& f = load.files[app.repo_manifest->file];
    return SourcePlace{f.repo, f.path, key_in(app.repo_manifest->root.get("spec")).position()};
  }
  if (app.rendered_manifest && app.rendered_manifest->provenance) {
    return app.rendered_manifest->provenance->origin(key_in(app.rendered_manifest->root.get("spec")));
  }
  if (loaded(app.application_set_manifest) && s < app.sources.size()) {
    const LoadedFile& f = load.files[app.application_set_manifest->file];
    yaml::Node key = app.sources[s].node.key_node("chart");
    return SourcePlace{f.repo, f.path, (key.valid() ? key : app.sources[s].node).position()};
  }
  return std::nullopt;
}

std::optional<RenderRequest> remote_chart_request(const Application& app, size_t s, const LoadResult& load) {
  std::optional<SourcePlace> place = chart_place(app, s, load);
  const AppSource& source = app.sources[s];
  std::string chart = text_of(source.node.get("chart"));
  if (!place || !is_clean_repo_path(chart) || chart.find('/') != std::string::npos) return std::nullopt;
  RenderRequest r;
  r.kind = RenderKind::Helm;
  r.repo = place->repo;
  r.folder = chart;
  r.helm = helm_options(app, s, load);  // `$ref/...` value files from the repos; those inside the package are not read
  r.remote = {source.repo_url, chart, source.target_revision, place->position, place->path};
  return r;
}

}  // namespace

Expected<std::optional<HelmOptions::ValueFile>> resolve_value_file(const Application& app, const AppSource& source,
                                                                   const std::string& text, const LoadResult& load) {
  Error outside{"value file '" + text + "' resolved to outside repository root"};
  if (!text.empty() && text[0] == '$') {
    size_t slash = text.find('/');
    std::string ref = text.substr(1, slash == std::string::npos ? std::string::npos : slash - 1);
    for (const AppSource& s : app.sources) {
      if (s.ref != ref || s.bound.repo < 0) continue;
      Expected<RepoPath> path = RepoPath::resolve("", slash == std::string::npos ? "" : text.substr(slash + 1));
      if (!path) return outside;
      const std::string& g = load.repos[s.bound.repo].git_folder;
      if (!g.empty() && !path_is_under(path->str(), g)) return std::optional<HelmOptions::ValueFile>();
      std::string in_folder = path->str();
      if (!g.empty()) in_folder = in_folder == g ? "" : in_folder.substr(g.size() + 1);
      return std::optional(HelmOptions::ValueFile{static_cast<uint32_t>(s.bound.repo), in_folder});
    }
    return std::optional<HelmOptions::ValueFile>();
  }
  if (source.bound.repo < 0 || !source.bound.folder) return std::optional<HelmOptions::ValueFile>();
  // Absolute: from the repo's root, as Argo CD resolves it.
  bool absolute = !text.empty() && text[0] == '/';
  Expected<RepoPath> path = RepoPath::resolve(absolute ? "" : *source.bound.folder, absolute ? text.substr(1) : text);
  if (!path) return outside;
  return std::optional(HelmOptions::ValueFile{static_cast<uint32_t>(source.bound.repo), path->str()});
}

SourceKind source_kind(const Application& app, size_t s, const LoadIndex& index) {
  const AppSource& source = app.sources[s];
  if (source.has_chart && !source.path) return SourceKind::RemoteChart;
  if (source.bound.repo < 0 || !source.bound.folder || (source.ref && !source.path)) return SourceKind::None;
  uint32_t repo = static_cast<uint32_t>(source.bound.repo);
  const std::string& folder = *source.bound.folder;
  if (source.has_plugin) return SourceKind::Plugin;
  if (source.has_helm || index.file(repo, join_path(folder, "Chart.yaml"))) return SourceKind::Helm;
  if (source.has_kustomize || index.kustomization_in(repo, folder)) return SourceKind::Kustomize;
  return SourceKind::Directory;
}

std::optional<RenderRequest> render_request(const Application& app, size_t s, const LoadResult& load,
                                           const LoadIndex& index, const ArgoCdConfig& config) {
  SourceKind kind = source_kind(app, s, index);
  if (kind == SourceKind::RemoteChart) return remote_chart_request(app, s, load);
  if (kind != SourceKind::Kustomize && kind != SourceKind::Helm) return std::nullopt;
  const AppSource& source = app.sources[s];
  RenderRequest r;
  r.repo = static_cast<uint32_t>(source.bound.repo);
  r.folder = *source.bound.folder;
  if (kind == SourceKind::Kustomize) {
    r.kind = RenderKind::Kustomize;
    r.kustomize = kustomize_options(app, s, load);
    r.build_flags = kustomize_build_flags(config, text_of(source.node.path({"kustomize", "version"})));
  } else {
    r.kind = RenderKind::Helm;
    r.helm = helm_options(app, s, load);
  }
  return r;
}

}  // namespace driftlint
