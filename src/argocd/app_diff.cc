#include "argocd/app_diff.h"

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "base/strings.h"
#include "drift/diff.h"
#include "git/url.h"
#include "yaml/emit.h"
#include "yaml/json.h"

namespace driftlint {

namespace {

bool is_secret(const ObjectIdentity& id) { return id.group.empty() && id.kind == "Secret"; }

// What one app applies: object key -> (identity, node); the last source wins a key.
struct Applied {
  std::map<std::string, const DesiredObject*> objects;
  std::string sources;
  std::vector<std::string> notes;
};

std::map<std::string, Applied> applied_by_app(const ArgoModel& model, const LoadResult& load) {
  std::map<std::string, Applied> out;
  for (const Application& app : model.apps) out[app.name].sources = model.describe_sources(app, load);
  for (const DesiredObject& d : model.desired) out[model.apps[d.app].name].objects[d.key] = &d;
  for (const SourceRender& r : model.renders) {
    if (!r.output->rendered()) {
      out[model.apps[r.app].name].notes.push_back(r.output->status == RenderOutput::Status::Failed
                                                      ? "does not build: " + r.output->message
                                                      : "not rendered: " + r.output->message);
    }
  }
  return out;
}

// The object as JSON, Secret values masked: "***", or on the head's side
// "*** (changed)" where the base holds another value.
nlohmann::json masked(const DesiredObject& d, const DesiredObject* other, bool head) {
  nlohmann::json j = yaml::to_json(d.object);
  if (!is_secret(d.id)) return j;
  nlohmann::json theirs = other ? yaml::to_json(other->object) : nlohmann::json();
  for (const char* field : {"data", "stringData"}) {
    if (!j.contains(field) || !j[field].is_object()) continue;
    for (auto it = j[field].begin(); it != j[field].end(); ++it) {
      bool same = theirs.is_object() && theirs.contains(field) && theirs[field].is_object() &&
                  theirs[field].contains(it.key()) && theirs[field][it.key()] == it.value();
      it.value() = same || !other || !head ? "***" : "*** (changed)";
    }
  }
  return j;
}

std::vector<FieldChange> field_changes(const DesiredObject& before, const DesiredObject& after) {
  DiffOptions options;
  options.live_only_keys = true;  // the base is the "live" side: keys only it has were removed
  options.secret = is_secret(after.id);
  std::vector<FieldChange> out;
  for (const FieldDiff& d : diff_objects(after.object, before.object, options)) {
    FieldChange c;
    c.path = display_path(d.path);
    c.kind = d.kind == FieldDiff::Kind::Changed       ? FieldChange::Kind::Changed
             : d.kind == FieldDiff::Kind::MissingLive ? FieldChange::Kind::Added
                                                      : FieldChange::Kind::Removed;
    if (d.live.valid()) c.before = redact_urls_in(display_value(d.live));
    if (d.desired.valid()) c.after = redact_urls_in(display_value(d.desired));
    out.push_back(std::move(c));
  }
  if (options.secret) {
    nlohmann::json a = masked(after, &before, true);
    for (const char* field : {"data", "stringData"}) {
      for (auto it = a[field].begin(); a.contains(field) && it != a[field].end(); ++it) {
        if (it.value() == "*** (changed)") out.push_back({FieldChange::Kind::Changed, std::string(field) + "." + it.key(), "***", "*** (changed)"});
      }
    }
  }
  return out;
}

std::optional<ObjectChange> object_change(const DesiredObject* before, const DesiredObject* after) {
  ObjectChange c;
  const DesiredObject& any = after ? *after : *before;
  c.object = any.id.display();
  // A repoURL with a token in it (an app of apps) is shown without it, as every URL is.
  if (before) c.before_yaml = redact_urls_in(yaml::emit_yaml(masked(*before, after, false)));
  if (after) c.after_yaml = redact_urls_in(yaml::emit_yaml(masked(*after, before, true)));
  if (!before) c.kind = ObjectChange::Kind::Added;
  if (!after) c.kind = ObjectChange::Kind::Removed;
  if (before && after) {
    if (yaml::to_json(before->object) == yaml::to_json(after->object)) return std::nullopt;
    c.kind = ObjectChange::Kind::Changed;
    c.fields = field_changes(*before, *after);
  }
  return c;
}

AppChange app_change(const std::string& name, const Applied* before, const Applied* after) {
  AppChange c;
  c.app = name;
  c.kind = !before ? AppChange::Kind::Added : !after ? AppChange::Kind::Removed : AppChange::Kind::Changed;
  if (before) c.before_source = before->sources;
  if (after) c.after_source = after->sources;
  if (before && after && before->sources != after->sources) c.kind = AppChange::Kind::Moved;
  std::set<std::string> keys;
  for (const Applied* side : {before, after}) {
    if (!side) continue;
    for (const auto& [key, d] : side->objects) keys.insert(key);
  }
  for (const std::string& key : keys) {
    auto find = [&](const Applied* side) -> const DesiredObject* {
      if (!side) return nullptr;
      auto it = side->objects.find(key);
      return it == side->objects.end() ? nullptr : it->second;
    };
    if (std::optional<ObjectChange> o = object_change(find(before), find(after))) c.objects.push_back(std::move(*o));
  }
  for (const Applied* side : {before, after}) {
    if (!side) continue;
    for (const std::string& n : side->notes) {
      c.notes.push_back((side == before ? "at the base: " : "at the head: ") + redact_urls_in(n));
    }
  }
  return c;
}

}  // namespace

RenderedDiff diff_apps(const ArgoModel& base, const LoadResult& base_load, const ArgoModel& head,
                       const LoadResult& head_load) {
  std::map<std::string, Applied> before = applied_by_app(base, base_load), after = applied_by_app(head, head_load);
  std::set<std::string> names;
  for (const auto& [name, a] : before) names.insert(name);
  for (const auto& [name, a] : after) names.insert(name);
  RenderedDiff out;
  for (const std::string& name : names) {
    auto b = before.find(name), a = after.find(name);
    AppChange c = app_change(name, b == before.end() ? nullptr : &b->second, a == after.end() ? nullptr : &a->second);
    if (c.kind == AppChange::Kind::Changed && c.objects.empty()) {
      ++out.unchanged;
      continue;
    }
    out.apps.push_back(std::move(c));
  }
  return out;
}

}  // namespace driftlint
