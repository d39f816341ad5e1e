#include "plan/live_index.h"

namespace driftlint {

namespace {

const std::vector<const Manifest*> kNoObjects;
const std::vector<StatusResource> kNoStatus;

std::string text(yaml::Node n) { return n.is_scalar() && !n.is_null() ? std::string(n.text()) : std::string(); }

std::vector<StatusResource> read_status(const Manifest& app) {
  std::vector<StatusResource> out;
  for (yaml::Node e : app.root.path({"status", "resources"}).elements()) {
    StatusResource r;
    r.id.group = text(e.get("group"));
    r.id.kind = text(e.get("kind"));
    r.id.version = text(e.get("version"));
    r.id.api_version = r.id.group.empty() ? r.id.version : r.id.group + "/" + r.id.version;
    r.id.ns = text(e.get("namespace"));
    r.id.name = text(e.get("name"));
    if (r.id.kind.empty() || r.id.name.empty()) continue;
    r.key = object_key(r.id);
    r.health = text(e.path({"health", "status"}));
    r.requires_pruning = e.get("requiresPruning").as_bool().value_or(false);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

LiveIndex::LiveIndex(const ArgoModel& model, const Snapshot& snapshot) : model_(model), snapshot_(snapshot) {
  has_applications_ = snapshot.has_kind("argoproj.io", "Application");
  for (const Application& app : model.apps) {
    if (app.live_manifest) status_[app.name] = read_status(*app.live_manifest);
  }
  for (const Manifest& m : snapshot.objects) {
    std::string app = owner(m);
    if (!app.empty()) owned_[app].push_back(&m);
  }
}

std::string LiveIndex::owner(const Manifest& live) const {
  yaml::Node metadata = live.root.get("metadata");
  // Objects a controller made (with owner references) are never an app's own.
  if (metadata.get("ownerReferences").is_sequence() && metadata.get("ownerReferences").size() > 0) return {};
  std::optional<std::string_view> tracking = metadata.path({"annotations", "argocd.argoproj.io/tracking-id"}).as_string();
  if (tracking) {
    // An annotation copied from another object (a controller's child) names that object, not this one.
    auto parsed = parse_tracking_id(*tracking);
    if (!parsed || parsed->second != object_key(live.id)) return {};
    const Application* app = model_.find_app(parsed->first);
    return app ? app->name : std::string();
  }
  std::optional<LiveOwner> owner = model_.owner_of(live);
  const Application* app = owner ? model_.find_app(owner->app) : nullptr;
  return app ? app->name : std::string();
}

const std::vector<const Manifest*>& LiveIndex::owned(const std::string& app) const {
  auto it = owned_.find(app);
  return it == owned_.end() ? kNoObjects : it->second;
}

const std::vector<StatusResource>& LiveIndex::status(const std::string& app) const {
  auto it = status_.find(app);
  return it == status_.end() ? kNoStatus : it->second;
}

LiveLookup LiveIndex::lookup(const Application& app, const ObjectIdentity& id, const std::string& key) const {
  LiveLookup out;
  if ((out.live = snapshot_.find(key))) {
    out.state = LiveState::Present;
    return out;
  }
  for (const StatusResource& r : status(app.name)) {
    if (r.key != key) continue;
    if (r.health == "Missing") {
      out.state = LiveState::Absent;
      out.reported = true;
      out.why = "Argo CD reports it Missing";
      return out;
    }
    out.why = "unknown live state: the app's status.resources lists it live, but the snapshot does not hold it";
    return out;
  }
  if (!snapshot_.has_kind(id.group, id.kind)) {
    out.why = "unknown live state: the snapshot holds no " + id.kind;
    return out;
  }
  if (app.live && app.sync_status == "Synced") {
    out.why = "unknown live state: the app is Synced (so Argo CD has it live), but the snapshot does not hold it";
    return out;
  }
  out.state = LiveState::Absent;
  out.why = "not in the snapshot, which holds " + id.kind + " objects";
  return out;
}

}  // namespace driftlint
