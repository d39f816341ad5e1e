#include "argocd/app_drift.h"

#include "argocd/ignore_differences.h"

namespace driftlint {

void collect_status_owners(ArgoModel& model) {
  for (const Application& app : model.apps) {
    for (const ResourceRef& r : app.resources) {
      model.status_owner.emplace(object_key(r.group, r.kind, r.ns, r.name), app.name);
    }
  }
}

namespace {

// The live copy to compare a desired object with, or nullptr.
const Manifest* comparable_live_copy(const ArgoModel& model, const DesiredObject& d) {
  const Application& app = model.apps[d.app];
  if (!app.live || !app.sources[d.source].bound.revision.comparable() || d.id.name.empty()) return nullptr;
  if (model.excluded(d)) return nullptr;  // Argo CD neither applies nor compares it
  const Manifest* live = model.snapshot->find(d.key);
  if (!live) return nullptr;
  if (std::optional<LiveOwner> owner = model.owner_of(*live)) {
    const Application* owning = model.find_app(owner->app);
    if (owning && owning != &app) return nullptr;
  }
  return live;
}

}  // namespace

void compute_drift(const ArgoModelOptions& options, ArgoModel& model) {
  if (!model.snapshot) return;
  for (const DesiredObject& d : model.desired) {
    const Manifest* live = comparable_live_copy(model, d);
    if (!live) continue;
    IgnoreMatcher ignore(model.apps[d.app].ignore_differences, model.config.settings.ignore_differences, d.id);
    DiffOptions diff_options;
    diff_options.live_only_keys = options.strict_drift;
    diff_options.secret = d.id.group.empty() && d.id.kind == "Secret";  // values never compared or shown
    diff_options.ignored = [&ignore](const FieldPath& path) { return ignore.ignored(path); };
    ObjectDrift drift;
    drift.desired = &d;
    drift.diffs = diff_objects(d.object, live->root, diff_options);
    drift.unjudged = ignore.unjudged();
    if (!drift.diffs.empty()) model.drift.push_back(std::move(drift));
  }
}

}  // namespace driftlint
