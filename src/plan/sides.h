// One app's plan on each side: against the snapshot (live_side) and against
// the base (base_side), both finished the same way (finish_side): whether a
// sync runs at all, what the app's options make of ignored fields and
// extraneous objects, the order, the totals.
#pragma once

#include <string>
#include <vector>

#include "argocd/model.h"
#include "plan/live_index.h"
#include "plan/object_plan.h"
#include "plan/plan.h"

namespace driftlint {

// What an app renders: the objects it applies, its hooks (run, never
// applied), and objects marked Skip.
struct AppObjects {
  std::vector<const DesiredObject*> applied;
  std::vector<const DesiredObject*> hooks;
  size_t skipped = 0;
};
// Per app of the model (by index), in one pass over its desired objects.
std::vector<AppObjects> objects_by_app(const ArgoModel& model);

// Why driftlint cannot know everything the app renders ("" when it can):
// a source that does not build, is not loaded, does not exist, or that
// driftlint does not run (plugins, jsonnet).
std::string unrendered_reason(const ArgoModel& model, const LoadResult& load, uint32_t app);

PlanSide live_side(const AppPlanContext& c, const AppObjects& objects, const LiveIndex& live);

// `base` null: the app is new in this change.
PlanSide base_side(const AppPlanContext& c, const AppObjects& head, const AppObjects* base);

struct SideFacts {
  bool app_exists = true;             // the Application exists before the sync (live, or at the base)
  bool synced_this_revision = false;  // live: auto-sync has synced the loaded commit already
};

// Whether a sync runs, ignored fields and IgnoreExtraneous, order, totals.
void finish_side(PlanSide& side, const AppPlanContext& c, const SideFacts& facts);

// Orders a side's objects as gitops-engine runs them: prune waves reversed
// (PruneLast after every other wave), then by phase, wave, kind, name, with
// Namespaces and CRDs moved ahead of the objects that need them.
void order_sync(std::vector<PlannedObject>& objects);

// The rank of a kind in gitops-engine's kindOrder (custom resources last).
int kind_order(const std::string& kind);

}  // namespace driftlint
