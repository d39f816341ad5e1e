// `driftlint plan`: what an Argo CD sync would do, offline. For every app,
// the objects a sync creates, updates (field by field), prunes, replaces or
// leaves alone, in the order Argo CD runs them (phases, waves, kinds), the
// hooks it runs, and what deleting an app takes with it. Two comparisons:
// against the cluster snapshot (what live would become) and against a base
// revision (what a change alters in what Argo CD applies). What cannot be
// known offline is said, never guessed ("unknown live state").
// docs/plan.md describes every semantic and cites Argo CD for it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "argocd/model.h"
#include "model/severity.h"

namespace driftlint {

struct PlannedField {
  enum class Change { Added, Removed, Changed, Unchanged };  // Unchanged: a Secret's key, listed
  Change change = Change::Changed;
  std::string path;           // "spec.replicas"
  std::string before, after;  // as messages show values; "" where absent or secret
  bool secret = false;        // a Secret's key: values never shown
  bool ignored = false;       // covered by ignoreDifferences
  bool immutable = false;
};

struct PlannedObject {
  enum class Action {
    Create,     // +
    Update,     // ~
    Delete,     // - (pruned, or deleted with its app)
    Replace,    // ± deleted and recreated
    Fail,       // ! the sync fails on it
    Keep,       // . left alone: prune disabled, extraneous, orphaned, kept on deletion
    Unchanged,  // = no difference
    Unknown,    // ? its live state is unknown
  };
  Action action = Action::Unchanged;
  ObjectIdentity id;
  std::string key;
  std::string object;  // "Deployment ns/name"
  std::string phase = "Sync";
  int wave = 0;        // the wave it runs in (prunes: reversed; PruneLast: after the last)
  std::string how;     // "kubectl apply", "server-side apply", "kubectl replace --force", "delete", ...
  std::string reason;  // one line: why this action (or why not)
  std::vector<PlannedField> fields;
  std::vector<std::string> notes;
  std::string error;  // for Fail: "field is immutable: spec.selector"
  std::string source;  // where the rule that decided it is written (immutable fields)

  // How it was decided (for ordering and the app's sync status).
  bool prune = false;              // a prune task (git no longer renders it)
  bool prune_last = false;         // PruneLast=true on the app or the object
  bool ignore_extraneous = false;  // compare-options: IgnoreExtraneous
  bool ignored_only = false;       // only ignoreDifferences fields differ
  std::string crd_of;              // a CRD: the "group/Kind" it defines
  bool needs_confirmation = false; // Prune=confirm
};

// A hook of the app, run in its phase on every sync.
struct PlannedHook {
  std::string object;
  std::string phase;  // PreSync, Sync, PostSync, SyncFail (PreDelete, PostDelete run on deletion)
  int wave = 0;
  std::string deletion;  // what its delete policies do
};

struct PlanTotals {
  size_t create = 0, update = 0, remove = 0, replace = 0, fail = 0, keep = 0, unchanged = 0, unknown = 0;
  void add(PlannedObject::Action a);
  void add(const PlanTotals& o);
  bool any_change() const { return create || update || remove || replace || fail; }
};

// One comparison of an app: against the snapshot, or against the base.
struct PlanSide {
  enum class State {
    Planned,      // objects below
    Unknown,      // unknown live state: nothing planned
    NotRendered,  // the app does not render: nothing planned
    Absent,       // the app does not exist on this side's "before" and is not created
    Deleted,      // the app itself is deleted (objects: what goes with it)
  };
  State state = State::Planned;
  std::string summary;  // one line: what happens to the app as a whole
  std::vector<PlannedObject> objects;  // in the order the sync runs them
  PlanTotals totals;
  bool syncs = false;  // whether a sync runs (auto-sync on an OutOfSync app)
};

struct PlanIssue {
  Severity severity = Severity::Error;
  std::string code;  // "sync-fails", "cascade-delete", "shared-resource", ...
  std::string app;
  std::string message;
  std::vector<std::string> objects;  // the objects it concerns (a cascade delete's)
};

struct AppPlan {
  std::string app;
  std::string policy;  // "auto-sync (prune, selfHeal)", "manual sync: pending until someone syncs"
  std::string sources; // where it renders from
  std::optional<PlanSide> live;    // against the snapshot
  std::optional<PlanSide> change;  // against the base
  std::vector<PlannedHook> hooks;  // in the order they run
  std::vector<std::string> notes;  // ordering, waves, what is not modelled for this app
};

struct Plan {
  bool against_live = false;
  bool against_base = false;
  std::string base;      // "HEAD"
  std::string snapshot;  // "context gpu-prod, captured 2026-12-04T09:00:00Z"
  std::vector<AppPlan> apps;  // sorted by name; apps with nothing to say left out
  size_t quiet_apps = 0;      // apps left out: nothing changes on either side
  PlanTotals live_totals, change_totals;
  std::vector<PlanIssue> issues;
  std::vector<std::string> notes;
};

struct PlanInput {
  const ArgoModel& head;
  const LoadResult& head_load;
  const ArgoModel* base = nullptr;  // against the base when set
  const LoadResult* base_load = nullptr;
  std::string base_label;
  const Snapshot* snapshot = nullptr;  // against live when set
};

Plan build_plan(const PlanInput& input);

const char* action_name(PlannedObject::Action a);    // "create", "update", ...
const char* action_marker(PlannedObject::Action a);  // "+", "~", "-", "±", "!", ".", "=", "?"
const char* state_name(PlanSide::State s);           // "planned", "unknown-live-state", ...
// "+3 ~2 -1 ±1", then ", 1 fails" and ", 2 unknown" where there are any.
std::string totals_line(const PlanTotals& t);

}  // namespace driftlint
