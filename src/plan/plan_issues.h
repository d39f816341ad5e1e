// The plan's issues, beside each app's objects: syncs that fail, objects two
// apps render, deletes that take other apps' objects with them (a
// Namespace, a CRD), custom resources whose CRD another app deploys, and
// child-app waves that cannot gate.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "plan/live_index.h"
#include "plan/plan.h"

namespace driftlint {

struct IssueInput {
  const ArgoModel& head;
  const LoadResult& head_load;
  const Snapshot* snapshot = nullptr;
  const LiveIndex* live = nullptr;
};

void add_plan_issues(const IssueInput& in, std::map<std::string, AppPlan>& apps, std::vector<PlanIssue>& issues);

}  // namespace driftlint
