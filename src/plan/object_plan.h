// One object's part of a sync, as gitops-engine decides it: applied (client-
// or server-side), replaced, deleted and recreated, or failing on an
// immutable field; pruned or kept; created. The app's options and the
// object's own annotations decide (docs/plan.md cites each).
#pragma once

#include <string>
#include <vector>

#include "argocd/ignore_differences.h"
#include "argocd/model.h"
#include "plan/immutable_fields.h"
#include "plan/plan.h"
#include "plan/sync_options.h"

namespace driftlint {

// What the plan knows of one app while planning it.
struct AppPlanContext {
  const Application& app;
  AppSyncPolicy policy;
  std::vector<IgnoreDifference> ignore_differences;  // as the plan's spec says
  const ImmutableFields& immutable;
};

AppPlanContext app_plan_context(const Application& app, const ImmutableFields& immutable);

// An object git applies whose copy exists before the sync (`before`: the
// live object, or the base's): update, replace, fail or unchanged.
// `against_live`: only the fields git sets are compared (the cluster adds
// defaults); against the base, fields git drops count too.
PlannedObject plan_existing(const DesiredObject& desired, yaml::Node before, bool against_live, const AppPlanContext& app);

// An object git applies that does not exist yet.
PlannedObject plan_created(const DesiredObject& desired, const AppPlanContext& app);

// An object the app has (live, or at the base) that git no longer renders:
// pruned or kept. `object` may be invalid when only status.resources lists it.
PlannedObject plan_pruned(const ObjectIdentity& id, yaml::Node object, const AppPlanContext& app);

// What happens to an object when its app is deleted with the resources
// finalizer: deleted, or kept (a CRD, Delete=false, helm.sh/resource-policy: keep).
PlannedObject plan_cascade(const ObjectIdentity& id, yaml::Node object, const AppSyncPolicy& policy);

// An object's identity with the key and display name filled in (and, for a
// CRD git applies, the kind it defines).
PlannedObject planned(const ObjectIdentity& id);
PlannedObject planned(const DesiredObject& desired);

}  // namespace driftlint
