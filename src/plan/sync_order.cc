// The order gitops-engine runs a sync's tasks in (pkg/sync/sync_tasks.go and
// syncContext.getSyncTasks): phase, wave, kind, name; prune tasks take their
// waves in reverse (the symmetric swap), PruneLast ones the wave after the
// last; Namespaces and CRDs move ahead of the first object that needs them,
// taking its phase and wave.
#include <algorithm>
#include <map>
#include <set>

#include "plan/sides.h"

namespace driftlint {

namespace {

int phase_order(const std::string& phase) {
  if (phase == "PreSync") return -1;
  if (phase == "PostSync") return 1;
  if (phase == "SyncFail") return 2;
  return 0;
}

void reverse_prune_waves(std::vector<PlannedObject>& objects) {
  std::set<int> unique;
  for (const PlannedObject& o : objects) {
    if (o.prune) unique.insert(o.wave);
  }
  std::vector<int> waves(unique.begin(), unique.end());
  std::map<int, int> swapped;
  for (size_t i = 0; i < waves.size(); ++i) swapped[waves[i]] = waves[waves.size() - 1 - i];
  for (PlannedObject& o : objects) {
    if (o.prune) o.wave = swapped[o.wave];
  }
}

void prune_last(std::vector<PlannedObject>& objects) {
  int last = 0;
  for (const PlannedObject& o : objects) {
    if (o.phase == "Sync") last = std::max(last, o.wave);
  }
  for (PlannedObject& o : objects) {
    if (o.prune && o.prune_last) o.wave = last + 1;
  }
}

// syncTasks.adjustDeps: a dependency found after an object that needs it is
// moved before that object, into its phase and wave.
template <class IsDep, class RefersTo>
void adjust_deps(std::vector<PlannedObject>& s, IsDep is_dep, RefersTo refers_to) {
  std::map<std::string, size_t> first;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i].prune) continue;  // no target object
    if (std::optional<std::string> dep = is_dep(s[i])) {
      auto it = first.find(*dep);
      if (it == first.end()) continue;
      size_t index = it->second;
      PlannedObject moved = std::move(s[i]);
      moved.wave = s[index].wave;
      moved.phase = s[index].phase;
      s.erase(s.begin() + static_cast<std::ptrdiff_t>(i));
      s.insert(s.begin() + static_cast<std::ptrdiff_t>(index), std::move(moved));
      for (auto& [key, at] : first) {
        if (at >= index) ++at;
      }
    } else if (std::optional<std::string> ref = refers_to(s[i])) {
      first.emplace(*ref, i);
    }
  }
}

}  // namespace

int kind_order(const std::string& kind) {
  static const std::vector<std::string> kinds = {
      "Namespace", "NetworkPolicy", "ResourceQuota", "LimitRange", "PodSecurityPolicy", "PodDisruptionBudget",
      "ServiceAccount", "Secret", "SecretList", "ConfigMap", "StorageClass", "PersistentVolume",
      "PersistentVolumeClaim", "CustomResourceDefinition", "ClusterRole", "ClusterRoleList", "ClusterRoleBinding",
      "ClusterRoleBindingList", "Role", "RoleList", "RoleBinding", "RoleBindingList", "Service", "DaemonSet", "Pod",
      "ReplicationController", "ReplicaSet", "Deployment", "HorizontalPodAutoscaler", "StatefulSet", "Job",
      "CronJob", "IngressClass", "Ingress", "APIService"};
  auto it = std::find(kinds.begin(), kinds.end(), kind);
  return it == kinds.end() ? 0 : static_cast<int>(it - kinds.begin()) - static_cast<int>(kinds.size());
}

void order_sync(std::vector<PlannedObject>& objects) {
  reverse_prune_waves(objects);
  prune_last(objects);
  std::stable_sort(objects.begin(), objects.end(), [](const PlannedObject& a, const PlannedObject& b) {
    if (phase_order(a.phase) != phase_order(b.phase)) return phase_order(a.phase) < phase_order(b.phase);
    if (a.wave != b.wave) return a.wave < b.wave;
    if (a.prune != b.prune) return a.prune;  // a wave's prunes run before its applies (syncContext.runTasks)
    if (kind_order(a.id.kind) != kind_order(b.id.kind)) return kind_order(a.id.kind) < kind_order(b.id.kind);
    return a.id.name < b.id.name;
  });
  adjust_deps(
      objects,
      [](const PlannedObject& o) -> std::optional<std::string> {
        if (o.id.group.empty() && o.id.kind == "Namespace") return o.id.name;
        return std::nullopt;
      },
      [](const PlannedObject& o) -> std::optional<std::string> {
        if (o.id.ns.empty()) return std::nullopt;
        return o.id.ns;
      });
  adjust_deps(
      objects,
      [](const PlannedObject& o) -> std::optional<std::string> {
        if (o.id.group == "apiextensions.k8s.io" && o.id.kind == "CustomResourceDefinition" && !o.crd_of.empty()) {
          return o.crd_of;
        }
        return std::nullopt;
      },
      [](const PlannedObject& o) -> std::optional<std::string> { return o.id.group + "/" + o.id.kind; });
}

}  // namespace driftlint
