// An app against the base: what the change alters in what Argo CD applies,
// taking the base as what is live (the base was synced): objects added are
// created, objects removed pruned or kept, objects changed updated,
// replaced or failing, compared field by field both ways.
#include <map>

#include "plan/sides.h"

namespace driftlint {

PlanSide base_side(const AppPlanContext& c, const AppObjects& head, const AppObjects* base) {
  PlanSide side;
  std::map<std::string, const DesiredObject*> after, before;
  for (const DesiredObject* d : head.applied) after.emplace(d->key, d);
  if (base) {
    for (const DesiredObject* d : base->applied) before.emplace(d->key, d);
  } else {
    side.summary = "new in this change: its objects are created when the app is";
  }
  for (const auto& [key, d] : after) {
    auto b = before.find(key);
    side.objects.push_back(b == before.end() ? plan_created(*d, c) : plan_existing(*d, b->second->object, false, c));
  }
  for (const auto& [key, d] : before) {
    if (!after.count(key)) side.objects.push_back(plan_pruned(d->id, d->object, c));
  }
  return side;
}

}  // namespace driftlint
