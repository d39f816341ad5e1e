#include "argocd/argocd_config_sources.h"

#include <unordered_map>
#include <unordered_set>

#include "base/strings.h"

namespace driftlint {

namespace {

// Which of the two ConfigMaps an object is, or nullptr.
std::vector<ConfigMapCopy>* list_for(const ObjectIdentity& id, ConfigCandidates& c) {
  if (!id.group.empty() || id.kind != "ConfigMap") return nullptr;
  if (id.name == kArgoCdConfigMap) return &c.cm;
  if (id.name == kArgoCdParamsConfigMap) return &c.params;
  return nullptr;
}

void count_applications(const LoadResult& load, const Snapshot* snapshot, ConfigCandidates& c) {
  auto count = [&](const Manifest& m) {
    if (m.id.group == "argoproj.io" && m.id.kind == "Application" && !m.id.ns.empty()) ++c.app_namespaces[m.id.ns];
  };
  for (const Manifest& m : load.manifests) count(m);
  if (snapshot) {
    for (const Manifest& m : snapshot->objects) count(m);
  }
}

void add_snapshot(const Snapshot* snapshot, ConfigCandidates& c) {
  if (!snapshot) return;
  for (const Manifest& m : snapshot->objects) {
    if (auto* list = list_for(m.id, c)) list->push_back({m.root, ConfigOrigin::Snapshot, m.id.ns, "the snapshot"});
  }
}

std::string file_place(const LoadResult& load, const Manifest& m) {
  const LoadedFile& f = load.file_of(m);
  return "repo " + load.repo_name(f.repo) + ": " + f.path;
}

// Where a rendered object comes from: its build, and the file it is built from.
std::string rendered_place(const LoadResult& load, const Manifest& m,
                           const std::unordered_map<const Manifest*, const RenderOutput*>& output_of) {
  auto it = output_of.find(&m);
  if (it == output_of.end()) return file_place(load, m);
  const RenderOutput& out = *it->second;
  return "repo " + load.repo_name(out.repo) + ": " + (out.folder.empty() ? std::string(".") : out.folder) +
         " as built (from " + load.file_of(m).path + ")";
}

}  // namespace

ConfigCandidates config_candidates(const LoadResult& load, const Snapshot* snapshot) {
  ConfigCandidates c;
  count_applications(load, snapshot, c);
  add_snapshot(snapshot, c);
  for (const Manifest& m : load.manifests) {
    if (auto* list = list_for(m.id, c)) list->push_back({m.root, ConfigOrigin::File, m.id.ns, file_place(load, m)});
  }
  return c;
}

ConfigCandidates config_candidates(const LoadResult& load, const Snapshot* snapshot, const ArgoModel& model,
                                   const std::vector<const RenderOutput*>& outputs,
                                   const std::vector<const Manifest*>& applied,
                                   const std::vector<const Manifest*>& unrendered_patches) {
  ConfigCandidates c;
  count_applications(load, snapshot, c);
  add_snapshot(snapshot, c);
  std::unordered_map<const Manifest*, const RenderOutput*> output_of;
  for (const RenderOutput* out : outputs) {
    for (const Manifest& m : out->objects) output_of[&m] = out;
  }
  std::unordered_set<const Manifest*> seen;
  for (const DesiredObject& d : model.desired) {
    auto* list = d.manifest ? list_for(d.id, c) : nullptr;
    if (!list || !seen.insert(d.manifest).second) continue;
    std::string where = "app " + model.apps[d.app].name + " (" +
                        (d.manifest->rendered() ? rendered_place(load, *d.manifest, output_of) : file_place(load, *d.manifest)) + ")";
    list->push_back({d.object, ConfigOrigin::Deployed, d.id.ns, where});
  }
  for (const Manifest* m : applied) {
    auto* list = list_for(m->id, c);
    if (!list || !seen.insert(m).second) continue;
    bool rendered = m->rendered();
    list->push_back({m->root, rendered ? ConfigOrigin::Rendered : ConfigOrigin::File, m->id.ns,
                     rendered ? rendered_place(load, *m, output_of) : file_place(load, *m)});
  }
  for (const Manifest* m : unrendered_patches) {
    auto* list = list_for(m->id, c);
    if (list && seen.insert(m).second) list->push_back({m->root, ConfigOrigin::Patch, m->id.ns, file_place(load, *m)});
  }
  return c;
}

}  // namespace driftlint
