#include "plan/plan.h"

namespace driftlint {

void PlanTotals::add(PlannedObject::Action a) {
  using A = PlannedObject::Action;
  switch (a) {
    case A::Create: ++create; break;
    case A::Update: ++update; break;
    case A::Delete: ++remove; break;
    case A::Replace: ++replace; break;
    case A::Fail: ++fail; break;
    case A::Keep: ++keep; break;
    case A::Unchanged: ++unchanged; break;
    case A::Unknown: ++unknown; break;
  }
}

void PlanTotals::add(const PlanTotals& o) {
  create += o.create;
  update += o.update;
  remove += o.remove;
  replace += o.replace;
  fail += o.fail;
  keep += o.keep;
  unchanged += o.unchanged;
  unknown += o.unknown;
}

const char* action_name(PlannedObject::Action a) {
  using A = PlannedObject::Action;
  switch (a) {
    case A::Create: return "create";
    case A::Update: return "update";
    case A::Delete: return "delete";
    case A::Replace: return "replace";
    case A::Fail: return "fail";
    case A::Keep: return "keep";
    case A::Unchanged: return "unchanged";
    case A::Unknown: return "unknown";
  }
  return "";
}

const char* action_marker(PlannedObject::Action a) {
  using A = PlannedObject::Action;
  switch (a) {
    case A::Create: return "+";
    case A::Update: return "~";
    case A::Delete: return "-";
    case A::Replace: return "±";
    case A::Fail: return "!";
    case A::Keep: return ".";
    case A::Unchanged: return "=";
    case A::Unknown: return "?";
  }
  return "";
}

const char* state_name(PlanSide::State s) {
  using S = PlanSide::State;
  switch (s) {
    case S::Planned: return "planned";
    case S::Unknown: return "unknown-live-state";
    case S::NotRendered: return "not-rendered";
    case S::Absent: return "absent";
    case S::Deleted: return "deleted";
  }
  return "";
}

std::string totals_line(const PlanTotals& t) {
  std::string out = "+" + std::to_string(t.create) + " ~" + std::to_string(t.update) + " -" + std::to_string(t.remove) +
                    " ±" + std::to_string(t.replace);
  if (t.fail) out += ", " + std::to_string(t.fail) + (t.fail == 1 ? " fails" : " fail");
  if (t.unknown) out += ", " + std::to_string(t.unknown) + " unknown";
  return out;
}

}  // namespace driftlint
