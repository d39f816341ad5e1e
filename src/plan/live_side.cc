// An app against the snapshot: every object git renders compared with its
// live copy (or created, or of unknown live state), every live object the
// app manages that git no longer renders pruned or kept, and the namespace
// CreateNamespace=true makes.
#include <algorithm>
#include <set>

#include "plan/sides.h"

namespace driftlint {

namespace {

constexpr const char* kTracking = "argocd.argoproj.io/tracking-id";

bool is_hook_object(yaml::Node object) { return read_object_options(object).is_hook(); }

// Another app manages the live copy: applying it takes the object over.
void take_over(PlannedObject& p, const std::string& owner, const Manifest& live, const AppPlanContext& c) {
  if (c.policy.option_is("FailOnSharedResource", "true")) {
    p.action = PlannedObject::Action::Fail;
    p.error = "sync will fail: app " + owner + " already manages it (FailOnSharedResource=true)";
    return;
  }
  if (p.action == PlannedObject::Action::Unchanged) p.action = PlannedObject::Action::Update;
  if (p.how.empty()) p.how = "kubectl apply";
  std::optional<std::string_view> tracking = live.root.path({"metadata", "annotations", kTracking}).as_string();
  if (tracking) {
    PlannedField f;
    f.path = std::string("metadata.annotations[\"") + kTracking + "\"]";
    f.before = "\"" + std::string(*tracking) + "\"";
    f.after = "\"" + c.app.name + ":" + p.id.group + "/" + p.id.kind + ":" + p.id.ns + "/" + p.id.name + "\"";
    p.fields.insert(p.fields.begin(), std::move(f));
  }
  p.notes.push_back("app " + owner + " manages it now: this sync takes it over, and the two apps take it from each "
                    "other on every sync (shared-resource)");
}

bool namespace_exists(const LiveIndex& live, const std::string& ns) {
  return live.snapshot().find(object_key("", "Namespace", "", ns)) != nullptr;
}

// A namespaced object created in a namespace that does not exist and that
// nothing creates: the apply fails.
void check_namespace(PlannedObject& p, const std::set<std::string>& created, const LiveIndex& live) {
  if (p.id.ns.empty() || p.action != PlannedObject::Action::Create) return;
  if (created.count(p.id.ns) || !live.snapshot().has_kind("", "Namespace") || namespace_exists(live, p.id.ns)) return;
  p.action = PlannedObject::Action::Fail;
  p.reason.clear();
  p.error = "sync will fail: namespace " + p.id.ns + " does not exist, and neither this app nor CreateNamespace=true creates it";
}

// `known`: set when the snapshot (or the app's status) shows where the object stands.
PlannedObject plan_live_object(const DesiredObject& d, const AppPlanContext& c, const LiveIndex& live, bool& known) {
  LiveLookup l = live.lookup(c.app, d.id, d.key);
  if (l.reported) known = true;
  if (l.state == LiveState::Present) {
    known = true;
    PlannedObject p = plan_existing(d, l.live->root, true, c);
    std::string owner = live.owner(*l.live);
    if (!owner.empty() && owner != c.app.name) take_over(p, owner, *l.live, c);
    return p;
  }
  if (l.state == LiveState::Absent) {
    PlannedObject p = plan_created(d, c);
    p.reason = l.why;
    return p;
  }
  PlannedObject p = planned(d);
  p.wave = read_object_options(d.object).wave;
  p.action = PlannedObject::Action::Unknown;
  p.reason = l.why;
  return p;
}

// CreateNamespace=true: the destination namespace, made in PreSync when it
// does not exist and git does not render it.
void create_namespace(PlanSide& side, const AppPlanContext& c, const LiveIndex& live, std::set<std::string>& created) {
  const std::string& ns = c.app.destination_namespace;
  if (!c.policy.option_is("CreateNamespace", "true") || ns.empty() || created.count(ns)) return;
  created.insert(ns);
  ObjectIdentity id{"v1", "", "v1", "Namespace", "", ns};
  PlannedObject p = planned(id);
  p.phase = "PreSync";
  p.how = "CreateNamespace=true";
  if (!live.snapshot().has_kind("", "Namespace")) {
    p.action = PlannedObject::Action::Unknown;
    p.reason = "unknown live state: the snapshot holds no Namespace (CreateNamespace=true creates it if missing)";
  } else if (namespace_exists(live, ns)) {
    if (!c.policy.managed_namespace_metadata) return;
    p.action = PlannedObject::Action::Unchanged;
    p.notes.push_back("managedNamespaceMetadata: its labels and annotations are set (not compared offline)");
  } else {
    p.action = PlannedObject::Action::Create;
    p.reason = "the destination namespace does not exist";
  }
  side.objects.push_back(std::move(p));
}

void prune_live(PlanSide& side, const AppPlanContext& c, const LiveIndex& live, std::set<std::string>& seen) {
  for (const Manifest* m : live.owned(c.app.name)) {
    std::string key = object_key(m->id);
    if (!seen.insert(key).second || is_hook_object(m->root)) continue;
    side.objects.push_back(plan_pruned(m->id, m->root, c));
  }
  for (const StatusResource& r : live.status(c.app.name)) {
    if (r.health == "Missing" || live.snapshot().find(r.key) || !seen.insert(r.key).second) continue;
    side.objects.push_back(plan_pruned(r.id, yaml::Node(), c));
  }
}

}  // namespace

PlanSide live_side(const AppPlanContext& c, const AppObjects& objects, const LiveIndex& live) {
  PlanSide side;
  if (!live.has_applications()) {
    side.state = PlanSide::State::Unknown;
    side.summary = "unknown live state: the snapshot holds no Applications";
    return side;
  }
  std::set<std::string> seen, created;
  for (const DesiredObject* d : objects.applied) {
    if (d->id.group.empty() && d->id.kind == "Namespace") created.insert(d->id.name);
  }
  create_namespace(side, c, live, created);
  bool known = false;
  for (const DesiredObject* d : objects.applied) {
    if (!seen.insert(d->key).second) continue;  // rendered twice: applied once
    side.objects.push_back(plan_live_object(*d, c, live, known));
    check_namespace(side.objects.back(), created, live);
  }
  prune_live(side, c, live, seen);
  bool pruned = std::any_of(side.objects.begin(), side.objects.end(), [](const PlannedObject& o) { return o.prune; });
  if (c.app.live && !known && !pruned && !objects.applied.empty()) {
    side.state = PlanSide::State::Unknown;
    side.summary = "unknown live state: the app is live, but the snapshot holds none of its objects";
    side.objects.clear();
    return side;
  }
  if (!c.app.live) side.summary = "not live yet: its objects are created when the app is";
  return side;
}

}  // namespace driftlint
