// What the app's sync policy makes of a side's objects: whether an
// automated sync runs at all (controller/appcontroller.go autoSync: only an
// OutOfSync app; not when only pruning is needed and prune is off; not when
// it would delete every object without allowEmpty; once per revision
// without selfHeal), what happens to fields ignoreDifferences covers, and to
// extraneous objects marked IgnoreExtraneous.
#include "plan/sides.h"

namespace driftlint {

namespace {

using Action = PlannedObject::Action;

bool differs(const PlannedObject& o) {
  return o.action == Action::Create || o.action == Action::Update || o.action == Action::Replace ||
         o.action == Action::Fail;
}

struct SyncStatus {
  bool out_of_sync = false;
  bool prune_only = true;  // every difference is an object to prune
  bool all_prune = true;   // git renders nothing: every object would be pruned
};

SyncStatus sync_status(const PlanSide& side) {
  SyncStatus s;
  s.all_prune = !side.objects.empty();
  for (const PlannedObject& o : side.objects) {
    if (!o.prune) s.all_prune = false;
    if (differs(o) && !o.prune) {
      s.out_of_sync = true;
      s.prune_only = false;
    }
    // An extraneous object makes the app OutOfSync, unless IgnoreExtraneous.
    if (o.prune && !o.ignore_extraneous) s.out_of_sync = true;
  }
  return s;
}

void keep_all_prunes(PlanSide& side, const std::string& reason) {
  for (PlannedObject& o : side.objects) {
    if (o.prune && o.action == Action::Delete) {
      o.action = Action::Keep;
      o.reason = reason;
    }
  }
}

// The app-level verdict of an automated app; sets side.syncs.
std::string auto_sync_verdict(PlanSide& side, const AppPlanContext& c, const SideFacts& facts) {
  const AppSyncPolicy& p = c.policy;
  SyncStatus s = sync_status(side);
  if (!facts.app_exists) {
    side.syncs = true;
    return "auto-sync syncs it once it exists";
  }
  if (!s.out_of_sync) {
    return side.totals.unknown ? "no known difference: no sync runs (the rest is of unknown live state)" : "no change: no sync runs";
  }
  bool already_synced_revision = facts.synced_this_revision;
  if (already_synced_revision && !p.self_heal) {
    return "auto-sync already synced this revision and selfHeal is off: these differences stay until the next "
           "commit or a manual sync";
  }
  if (s.prune_only && !p.prune) return "auto-sync skips it: only pruning is needed, and automated.prune is off";
  if (p.prune && !p.allow_empty && s.all_prune) {
    keep_all_prunes(side, "kept: auto-sync refuses to delete every object of the app (allowEmpty is off)");
    return "auto-sync refuses: it would delete every object of the app (automated.allowEmpty is off)";
  }
  side.syncs = true;
  return "auto-sync runs: the app is OutOfSync";
}

void settle_objects(PlanSide& side, const AppPlanContext& c, bool manual) {
  bool applies_ignored = !c.policy.option_is("ApplyOutOfSyncOnly", "true") &&
                         !c.policy.option_is("RespectIgnoreDifferences", "true");
  for (PlannedObject& o : side.objects) {
    if (o.ignored_only && o.action == Action::Unchanged && (side.syncs || manual) && applies_ignored) {
      o.action = Action::Update;
      o.reason = "only fields ignoreDifferences covers differ: they do not make the app OutOfSync, but a sync "
                 "applies them as git has them (RespectIgnoreDifferences is off)";
    }
    if (o.prune && o.ignore_extraneous && o.action == Action::Delete && !manual && !side.syncs) {
      o.action = Action::Keep;
      o.reason = "not pruned now: IgnoreExtraneous keeps it from making the app OutOfSync, so no sync runs for it "
                 "(a sync that runs for another reason prunes it)";
    }
  }
}

}  // namespace

void finish_side(PlanSide& side, const AppPlanContext& c, const SideFacts& facts) {
  side.totals = PlanTotals();
  for (const PlannedObject& o : side.objects) side.totals.add(o.action);
  if (side.state == PlanSide::State::Planned) {
    bool manual = !c.policy.auto_sync();
    std::string verdict;
    if (manual && facts.app_exists && !sync_status(side).out_of_sync) {
      verdict = side.totals.unknown ? "no known difference (the rest is of unknown live state)" : "no change";
    } else if (c.policy.rolling_sync) {
      verdict = c.policy.rolling_step ? "synced in step " + std::to_string(c.policy.rolling_step) +
                                            " of the RollingSync of ApplicationSet " + c.policy.application_set
                                      : "pending until someone syncs (no RollingSync step selects it)";
    } else if (manual) {
      verdict = "manual sync: pending until someone syncs";
    } else {
      verdict = auto_sync_verdict(side, c, facts);
    }
    side.summary = side.summary.empty() ? verdict : side.summary + "; " + verdict;
    settle_objects(side, c, manual);
    order_sync(side.objects);
    for (const PlannedObject& o : side.objects) {
      if (o.action != Action::Delete || !o.needs_confirmation) continue;
      side.summary += "; the sync stops at " + o.phase + " wave " + std::to_string(o.wave) +
                      " until someone confirms the pruning (Prune=confirm): nothing from there on is applied before";
      break;
    }
  }
  side.totals = PlanTotals();
  for (const PlannedObject& o : side.objects) side.totals.add(o.action);
}

}  // namespace driftlint
