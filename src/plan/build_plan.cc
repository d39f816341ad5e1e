// The plan of a run: every app of the head (and of the base), each side
// planned and finished, then what deleting apps takes with it, the issues,
// and the totals.
#include <algorithm>
#include <map>
#include <set>

#include "base/utc_time.h"
#include "git/url.h"
#include "plan/app_deletion.h"
#include "plan/plan_issues.h"
#include "plan/sides.h"

namespace driftlint {

namespace {

int phase_rank(const std::string& phase) {
  return phase == "PreSync" ? 0 : phase == "Sync" ? 1 : phase == "PostSync" ? 2 : 3;
}

std::string hook_deletion(const std::vector<std::string>& policies) {
  std::vector<std::string> parts;
  for (const std::string& p : policies) {
    if (p == "HookSucceeded") parts.push_back("deleted when it succeeds (HookSucceeded)");
    if (p == "HookFailed") parts.push_back("deleted when it fails (HookFailed)");
    if (p == "BeforeHookCreation") parts.push_back("deleted before the next sync creates it again (BeforeHookCreation)");
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

// The hooks a sync runs, in order, and notes on those it never runs.
void plan_hooks(const AppObjects& objects, AppPlan& a) {
  for (const DesiredObject* d : objects.hooks) {
    ObjectOptions o = read_object_options(d->object);
    std::string name = d->id.name.empty() ? std::string(d->object.path({"metadata", "generateName"}).text()) : d->id.name;
    std::string object = d->id.kind + " " + (d->id.ns.empty() ? "" : d->id.ns + "/") + name +
                         (d->id.name.empty() ? "* (generateName: a new name each sync)" : "");
    bool runs = false;
    for (const std::string& phase : o.hooks) {
      if (phase == "PreDelete" || phase == "PostDelete") {
        a.notes.push_back("hook " + object + " runs when the app is deleted (" + phase + "), never on a sync");
        continue;
      }
      a.hooks.push_back({object, phase, o.wave, hook_deletion(o.delete_policies)});
      runs = true;
    }
    if (!runs && o.hooks.empty()) a.notes.push_back("hook " + object + " has no phase Argo CD runs (a Helm hook it does not map): it never runs");
  }
  std::stable_sort(a.hooks.begin(), a.hooks.end(), [](const PlannedHook& x, const PlannedHook& y) {
    if (phase_rank(x.phase) != phase_rank(y.phase)) return phase_rank(x.phase) < phase_rank(y.phase);
    if (x.wave != y.wave) return x.wave < y.wave;
    return x.object < y.object;
  });
  if (objects.skipped) a.notes.push_back(std::to_string(objects.skipped) + " object(s) marked Skip (argocd.argoproj.io/hook: Skip): never applied");
}

// Every source reads the commit the app has live: auto-sync ran on it already.
bool synced_this_revision(const Application& app) {
  bool any = false;
  for (const AppSource& s : app.sources) {
    if (s.ref && !s.path) continue;
    if (s.bound.revision.state != RevisionState::Same) return false;
    any = true;
  }
  return any;
}

std::string source_signature(const Application& app) {
  std::string out;
  for (const AppSource& s : app.sources) {
    out += normalize_git_url(s.repo_url) + "|" + normalize_app_path(s.path.value_or("")) + "|" +
           std::string(s.node.get("chart").text()) + ";";
  }
  return out;
}

std::string snapshot_label(const Snapshot& s) {
  std::string out = s.contexts.empty() ? "the cluster snapshot" : "the cluster snapshot of context " + s.contexts[0];
  if (s.captured_at) out += ", captured " + format_utc(*s.captured_at);
  return out;
}

class Builder {
 public:
  explicit Builder(const PlanInput& in) : in_(in) {
    collect_crds();
    if (in.snapshot) live_.emplace(in.head, *in.snapshot);
    head_objects_ = objects_by_app(in.head);
    if (in.base) base_objects_ = objects_by_app(*in.base);
  }

  Plan build() {
    std::set<std::string> names;
    for (const Application& a : in_.head.apps) names.insert(a.name);
    if (in_.base) {
      for (const Application& a : in_.base->apps) names.insert(a.name);
    }
    for (const std::string& name : names) plan_app(name);
    DeletionInput deletion{in_.head, in_.head_load, in_.base, &base_objects_, live_ ? &*live_ : nullptr};
    plan_app_deletions(deletion, apps_, issues_);
    note_renames();
    add_plan_issues({in_.head, in_.head_load, in_.snapshot, live_ ? &*live_ : nullptr}, apps_, issues_);
    return finish();
  }

 private:
  void collect_crds() {
    auto add = [&](const ObjectIdentity& id, yaml::Node node) {
      if (id.group == "apiextensions.k8s.io" && id.kind == "CustomResourceDefinition") immutable_.add_crd(node);
    };
    for (const Manifest& m : in_.head_load.manifests) add(m.id, m.root);
    for (const DesiredObject& d : in_.head.desired) add(d.id, d.object);
    if (in_.base) {
      for (const DesiredObject& d : in_.base->desired) add(d.id, d.object);
    }
    if (in_.snapshot) {
      for (const Manifest& m : in_.snapshot->objects) add(m.id, m.root);
    }
  }

  PlanSide not_rendered(const std::string& why, const char* where) {
    PlanSide side;
    side.state = PlanSide::State::NotRendered;
    side.summary = std::string("not planned: ") + where + why;
    return side;
  }

  void plan_app(const std::string& name) {
    AppPlan& a = apps_[name];
    a.app = name;
    auto head_it = in_.head.app_index.find(name);
    const Application* base = in_.base ? in_.base->find_app(name) : nullptr;
    if (head_it == in_.head.app_index.end()) {
      if (base) plan_removed(*base, a);
      return;
    }
    uint32_t index = head_it->second;
    const Application& app = in_.head.apps[index];
    AppPlanContext c = app_plan_context(app, immutable_);
    a.policy = describe_sync_policy(c.policy);
    a.sources = in_.head.describe_sources(app, in_.head_load);
    const AppObjects& objects = head_objects_[index];
    plan_hooks(objects, a);
    std::string unrendered = unrendered_reason(in_.head, in_.head_load, index);
    if (live_) {
      a.live = unrendered.empty() ? live_side(c, objects, *live_) : not_rendered(unrendered, "");
      finish_side(*a.live, c, {app.live, synced_this_revision(app)});
    }
    if (in_.base) {
      a.change = change_side(c, objects, unrendered, base);
      finish_side(*a.change, c, {base != nullptr, false});
    }
  }

  PlanSide change_side(const AppPlanContext& c, const AppObjects& head, const std::string& unrendered, const Application* base) {
    if (!unrendered.empty()) return not_rendered(unrendered, "");
    if (!base) return base_side(c, head, nullptr);
    uint32_t b = in_.base->index_of(*base);
    std::string base_unrendered = unrendered_reason(*in_.base, *in_.base_load, b);
    if (!base_unrendered.empty()) return not_rendered(base_unrendered, "at the base, ");
    return base_side(c, head, &base_objects_[b]);
  }

  // In the base, not in the head: deleted if something deletes it (app_deletion), else left.
  void plan_removed(const Application& base, AppPlan& a) {
    a.policy = describe_sync_policy(read_sync_policy(base));
    a.sources = in_.base->describe_sources(base, *in_.base_load);
    PlanSide side;
    side.state = PlanSide::State::Absent;
    side.summary = base.application_set.empty()
                       ? "removed from the repos, and no app or ApplicationSet in them deletes it: the live Application "
                         "stays, and keeps syncing"
                       : "no longer generated by ApplicationSet " + base.application_set;
    a.change = std::move(side);
  }

  void note_renames() {
    if (!in_.base) return;
    std::map<std::string, std::vector<std::string>> removed, added;  // source signature -> apps
    for (const auto& [name, a] : apps_) {
      bool in_head = in_.head.app_index.count(name) > 0;
      const Application* base = in_.base->find_app(name);
      if (base && !in_head) removed[source_signature(*base)].push_back(name);
      if (!base && in_head) added[source_signature(in_.head.apps[in_.head.app_index.at(name)])].push_back(name);
    }
    for (const auto& [signature, names] : removed) {
      auto it = added.find(signature);
      if (it == added.end() || names.size() != 1 || it->second.size() != 1) continue;
      std::string note = "app " + names[0] + " renamed to " + it->second[0] + ": Argo CD sees one app deleted and another created";
      apps_[names[0]].notes.push_back(note);
      apps_[it->second[0]].notes.push_back(note);
    }
  }

  Plan finish();

  const PlanInput& in_;
  ImmutableFields immutable_;
  std::optional<LiveIndex> live_;
  std::vector<AppObjects> head_objects_, base_objects_;
  std::map<std::string, AppPlan> apps_;
  std::vector<PlanIssue> issues_;
};

bool quiet(const AppPlan& a, const std::set<std::string>& with_issues) {
  if (!a.notes.empty() || with_issues.count(a.app)) return false;
  for (const std::optional<PlanSide>* side : {&a.live, &a.change}) {
    if (!*side) continue;
    const PlanSide& s = **side;
    if (s.state != PlanSide::State::Planned || s.totals.any_change() || s.totals.unknown || s.totals.keep) return false;
  }
  return true;
}

Plan Builder::finish() {
  Plan plan;
  plan.against_live = in_.snapshot != nullptr;
  plan.against_base = in_.base != nullptr;
  plan.base = in_.base_label;
  if (in_.snapshot) plan.snapshot = snapshot_label(*in_.snapshot);
  std::set<std::string> with_issues;
  for (const PlanIssue& i : issues_) with_issues.insert(i.app);
  for (auto& [name, a] : apps_) {
    if (a.live) plan.live_totals.add(a.live->totals);
    if (a.change) plan.change_totals.add(a.change->totals);
    if (quiet(a, with_issues)) {
      ++plan.quiet_apps;
      continue;
    }
    plan.apps.push_back(std::move(a));
  }
  plan.issues = std::move(issues_);
  if (in_.head.incomplete_application_sets) {
    plan.notes.push_back("some ApplicationSet could not be expanded completely: the apps it generates are not all planned");
  }
  return plan;
}

}  // namespace

Plan build_plan(const PlanInput& input) { return Builder(input).build(); }

}  // namespace driftlint
