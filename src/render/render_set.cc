#include "render/render_set.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string_view>

#include "fs/repo_path.h"

namespace driftlint {

namespace {

// Folders a kustomization reads as kustomizations of their own.
void mark_referenced(const LoadResult& load, const LoadIndex& index, const BuildFile& build,
                     std::set<std::pair<uint32_t, std::string>>& referenced) {
  const LoadedFile& file = load.files[build.file];
  std::string dir = parent_of(file.path);
  auto visit = [&](yaml::Node entry) {
    auto text = entry.as_string();
    if (!text || is_remote_reference(*text)) return;
    std::optional<std::string> target = resolve_in_repo(dir, *text);
    if (target && index.kustomization_in(file.repo, *target)) referenced.insert({file.repo, *target});
  };
  for (const char* key : {"resources", "bases", "components", "generators", "transformers", "validators"}) {
    for (yaml::Node e : build.root.get(key).elements()) visit(e);
  }
}

// Files any kustomization or component names as a patch: never objects of
// their own, whether or not a build reads them.
std::set<uint32_t> patch_files(const LoadResult& load, const LoadIndex& index) {
  std::set<uint32_t> out;
  for (const BuildFile& b : load.build_files) {
    const LoadedFile& file = load.files[b.file];
    std::string dir = parent_of(file.path);
    auto add = [&](std::optional<std::string_view> entry) {
      if (!entry || entry->find('\n') != std::string_view::npos || is_remote_reference(*entry)) return;
      std::optional<std::string> target = resolve_in_repo(dir, *entry);
      if (auto f = target ? index.file(file.repo, *target) : std::nullopt) out.insert(*f);
    };
    for (yaml::Node e : b.root.get("patchesStrategicMerge").elements()) add(e.as_string());
    for (const char* key : {"patches", "patchesJson6902"}) {
      for (yaml::Node e : b.root.get(key).elements()) add(e.get("path").as_string());
    }
  }
  return out;
}

// The nearest folder from `dir` up that holds a Chart.yaml.
std::optional<std::string> nearest_chart(const LoadIndex& index, uint32_t repo, std::string dir) {
  for (;; dir = parent_of(dir)) {
    if (index.file(repo, join_path(dir, "Chart.yaml"))) return dir;
    if (dir.empty()) return std::nullopt;
  }
}

// Files inside a Helm chart that its templates do not make: `files/` (data
// a template reads or patches), `ci/` values, examples. Never objects of
// their own; `templates/` is rendered (or skipped unrendered) and `crds/`
// is applied as it is, so both are left out here.
std::set<uint32_t> chart_inputs(const LoadResult& load, const LoadIndex& index) {
  std::set<uint32_t> out;
  // Files come folder by folder: one walk up per folder, not per file.
  std::optional<std::pair<uint32_t, std::string_view>> folder;
  std::optional<std::string> chart;
  for (uint32_t f = 0; f < load.files.size(); ++f) {
    const LoadedFile& file = load.files[f];
    std::string_view dir = parent_view(file.path);
    if (!folder || folder->first != file.repo || folder->second != dir) {
      chart = nearest_chart(index, file.repo, std::string(dir));
      folder.emplace(file.repo, dir);
    }
    if (!chart) continue;
    std::string_view inside = std::string_view(file.path).substr(chart->empty() ? 0 : chart->size() + 1);
    if (!path_is_under(inside, "crds") && !path_is_under(inside, "templates")) out.insert(f);
  }
  return out;
}

// Files beside a kustomization that no build reads (a patch its overlay has
// commented out, a variant kept for reference), or in a `patches` folder
// beside one (kubebuilder's config/crd/patches, whose kustomization lists
// them commented out): halves of objects at most, judged as patches are, for
// field names and types only.
std::set<uint32_t> stray_beside_kustomizations(const LoadResult& load, const LoadIndex& index, const RenderSet& set) {
  std::set<std::pair<uint32_t, std::string_view>> read;  // views into the outputs' lists
  for (const RenderOutput* o : set.outputs) {
    for (const std::string& path : o->files) read.insert({o->repo, path});
  }
  std::set<uint32_t> builds, out;
  for (const BuildFile& b : load.build_files) builds.insert(b.file);
  // Files come folder by folder: one lookup per folder, not per file.
  std::optional<std::pair<uint32_t, std::string_view>> folder;
  bool beside_kustomization = false;
  for (uint32_t f = 0; f < load.files.size(); ++f) {
    const LoadedFile& file = load.files[f];
    if (builds.count(f) || (!read.empty() && read.count({file.repo, std::string_view(file.path)}))) continue;
    std::string_view parent = parent_view(file.path);
    if (!folder || folder->first != file.repo || folder->second != parent) {
      std::string dir(parent);
      beside_kustomization = index.kustomization_in(file.repo, dir).has_value() ||
                             (basename_of(dir) == "patches" && index.kustomization_in(file.repo, parent_of(dir)));
      folder.emplace(file.repo, parent);
    }
    if (beside_kustomization) out.insert(f);
  }
  return out;
}

bool is_component(yaml::Node kustomization) { return kustomization.get("kind").text() == "Component"; }

}  // namespace

std::vector<RenderRequest> root_kustomizations(const LoadResult& load, const LoadIndex& index) {
  std::set<std::pair<uint32_t, std::string>> referenced;
  for (const BuildFile& b : load.build_files) mark_referenced(load, index, b, referenced);
  std::vector<RenderRequest> out;
  std::set<std::pair<uint32_t, std::string>> seen;
  for (const BuildFile& b : load.build_files) {
    const LoadedFile& file = load.files[b.file];
    std::string dir = parent_of(file.path);
    std::string name = basename_of(file.path);
    if (name != "kustomization.yaml" && name != "kustomization.yml") continue;  // a Component's own file name
    if (is_component(b.root) || referenced.count({file.repo, dir}) || !seen.insert({file.repo, dir}).second) continue;
    RenderRequest r;
    r.kind = RenderKind::Kustomize;
    r.repo = file.repo;
    r.folder = dir;
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<RenderRequest> partial_build_requests(const LoadResult& load, const LoadIndex& index, const RenderSet& set) {
  std::set<std::pair<uint32_t, std::string>> built, read_by_rendered;
  for (const RenderOutput* o : set.outputs) {
    built.insert({o->repo, o->folder});
    if (!o->rendered()) continue;
    for (const std::string& path : o->files) read_by_rendered.insert({o->repo, path});
  }
  std::vector<RenderRequest> out;
  for (const RenderOutput* o : set.outputs) {
    if (o->status != RenderOutput::Status::Failed) continue;
    for (const std::string& child : o->included) {
      std::optional<uint32_t> file = index.kustomization_in(o->repo, child);
      if (!file || read_by_rendered.count({o->repo, load.files[*file].path}) || !built.insert({o->repo, child}).second) {
        continue;
      }
      RenderRequest r;
      r.kind = RenderKind::Kustomize;
      r.repo = o->repo;
      r.folder = child;
      out.push_back(std::move(r));
    }
  }
  return out;
}

void render_partial_builds(Renderer& renderer, const LoadResult& load, const LoadIndex& index, RenderSet& set) {
  for (int level = 0; level < 33; ++level) {
    std::vector<RenderRequest> partial = partial_build_requests(load, index, set);
    if (partial.empty()) return;
    std::vector<const RenderOutput*> made = renderer.render(partial);
    for (const RenderOutput* o : made) {
      if (std::find(set.outputs.begin(), set.outputs.end(), o) == set.outputs.end()) set.partial.insert(o);
    }
    add_outputs(set, made);
  }
}

void add_outputs(RenderSet& set, const std::vector<const RenderOutput*>& outputs) {
  for (const RenderOutput* o : outputs) {
    if (std::find(set.outputs.begin(), set.outputs.end(), o) == set.outputs.end()) set.outputs.push_back(o);
  }
  std::stable_sort(set.outputs.begin(), set.outputs.end(), [](const RenderOutput* a, const RenderOutput* b) {
    return std::tie(a->repo, a->folder) < std::tie(b->repo, b->folder);
  });
}

std::vector<const Manifest*> applied_objects(const LoadResult& load, const LoadIndex& index, const RenderSet& set) {
  std::set<uint32_t> through_builds, never_objects = patch_files(load, index);
  never_objects.merge(chart_inputs(load, index));
  never_objects.merge(stray_beside_kustomizations(load, index, set));
  for (const RenderOutput* o : set.outputs) {
    for (const std::string& path : o->patch_files) {
      if (auto f = index.file(o->repo, path)) never_objects.insert(*f);
    }
    if (!o->rendered()) continue;
    for (const std::string& path : o->files) {
      if (auto f = index.file(o->repo, path)) through_builds.insert(*f);
    }
  }
  std::vector<const Manifest*> out;
  for (const RenderOutput* o : set.outputs) {
    for (const Manifest& m : o->objects) out.push_back(&m);
  }
  for (const Manifest& m : load.manifests) {
    if (!through_builds.count(m.file) && !never_objects.count(m.file)) out.push_back(&m);
  }
  return out;
}

PartialObjects partial_objects(const LoadResult& load, const LoadIndex& index, const RenderSet& set) {
  std::set<uint32_t> patches = patch_files(load, index), rendered, unrendered;
  patches.merge(stray_beside_kustomizations(load, index, set));
  for (const RenderOutput* o : set.outputs) {
    for (const std::string& path : o->patch_files) {
      if (auto f = index.file(o->repo, path)) patches.insert(*f);
    }
    for (const std::string& path : o->files) {
      if (auto f = index.file(o->repo, path)) (o->rendered() ? rendered : unrendered).insert(*f);
    }
  }
  PartialObjects out;
  // A kustomization built on its own because the build including it failed
  // misses what that build would add (a selector from labels, a namespace).
  for (const RenderOutput* o : set.partial) {
    for (const Manifest& m : o->objects) out.unrendered.insert(&m);
  }
  for (const Manifest& m : load.manifests) {
    if (rendered.count(m.file)) continue;  // judged through what the build made
    if (patches.count(m.file)) out.patches.push_back(&m);
    else if (unrendered.count(m.file)) out.unrendered.insert(&m);
  }
  return out;
}

}  // namespace driftlint
