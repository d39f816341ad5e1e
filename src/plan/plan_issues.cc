#include "plan/plan_issues.h"

#include <algorithm>
#include <set>

#include "plan/ownership.h"

namespace driftlint {

namespace {

using Action = PlannedObject::Action;

std::string names(const std::vector<std::string>& list) {
  std::string out;
  for (size_t i = 0; i < list.size(); ++i) out += (i == 0 ? "" : i + 1 == list.size() ? " and " : ", ") + list[i];
  return out;
}

void sync_failures(std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues) {
  for (auto& [name, a] : apps) {
    std::set<std::string> seen;
    for (const std::optional<PlanSide>* side : {&a.live, &a.change}) {
      if (!*side) continue;
      for (const PlannedObject& o : (*side)->objects) {
        if (o.action != Action::Fail || !seen.insert(o.key + o.error).second) continue;
        issues.push_back({Severity::Error, "sync-fails", name, o.object + ": " + o.error, {o.object}});
      }
    }
  }
}

void shared(const IssueInput& in, std::vector<PlanIssue>& issues) {
  for (const SharedObject& s : shared_objects(in.head)) {
    std::vector<std::string> apps;
    for (const DesiredObject* d : s.copies) apps.push_back(in.head.apps[d->app].name);
    std::string object = s.copies[0]->id.display();
    issues.push_back({Severity::Error, "shared-resource", apps[0],
                      object + " is rendered by apps " + names(apps) +
                          ": Argo CD hands it from one to the other on every sync, and an app that stops rendering it "
                          "prunes the object the other still needs",
                      {object}});
  }
}

// Objects of other apps that live in a namespace, or are of a kind a CRD defines.
std::vector<std::string> swept_along(const IssueInput& in, const PlannedObject& o, const std::string& app) {
  std::vector<std::string> out;
  bool is_ns = o.id.group.empty() && o.id.kind == "Namespace";
  auto hit = [&](const ObjectIdentity& id) {
    if (is_ns) return id.ns == o.id.name;
    return !o.crd_of.empty() && id.group + "/" + id.kind == o.crd_of;
  };
  std::set<std::string> seen;
  for (const DesiredObject& d : in.head.desired) {
    if (in.head.apps[d.app].name != app && hit(d.id) && seen.insert(d.key).second) out.push_back(d.id.display());
  }
  if (in.live) {
    for (const Manifest& m : in.live->snapshot().objects) {
      std::string owner = in.live->owner(m);
      if (!owner.empty() && owner != app && hit(m.id) && seen.insert(object_key(m.id)).second) out.push_back(m.id.display());
    }
  }
  return out;
}

std::string crd_defined(const IssueInput& in, const PlannedObject& o) {
  if (!(o.id.group == "apiextensions.k8s.io" && o.id.kind == "CustomResourceDefinition")) return "";
  if (!o.crd_of.empty()) return o.crd_of;
  for (const DesiredObject& d : in.head.desired) {
    if (d.key != o.key) continue;
    std::optional<std::string_view> group = d.object.path({"spec", "group"}).as_string();
    std::optional<std::string_view> kind = d.object.path({"spec", "names", "kind"}).as_string();
    if (group && kind) return std::string(*group) + "/" + std::string(*kind);
  }
  return "";
}

// A prune of an object another app still renders: deleted, then recreated
// by that app's next sync, with its own content.
using Renderers = std::map<std::string, std::set<std::string>>;  // object key -> apps that render it

void pruned_while_rendered(const Renderers& rendered, const std::string& app, const PlannedObject& o, bool cascade,
                           std::vector<PlanIssue>& issues) {
  std::vector<std::string> others;
  auto it = rendered.find(o.key);
  if (it != rendered.end()) {
    for (const std::string& other : it->second) {
      if (other != app) others.push_back(other);
    }
  }
  if (others.empty()) return;
  issues.push_back({Severity::Error, "shared-resource", app,
                    "app " + app + (cascade ? " deletes " : " prunes ") + o.object + (cascade ? " (cascade)" : "") +
                        ", which app " + names(others) +
                        " still renders: the object is deleted, and comes back only when " + names(others) +
                        " syncs it again, with its own content",
                    {o.object}});
}

void sweeping_deletes(const IssueInput& in, std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues) {
  Renderers rendered;
  for (const DesiredObject& d : in.head.desired) rendered[d.key].insert(in.head.apps[d.app].name);
  std::set<std::string> seen;
  for (auto& [name, a] : apps) {
    for (const std::optional<PlanSide>* side : {&a.live, &a.change}) {
      if (!*side) continue;
      for (const PlannedObject& o : (*side)->objects) {
        if (o.action != Action::Delete || !seen.insert(o.key).second) continue;
        if (o.prune) pruned_while_rendered(rendered, name, o, (*side)->state == PlanSide::State::Deleted, issues);
        PlannedObject probe = o;
        probe.crd_of = crd_defined(in, o);
        bool is_ns = o.id.group.empty() && o.id.kind == "Namespace";
        if (!is_ns && probe.crd_of.empty()) continue;
        std::vector<std::string> others = swept_along(in, probe, name);
        if (others.empty()) continue;
        issues.push_back({Severity::Error, is_ns ? "namespace-delete" : "crd-delete", name,
                          "app " + name + " deletes " + o.object + ", and with it " + std::to_string(others.size()) +
                              (is_ns ? " object(s) other apps deploy into that namespace" : " custom resource(s) of other apps"),
                          others});
      }
    }
  }
}

void ordering(const IssueInput& in, std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues) {
  for (const NamespaceOwner& n : owned_namespaces(in.head)) {
    std::set<std::string> others;
    for (const DesiredObject* d : n.dependents) others.insert(in.head.apps[d->app].name);
    const std::string& owner = in.head.apps[n.ns->app].name;
    issues.push_back({Severity::Warning, "namespace-owner", owner,
                      "app " + owner + " owns " + n.ns->id.display() + ", where apps " +
                          names(std::vector<std::string>(others.begin(), others.end())) +
                          " deploy: deleting " + owner + " (or pruning the Namespace) deletes their objects too",
                      {n.ns->id.display()}});
  }
  for (const CrdInOtherApp& c : crds_in_other_apps(in.head)) {
    const std::string& app = in.head.apps[c.resource->app].name;
    const std::string& other = in.head.apps[c.crd->app].name;
    issues.push_back({Severity::Warning, "crd-in-other-app", app,
                      c.resource->id.display() + " needs " + c.crd->id.display() + ", which app " + other +
                          " deploys: where that CRD is not installed yet (a new cluster), this app's sync fails its "
                          "dry run until it is (SkipDryRunOnMissingResource=true and a retry let it wait)",
                      {c.resource->id.display()}});
  }
  for (const UngatedWaves& u : ungated_app_waves(in.head, in.head_load, in.snapshot)) {
    const std::string& parent = in.head.apps[u.parent].name;
    std::string cm = u.argocd_cm.empty() ? "argocd-cm is in neither the snapshot nor the repos, and Argo CD has no "
                                           "health check for Application by default"
                                         : "argocd-cm (" + u.argocd_cm + ") has no health check for Application";
    std::string message = "app " + parent + " orders " + std::to_string(u.apps.size()) +
                          " child Application(s) with sync waves, but " + cm +
                          ": each wave counts as healthy at once, so the waves do not wait for the child apps";
    apps[parent].notes.push_back(message);
    issues.push_back({Severity::Warning, "app-wave-ungated", parent, message, {}});
  }
}

}  // namespace

void add_plan_issues(const IssueInput& in, std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues) {
  sync_failures(apps, issues);
  shared(in, issues);
  sweeping_deletes(in, apps, issues);
  ordering(in, apps, issues);
  std::stable_sort(issues.begin(), issues.end(), [](const PlanIssue& a, const PlanIssue& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return std::tie(a.app, a.code, a.message) < std::tie(b.app, b.code, b.message);
  });
  // The same issue seen against the snapshot and against the base is said once.
  issues.erase(std::unique(issues.begin(), issues.end(),
                           [](const PlanIssue& a, const PlanIssue& b) {
                             return a.code == b.code && a.app == b.app && a.message == b.message && a.objects == b.objects;
                           }),
               issues.end());
}

}  // namespace driftlint
