// Apps a sync deletes: a child Application its parent prunes, the
// Applications of a pruned ApplicationSet, and an ApplicationSet element no
// longer generated. With the resources finalizer the app's objects go with
// it (cascade), minus CRDs, Delete=false and helm.sh/resource-policy: keep;
// without it they stay, no longer managed. An app renamed is one deleted and
// one created.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "plan/live_index.h"
#include "plan/plan.h"

namespace driftlint {

struct AppObjects;

struct DeletionInput {
  const ArgoModel& head;
  const LoadResult& head_load;
  const ArgoModel* base = nullptr;
  const std::vector<AppObjects>* base_objects = nullptr;  // objects_by_app(*base)
  const LiveIndex* live = nullptr;
};

// Marks the sides of deleted apps (state Deleted, their objects what goes
// with them) and adds the cascade-delete issues. `apps` by name.
void plan_app_deletions(const DeletionInput& in, std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues);

}  // namespace driftlint
