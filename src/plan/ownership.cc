#include "plan/ownership.h"

#include <algorithm>
#include <map>
#include <set>

#include "plan/sync_options.h"

namespace driftlint {

namespace {

bool is_kind(const DesiredObject& d, const char* group, const char* kind) { return d.id.group == group && d.id.kind == kind; }

std::optional<std::string> crd_defines(const DesiredObject& d) {
  if (!is_kind(d, "apiextensions.k8s.io", "CustomResourceDefinition")) return std::nullopt;
  std::optional<std::string_view> group = d.object.path({"spec", "group"}).as_string();
  std::optional<std::string_view> kind = d.object.path({"spec", "names", "kind"}).as_string();
  if (!group || !kind) return std::nullopt;
  return std::string(*group) + "/" + std::string(*kind);
}

// argocd-cm restores Application health with either form of resource customization.
bool has_application_health(yaml::Node cm) {
  yaml::Node data = cm.get("data");
  if (data.get("resource.customizations.health.argoproj.io_Application").valid()) return true;
  std::string_view all = data.get("resource.customizations").text();
  size_t at = all.find("argoproj.io/Application:");
  return at != std::string_view::npos && all.find("health.lua", at) != std::string_view::npos;
}

const Manifest* find_argocd_cm(const std::vector<Manifest>& objects) {
  for (const Manifest& m : objects) {
    if (m.id.group.empty() && m.id.kind == "ConfigMap" && m.id.name == "argocd-cm") return &m;
  }
  return nullptr;
}

}  // namespace

std::vector<SharedObject> shared_objects(const ArgoModel& model) {
  std::map<std::string, std::map<std::string, const DesiredObject*>> by_key;  // key -> app name -> first copy
  for (const DesiredObject& d : model.desired) {
    if (d.id.name.empty() || read_object_options(d.object).skipped()) continue;
    by_key[d.key].emplace(model.apps[d.app].name, &d);
  }
  std::vector<SharedObject> out;
  for (const auto& [key, apps] : by_key) {
    if (apps.size() < 2) continue;
    SharedObject s{key, {}};
    for (const auto& [app, d] : apps) s.copies.push_back(d);
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<NamespaceOwner> owned_namespaces(const ArgoModel& model) {
  std::map<std::string, NamespaceOwner> owners;
  for (const DesiredObject& d : model.desired) {
    if (is_kind(d, "", "Namespace") && !d.id.name.empty()) owners.emplace(d.id.name, NamespaceOwner{&d, {}});
  }
  for (const DesiredObject& d : model.desired) {
    auto it = owners.find(d.id.ns);
    if (d.id.ns.empty() || it == owners.end() || d.app == it->second.ns->app) continue;
    if (read_object_options(d.object).is_hook()) continue;
    it->second.dependents.push_back(&d);
  }
  std::vector<NamespaceOwner> out;
  for (auto& [name, owner] : owners) {
    if (!owner.dependents.empty()) out.push_back(std::move(owner));
  }
  return out;
}

std::vector<CrdInOtherApp> crds_in_other_apps(const ArgoModel& model) {
  std::map<std::string, std::vector<const DesiredObject*>> crds;  // "group/Kind" -> CRDs rendered
  for (const DesiredObject& d : model.desired) {
    if (auto kind = crd_defines(d)) crds[*kind].push_back(&d);
  }
  std::vector<CrdInOtherApp> out;
  for (const DesiredObject& d : model.desired) {
    auto it = crds.find(d.id.group + "/" + d.id.kind);
    if (it == crds.end() || d.id.name.empty()) continue;
    bool same_app = std::any_of(it->second.begin(), it->second.end(), [&](const DesiredObject* c) { return c->app == d.app; });
    if (same_app) continue;
    if (read_object_options(d.object).has("SkipDryRunOnMissingResource", "true")) continue;
    if (read_sync_policy(model.apps[d.app]).option_is("SkipDryRunOnMissingResource", "true")) continue;
    out.push_back({&d, it->second.front()});
  }
  return out;
}

std::vector<UngatedWaves> ungated_app_waves(const ArgoModel& model, const LoadResult& load, const Snapshot* snapshot) {
  std::string where;
  const Manifest* cm = snapshot ? find_argocd_cm(snapshot->objects) : nullptr;
  if (cm) where = "the snapshot";
  if (!cm && (cm = find_argocd_cm(load.manifests))) {
    where = "repo " + load.repos[load.files[cm->file].repo].name + ", " + load.files[cm->file].path;
  }
  yaml::Node cm_root = cm ? cm->root : yaml::Node();
  for (const DesiredObject& d : model.desired) {
    if (cm_root.valid()) break;
    if (!is_kind(d, "", "ConfigMap") || d.id.name != "argocd-cm") continue;
    cm_root = d.object;
    where = "app " + model.apps[d.app].name + "'s rendered argocd-cm";
  }
  if (cm_root.valid() && has_application_health(cm_root)) return {};
  std::map<uint32_t, UngatedWaves> parents;
  std::map<uint32_t, std::set<int>> waves;
  for (const DesiredObject& d : model.desired) {
    if (!is_kind(d, "argoproj.io", "Application")) continue;
    if (!d.object.path({"metadata", "annotations", "argocd.argoproj.io/sync-wave"}).valid()) continue;
    UngatedWaves& u = parents[d.app];
    u.parent = d.app;
    u.argocd_cm = where;
    u.apps.push_back(&d);
    waves[d.app].insert(read_object_options(d.object).wave);
  }
  std::vector<UngatedWaves> out;
  for (auto& [index, u] : parents) {
    // One wave for every child orders nothing.
    uint32_t parent = index;
    const std::set<int>& used = waves[parent];
    bool other_waves = std::any_of(model.desired.begin(), model.desired.end(), [&](const DesiredObject& d) {
      return d.app == parent && is_kind(d, "argoproj.io", "Application") && !used.count(read_object_options(d.object).wave);
    });
    if (used.size() > 1 || other_waves) out.push_back(std::move(u));
  }
  return out;
}

}  // namespace driftlint
