#include "plan/app_deletion.h"

#include <algorithm>

#include "plan/object_plan.h"
#include "plan/sides.h"

namespace driftlint {

namespace {

using Action = PlannedObject::Action;

std::string text(yaml::Node n) { return n.is_scalar() && !n.is_null() ? std::string(n.text()) : std::string(); }

std::string finalizer_of(yaml::Node application) {
  for (yaml::Node f : application.path({"metadata", "finalizers"}).elements()) {
    if (text(f).rfind(kResourcesFinalizer, 0) == 0) return text(f);
  }
  return "";
}

std::string owning_set(yaml::Node application) {
  for (yaml::Node r : application.path({"metadata", "ownerReferences"}).elements()) {
    if (text(r.get("kind")) == "ApplicationSet") return text(r.get("name"));
  }
  return "";
}

bool is_kind(const ObjectIdentity& id, const char* kind) { return id.group == "argoproj.io" && id.kind == kind; }

// One app being deleted and the objects that go with it (or stay).
struct Deletion {
  std::string app;
  std::string by;         // why it is deleted
  std::string finalizer;  // "" when none: the objects stay
  std::vector<std::pair<ObjectIdentity, yaml::Node>> objects;
  AppSyncPolicy policy;
};

PlanSide deleted_side(const Deletion& d, const std::string& name, std::vector<PlanIssue>& issues) {
  PlanSide side;
  side.state = PlanSide::State::Deleted;
  side.summary = "deleted: " + d.by +
                 (d.finalizer.empty() ? "; it has no resources finalizer: its objects stay, no longer managed"
                                      : "; it carries " + d.finalizer + ": its objects are deleted with it (cascade)");
  for (const auto& [id, node] : d.objects) {
    PlannedObject p = d.finalizer.empty() ? planned(id) : plan_cascade(id, node, d.policy);
    if (d.finalizer.empty()) {
      p.action = Action::Keep;
      p.reason = "orphaned: stays, no longer managed by any app";
    }
    side.objects.push_back(std::move(p));
  }
  std::sort(side.objects.begin(), side.objects.end(), [](const PlannedObject& a, const PlannedObject& b) {
    if (kind_order(a.id.kind) != kind_order(b.id.kind)) return kind_order(a.id.kind) < kind_order(b.id.kind);
    return a.key < b.key;
  });
  PlanIssue issue{Severity::Error, "cascade-delete", name, "", {}};
  for (const PlannedObject& o : side.objects) {
    side.totals.add(o.action);
    if (o.action == Action::Delete) issue.objects.push_back(o.object);
  }
  if (!issue.objects.empty()) {
    issue.message = "app " + name + " is deleted (" + d.by + ") with its resources finalizer, and " +
                    std::to_string(issue.objects.size()) + (issue.objects.size() == 1 ? " object" : " objects") +
                    " with it";
    issues.push_back(std::move(issue));
  }
  return side;
}

AppPlan& plan_for(std::map<std::string, AppPlan>& apps, const std::string& name) {
  AppPlan& a = apps[name];
  a.app = name;
  return a;
}

// ---- against the snapshot

Deletion live_deletion(const Application& x, const LiveIndex& live, const std::string& by) {
  Deletion d{x.name, by, finalizer_of(x.live_manifest->root), {}, read_sync_policy(x)};
  for (const Manifest* m : live.owned(x.name)) d.objects.emplace_back(m->id, m->root);
  for (const StatusResource& r : live.status(x.name)) {
    if (r.health != "Missing" && !live.snapshot().find(r.key)) d.objects.emplace_back(r.id, yaml::Node());
  }
  return d;
}

void delete_live(const DeletionInput& in, const std::string& name, const std::string& by, std::map<std::string, AppPlan>& apps,
                 std::vector<PlanIssue>& issues) {
  const Application* x = in.head.find_app(name);
  if (!x || !x->live_manifest) return;
  plan_for(apps, x->name).live = deleted_side(live_deletion(*x, *in.live, by), x->name, issues);
}

// Whether an ApplicationSet's controller deletes what it no longer generates.
std::string set_policy_block(const std::string& policy) {
  if (policy == "create-only" || policy == "create-update") {
    return "its applicationsSync " + policy + " deletes no Application: it stays, and keeps syncing";
  }
  return "";
}

const Manifest* head_set(const DeletionInput& in, const std::string& name) {
  for (const Manifest& m : in.head_load.manifests) {
    if (is_kind(m.id, "ApplicationSet") && m.id.name == name) return &m;
  }
  if (in.live) {
    for (const Manifest& m : in.live->snapshot().objects) {
      if (is_kind(m.id, "ApplicationSet") && m.id.name == name) return &m;
    }
  }
  return nullptr;
}

void live_set_deletions(const DeletionInput& in, std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues) {
  for (const Application& x : in.head.apps) {
    if (!x.live_manifest || x.repo_manifest || !x.application_set.empty()) continue;
    std::string set = owning_set(x.live_manifest->root);
    const Manifest* s = set.empty() ? nullptr : head_set(in, set);
    if (!s) continue;
    AppPlan& plan = plan_for(apps, x.name);
    if (in.head.incomplete_application_sets) {
      plan.notes.push_back("ApplicationSet " + set + " may no longer generate it: not every ApplicationSet could be expanded");
      continue;
    }
    std::string kept = set_policy_block(text(s->root.path({"spec", "syncPolicy", "applicationsSync"})));
    if (!kept.empty()) {
      if (plan.live) plan.live->summary = "ApplicationSet " + set + " no longer generates it; " + kept;
      continue;
    }
    delete_live(in, x.name, "ApplicationSet " + set + " no longer generates it", apps, issues);
  }
}

void live_deletions(const DeletionInput& in, std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues) {
  std::vector<std::pair<std::string, std::string>> deleted;  // app, why
  for (auto& [name, plan] : apps) {
    if (!plan.live || plan.live->state != PlanSide::State::Planned) continue;
    for (const PlannedObject& o : plan.live->objects) {
      if (!o.prune || o.action != Action::Delete) continue;
      if (is_kind(o.id, "Application")) deleted.emplace_back(o.id.name, "pruned by app " + name);
      if (!is_kind(o.id, "ApplicationSet")) continue;
      for (const Application& x : in.head.apps) {
        if (x.live_manifest && owning_set(x.live_manifest->root) == o.id.name) {
          deleted.emplace_back(x.name, "its ApplicationSet " + o.id.name + " is pruned by app " + name);
        }
      }
    }
  }
  for (const auto& [app, by] : deleted) delete_live(in, app, by, apps, issues);
  live_set_deletions(in, apps, issues);
}

// ---- against the base

const DesiredObject* base_object(const ArgoModel& base, const std::string& key) {
  for (const DesiredObject& d : base.desired) {
    if (d.key == key) return &d;
  }
  return nullptr;
}

bool preserves(yaml::Node set) { return set.path({"spec", "syncPolicy", "preserveResourcesOnDeletion"}).as_bool().value_or(false); }

struct BaseDeleted {
  std::string app, by, finalizer;
};

void delete_base(const DeletionInput& in, const BaseDeleted& b, std::map<std::string, AppPlan>& apps,
                 std::vector<PlanIssue>& issues) {
  const Application* x = in.base->find_app(b.app);
  if (!x) return;
  Deletion d{x->name, b.by, b.finalizer, {}, read_sync_policy(*x)};
  for (const DesiredObject* o : (*in.base_objects)[in.base->index_of(*x)].applied) d.objects.emplace_back(o->id, o->object);
  plan_for(apps, x->name).change = deleted_side(d, x->name, issues);
}

// Child Applications and ApplicationSets a parent prunes in this change.
void pruned_by_parents(const DeletionInput& in, std::map<std::string, AppPlan>& apps, std::vector<BaseDeleted>& out) {
  for (auto& [name, plan] : apps) {
    if (!plan.change || plan.change->state != PlanSide::State::Planned) continue;
    for (const PlannedObject& o : plan.change->objects) {
      if (!o.prune || o.action != Action::Delete) continue;
      const DesiredObject* object = base_object(*in.base, o.key);
      if (is_kind(o.id, "Application")) {
        out.push_back({o.id.name, "pruned by app " + name, object ? finalizer_of(object->object) : ""});
      }
      if (!is_kind(o.id, "ApplicationSet")) continue;
      bool preserve = object && preserves(object->object);
      for (const Application& x : in.base->apps) {
        if (x.application_set != o.id.name) continue;
        out.push_back({x.name, "its ApplicationSet " + o.id.name + " is pruned by app " + name,
                       preserve ? "" : kResourcesFinalizer});
      }
    }
  }
}

// ApplicationSet elements the change stops generating.
void no_longer_generated(const DeletionInput& in, std::map<std::string, AppPlan>& apps, std::vector<BaseDeleted>& out) {
  for (const Application& x : in.base->apps) {
    if (x.application_set.empty()) continue;
    const Application* h = in.head.find_app(x.name);
    if (h && (!h->application_set.empty() || h->repo_manifest)) continue;
    const Manifest* s = head_set(in, x.application_set);
    if (!s) continue;
    AppPlan& plan = plan_for(apps, x.name);
    if (in.head.incomplete_application_sets) {
      plan.notes.push_back("ApplicationSet " + x.application_set + " may no longer generate it: not every ApplicationSet could be expanded");
      continue;
    }
    std::string kept = set_policy_block(text(s->root.path({"spec", "syncPolicy", "applicationsSync"})));
    if (!kept.empty()) {
      if (plan.change) plan.change->summary = "ApplicationSet " + x.application_set + " no longer generates it; " + kept;
      continue;
    }
    out.push_back({x.name, "ApplicationSet " + x.application_set + " no longer generates it",
                   preserves(s->root) ? "" : kResourcesFinalizer});
  }
}

void base_deletions(const DeletionInput& in, std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues) {
  std::vector<BaseDeleted> deleted;
  pruned_by_parents(in, apps, deleted);
  no_longer_generated(in, apps, deleted);
  for (const BaseDeleted& b : deleted) delete_base(in, b, apps, issues);
}

}  // namespace

void plan_app_deletions(const DeletionInput& in, std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues) {
  if (in.live) live_deletions(in, apps, issues);
  if (in.base) base_deletions(in, apps, issues);
}

}  // namespace driftlint
