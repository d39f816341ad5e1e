#include "plan/object_plan.h"

#include <set>

#include <nlohmann/json.hpp>

#include "yaml/json.h"

namespace driftlint {

namespace {

bool is_secret(const ObjectIdentity& id) { return id.group.empty() && id.kind == "Secret"; }

// Whether ignoreDifferences covers the path or a field above it (drift/diff
// stops at the first ignored step).
bool ignored_path(const IgnoreMatcher& ignore, const FieldPath& path) {
  FieldPath prefix;
  for (const PathStep& step : path) {
    prefix.push_back(step);
    if (ignore.ignored(prefix)) return true;
  }
  return false;
}

PlannedField to_field(const FieldDiff& d) {
  PlannedField f;
  f.path = display_path(d.path);
  f.change = d.kind == FieldDiff::Kind::Changed       ? PlannedField::Change::Changed
             : d.kind == FieldDiff::Kind::MissingLive ? PlannedField::Change::Added
                                                      : PlannedField::Change::Removed;
  if (d.live.valid()) f.before = display_value(d.live);
  if (d.desired.valid()) f.after = display_value(d.desired);
  return f;
}

// A Secret's keys, each marked added, removed, changed or unchanged; values
// never leave this function. `before_keys_only`: against live only the keys
// git sets are compared.
std::vector<PlannedField> secret_fields(yaml::Node after, yaml::Node before, bool against_live) {
  std::vector<PlannedField> out;
  for (const char* field : {"data", "stringData"}) {
    nlohmann::json a = yaml::to_json(after.get(field)), b = yaml::to_json(before.get(field));
    std::set<std::string> keys;
    for (const nlohmann::json* side : {&a, &b}) {
      if (!side->is_object()) continue;
      for (auto it = side->begin(); it != side->end(); ++it) {
        if (side == &a || !against_live) keys.insert(it.key());
      }
    }
    for (const std::string& k : keys) {
      bool in_a = a.is_object() && a.contains(k), in_b = b.is_object() && b.contains(k);
      PlannedField f;
      f.path = std::string(field) + "." + k;
      f.secret = true;
      f.change = !in_b ? PlannedField::Change::Added
                 : !in_a ? PlannedField::Change::Removed
                 : a[k] == b[k] ? PlannedField::Change::Unchanged
                                : PlannedField::Change::Changed;
      out.push_back(std::move(f));
    }
  }
  return out;
}

// Client-side apply's three-way merge: a field the last applied
// configuration (the live object's kubectl.kubernetes.io/last-applied-
// configuration) set and git no longer sets is removed. Walks maps only:
// a list git still sets is compared whole by drift/diff.
// The fields Argo CD writes itself (its tracking annotation and label).
bool argo_field(const FieldPath& p) {
  return p.size() == 3 && p[0].key == "metadata" &&
         ((p[1].key == "annotations" && p[2].key == "argocd.argoproj.io/tracking-id") ||
          (p[1].key == "labels" && p[2].key == "app.kubernetes.io/instance"));
}

void removed_since_applied(const nlohmann::json& applied, yaml::Node desired, yaml::Node live, FieldPath& path,
                           const IgnoreMatcher& ignore, std::vector<PlannedField>& out) {
  if (!applied.is_object() || path.size() > 32) return;
  for (auto it = applied.begin(); it != applied.end(); ++it) {
    if (path.empty() && (it.key() == "status" || it.key() == "apiVersion" || it.key() == "kind")) continue;
    if (path.size() == 1 && path[0].key == "metadata" && it.key() == "namespace") continue;  // Argo CD sets it
    yaml::Node d = desired.is_map() ? desired.get(it.key()) : yaml::Node();
    yaml::Node l = live.is_map() ? live.get(it.key()) : yaml::Node();
    path.push_back({it.key(), false, {}});
    bool dropped = !d.valid() || d.is_null();
    if (dropped && it.value().is_object() && l.is_map()) {
      removed_since_applied(it.value(), yaml::Node(), l, path, ignore, out);  // each key of a map git dropped
    } else if (dropped && l.valid() && !argo_field(path)) {  // gone live already: nothing to remove
      PlannedField f;
      f.change = PlannedField::Change::Removed;
      f.path = display_path(path);
      f.before = display_value(l);
      f.ignored = ignored_path(ignore, path);
      out.push_back(std::move(f));
    } else if (d.is_map()) {
      removed_since_applied(it.value(), d, l, path, ignore, out);
    }
    path.pop_back();
  }
}

std::vector<PlannedField> removed_by_apply(yaml::Node desired, yaml::Node live, const IgnoreMatcher& ignore) {
  std::vector<PlannedField> out;
  std::optional<std::string_view> text =
      live.path({"metadata", "annotations", "kubectl.kubernetes.io/last-applied-configuration"}).as_string();
  if (!text) return out;
  nlohmann::json applied = nlohmann::json::parse(*text, nullptr, false);
  if (applied.is_discarded()) return out;
  FieldPath path;
  removed_since_applied(applied, desired, live, path, ignore, out);
  return out;
}

// How gitops-engine applies an object (syncContext.applyObject).
struct Method {
  std::string how;
  bool recreate_always = false;      // kubectl replace --force
  bool recreate_on_invalid = false;  // kubectl apply --force: an invalid update becomes delete and create
  std::string immutable_reason;      // why an immutable change fails with this method
};

bool replace_or_namespace_kind(const ObjectIdentity& id) {
  return (id.group.empty() && id.kind == "Namespace") ||
         (id.group == "apiextensions.k8s.io" && id.kind == "CustomResourceDefinition");
}

Method apply_method(const ObjectIdentity& id, const ObjectOptions& target, const ObjectOptions& live,
                    const AppSyncPolicy& p) {
  bool replace = p.option_is("Replace", "true") || target.has("Replace", "true") || live.has("Replace", "true");
  bool force = target.has("Force", "true") || live.has("Force", "true");
  bool ssa = !target.has("ServerSideApply", "false") &&
             (p.option_is("ServerSideApply", "true") || target.has("ServerSideApply", "true"));
  Method m;
  if (replace && replace_or_namespace_kind(id)) {
    m.how = "update: Replace=true never replaces a " + id.kind;
    m.immutable_reason = "an update cannot change it";
  } else if (replace && force) {
    m.how = "kubectl replace --force, from Force=true,Replace=true";
    m.recreate_always = true;
  } else if (replace) {
    m.how = "kubectl replace, from Replace=true";
    m.immutable_reason = "kubectl replace cannot change it either; Force=true,Replace=true would delete and recreate it";
  } else if (ssa) {
    m.how = "server-side apply, from ServerSideApply=true";
    m.immutable_reason = "server-side apply cannot change it; Force=true,Replace=true would delete and recreate it";
  } else if (force) {
    m.how = "kubectl apply --force, from Force=true";
    m.recreate_on_invalid = true;
  } else {
    m.how = "kubectl apply";
    m.immutable_reason = "kubectl apply cannot change it; Force=true (with Replace=true) would delete and recreate it";
  }
  return m;
}

void mark_immutable(PlannedObject& p, const std::vector<ImmutableChange>& changes) {
  for (PlannedField& f : p.fields) {
    for (const ImmutableChange& c : changes) {
      if (f.path == c.field || f.path.rfind(c.field + ".", 0) == 0 || f.path.rfind(c.field + "[", 0) == 0) f.immutable = true;
    }
  }
}

void decide_existing(PlannedObject& p, const Method& m, const std::vector<ImmutableChange>& immutable) {
  if (m.recreate_always) {
    p.action = PlannedObject::Action::Replace;
    p.how = m.how;
    p.reason = "deleted and recreated";
    return;
  }
  if (immutable.empty()) {
    p.action = PlannedObject::Action::Update;
    p.how = m.how;
    return;
  }
  const ImmutableChange& first = immutable.front();
  p.source = first.source;
  if (m.recreate_on_invalid) {
    p.action = PlannedObject::Action::Replace;
    p.how = m.how;
    p.reason = "replaced: deleted and recreated, because " + first.field + " is immutable (" + first.detail + ")";
    return;
  }
  p.action = PlannedObject::Action::Fail;
  p.how = m.how;
  p.error = "sync will fail: field is immutable: " + first.field + " (" + first.detail + ")";
  p.reason = m.immutable_reason;
}

}  // namespace

PlannedObject planned(const ObjectIdentity& id) {
  PlannedObject p;
  p.id = id;
  p.key = object_key(id);
  p.object = id.display();
  return p;
}

PlannedObject planned(const DesiredObject& d) {
  PlannedObject p = planned(d.id);
  if (d.id.group == "apiextensions.k8s.io" && d.id.kind == "CustomResourceDefinition") {
    std::optional<std::string_view> group = d.object.path({"spec", "group"}).as_string();
    std::optional<std::string_view> kind = d.object.path({"spec", "names", "kind"}).as_string();
    if (group && kind) p.crd_of = std::string(*group) + "/" + std::string(*kind);
  }
  return p;
}

AppPlanContext app_plan_context(const Application& app, const ImmutableFields& immutable) {
  AppPlanContext c{app, read_sync_policy(app), {}, immutable};
  yaml::Node root = application_root(app);
  c.ignore_differences = root.valid() ? parse_application(root).ignore_differences : app.ignore_differences;
  return c;
}

PlannedObject plan_existing(const DesiredObject& d, yaml::Node before, bool against_live, const AppPlanContext& app) {
  ObjectOptions target = read_object_options(d.object), live = read_object_options(before);
  PlannedObject p = planned(d);
  p.wave = target.wave;
  IgnoreMatcher ignore(app.ignore_differences, d.id);
  bool respect = app.policy.option_is("RespectIgnoreDifferences", "true");
  DiffOptions options;
  options.live_only_keys = !against_live;
  options.secret = is_secret(d.id);
  std::vector<FieldDiff> applied;  // what the apply changes
  bool real = false;
  for (const FieldDiff& diff : diff_objects(d.object, before, options)) {
    PlannedField f = to_field(diff);
    f.ignored = ignored_path(ignore, diff.path);
    if (f.ignored && respect) {
      p.notes.push_back(f.path + " keeps its value (ignoreDifferences, RespectIgnoreDifferences=true)");
      continue;
    }
    real = real || !f.ignored;
    applied.push_back(diff);
    p.fields.push_back(std::move(f));
  }
  if (against_live && !options.secret && apply_method(d.id, target, live, app.policy).how.rfind("kubectl apply", 0) == 0) {
    for (PlannedField& f : removed_by_apply(d.object, before, ignore)) {
      if (f.ignored && respect) continue;
      real = real || !f.ignored;
      p.fields.push_back(std::move(f));
    }
  }
  if (options.secret) {
    for (PlannedField& f : secret_fields(d.object, before, against_live)) {
      real = real || f.change != PlannedField::Change::Unchanged;
      p.fields.push_back(std::move(f));
    }
  }
  for (const std::string& u : ignore.unjudged()) p.notes.push_back("ignoreDifferences entry not judged offline: " + u);
  if (!real) {
    p.action = PlannedObject::Action::Unchanged;
    p.ignored_only = !p.fields.empty();
    if (p.ignored_only) p.how = apply_method(d.id, target, live, app.policy).how;
    return p;
  }
  std::vector<ImmutableChange> immutable = app.immutable.changes(d.id, before, d.object, applied);
  mark_immutable(p, immutable);
  decide_existing(p, apply_method(d.id, target, live, app.policy), immutable);
  return p;
}

PlannedObject plan_created(const DesiredObject& d, const AppPlanContext& app) {
  ObjectOptions target = read_object_options(d.object);
  PlannedObject p = planned(d);
  p.wave = target.wave;
  p.action = PlannedObject::Action::Create;
  bool replace = app.policy.option_is("Replace", "true") || target.has("Replace", "true");
  bool ssa = !target.has("ServerSideApply", "false") &&
             (app.policy.option_is("ServerSideApply", "true") || target.has("ServerSideApply", "true"));
  p.how = replace ? "kubectl create, from Replace=true" : ssa ? "server-side apply, from ServerSideApply=true" : "kubectl apply";
  return p;
}

PlannedObject plan_pruned(const ObjectIdentity& id, yaml::Node object, const AppPlanContext& app) {
  ObjectOptions o = read_object_options(object);
  PlannedObject p = planned(id);
  p.prune = true;
  p.wave = o.wave;
  p.ignore_extraneous = o.ignore_extraneous;
  p.prune_last = o.has("PruneLast", "true") || app.policy.option_is("PruneLast", "true");
  std::optional<std::string> value = o.option("Prune");
  std::string where = value ? "the object's" : "the app's";
  if (!value && !app.policy.option("Prune").empty()) value = app.policy.option("Prune");
  if (value == "false") {
    p.action = PlannedObject::Action::Keep;
    p.reason = "not pruned: Prune=false (" + where + " sync option); the app stays OutOfSync";
    return p;
  }
  std::string propagation = app.policy.option("PrunePropagationPolicy");
  p.how = "delete, propagation " + (propagation.empty() ? std::string("foreground") : propagation);
  if (app.policy.auto_sync() && !app.policy.prune) {
    p.action = PlannedObject::Action::Keep;
    p.reason = "not pruned: auto-sync prunes only with automated.prune: true; the app stays OutOfSync";
    return p;
  }
  p.action = PlannedObject::Action::Delete;
  p.reason = app.policy.auto_sync() ? "pruned: no longer in git (automated prune)"
                                    : "pruned when someone syncs with prune (argocd app sync --prune, or Prune in the UI)";
  if (value == "confirm") {
    p.reason += "; waits for confirmation (Prune=confirm)";
    p.needs_confirmation = true;
  }
  if (!object.valid()) p.notes.push_back("not in the snapshot (listed in the app's status.resources): its own sync options are unknown");
  return p;
}

PlannedObject plan_cascade(const ObjectIdentity& id, yaml::Node object, const AppSyncPolicy& policy) {
  ObjectOptions o = read_object_options(object);
  PlannedObject p = planned(id);
  p.prune = true;
  p.wave = o.wave;
  std::optional<std::string> value = o.option("Delete");
  if (!value && !policy.option("Delete").empty()) value = policy.option("Delete");
  p.action = PlannedObject::Action::Keep;
  if (id.group == "apiextensions.k8s.io" && id.kind == "CustomResourceDefinition") {
    p.reason = "kept: Argo CD never deletes a CRD with its app";
  } else if (value == "false") {
    p.reason = "kept: Delete=false";
  } else if (o.helm_keep) {
    p.reason = "kept: helm.sh/resource-policy: keep";
  } else {
    p.action = PlannedObject::Action::Delete;
    p.how = "deleted with its app, cascade";
    p.reason = value == "confirm" ? "deleted with its app once someone confirms (Delete=confirm)" : "deleted with its app";
  }
  if (!object.valid()) p.notes.push_back("not in the snapshot (listed in the app's status.resources): its own sync options are unknown");
  return p;
}

}  // namespace driftlint
