// The plan as text, Terraform-like: one block per app, a marker per object
// (+ create, ~ update, - delete, ± replace, ! fails, . kept, ? unknown), the
// fields below it, grouped by phase and wave when the app uses several.
#include "report/plan_report.h"

#include <algorithm>

namespace driftlint {

namespace {

const char* field_marker(PlannedField::Change c) {
  switch (c) {
    case PlannedField::Change::Added: return "+";
    case PlannedField::Change::Removed: return "-";
    case PlannedField::Change::Changed: return "~";
    case PlannedField::Change::Unchanged: return "=";
  }
  return "";
}

std::string field_line(const PlannedField& f) {
  std::string out = std::string(field_marker(f.change)) + " " + f.path + ": ";
  if (f.secret) {
    out += f.change == PlannedField::Change::Unchanged ? "(secret, unchanged)"
           : f.change == PlannedField::Change::Added   ? "(secret, added)"
           : f.change == PlannedField::Change::Removed ? "(secret, removed)"
                                                       : "(secret, changed)";
  } else {
    out += f.change == PlannedField::Change::Added ? f.after : f.change == PlannedField::Change::Removed ? f.before
                                                                                                        : f.before + " -> " + f.after;
  }
  if (f.ignored) out += " (ignoreDifferences)";
  if (f.immutable) out += " (immutable)";
  return out;
}

std::string object_head(const PlannedObject& o) {
  std::string out = std::string(action_marker(o.action)) + " " + o.object;
  if (!o.error.empty()) return out + ": " + o.error;
  if (!o.reason.empty()) out += ": " + o.reason;
  if (!o.how.empty() && (o.action == PlannedObject::Action::Update || o.action == PlannedObject::Action::Create ||
                         o.action == PlannedObject::Action::Replace)) {
    out += (o.reason.empty() ? " (" : " (") + o.how + ")";
  }
  return out;
}

bool several_steps(const PlanSide& side) {
  for (const PlannedObject& o : side.objects) {
    if (o.phase != side.objects.front().phase || o.wave != side.objects.front().wave) return true;
  }
  return false;
}

std::string side_text(const PlanSide& side, const std::string& title) {
  std::string out = "  " + title + ": " + side.summary;
  if (side.state != PlanSide::State::Planned && side.state != PlanSide::State::Deleted) return out + "\n";
  bool listed = std::any_of(side.objects.begin(), side.objects.end(), [](const PlannedObject& o) {
    return o.action != PlannedObject::Action::Unchanged || !o.notes.empty();
  });
  if (!listed) return out + (side.totals.unchanged ? " (" + std::to_string(side.totals.unchanged) + " unchanged)" : "") + "\n";
  out += "\n";
  bool steps = several_steps(side);
  std::string step;
  for (const PlannedObject& o : side.objects) {
    if (o.action == PlannedObject::Action::Unchanged && o.notes.empty()) continue;
    std::string indent = steps ? "      " : "    ";
    std::string this_step = o.phase + " wave " + std::to_string(o.wave);
    if (steps && this_step != step) {
      out += "    " + this_step + ":\n";
      step = this_step;
    }
    out += indent + object_head(o) + "\n";
    if (o.action == PlannedObject::Action::Fail && !o.reason.empty()) out += indent + "    (" + o.reason + ")\n";
    for (const PlannedField& f : o.fields) out += indent + "    " + field_line(f) + "\n";
    for (const std::string& n : o.notes) out += indent + "    note: " + n + "\n";
  }
  out += "    " + totals_line(side.totals);
  if (side.totals.unchanged) out += ", " + std::to_string(side.totals.unchanged) + " unchanged";
  if (side.totals.keep) out += ", " + std::to_string(side.totals.keep) + " kept";
  return out + "\n";
}

}  // namespace

std::string plan_app_text(const AppPlan& a) {
  std::string out = "app " + a.app + (a.policy.empty() ? "" : ": " + a.policy) + "\n";
  if (!a.sources.empty()) out += "  from " + a.sources + "\n";
  if (a.live) out += side_text(*a.live, "live -> git");
  if (a.change) out += side_text(*a.change, "this change");
  if (!a.hooks.empty()) {
    out += "  hooks, in the order a sync runs them:\n";
    for (const PlannedHook& h : a.hooks) {
      out += "    " + h.phase + " wave " + std::to_string(h.wave) + ": " + h.object +
             (h.deletion.empty() ? "" : " (" + h.deletion + ")") + "\n";
    }
  }
  for (const std::string& n : a.notes) out += "  note: " + n + "\n";
  return out;
}

std::string plan_text(const Plan& plan) {
  std::string out = "driftlint plan: what an Argo CD sync would do\n";
  if (plan.against_live) out += "  live -> git: against " + plan.snapshot + "\n";
  if (plan.against_base) out += "  this change: against the base " + plan.base + "\n";
  if (!plan.against_live && !plan.against_base) {
    out += "  nothing to compare with: give --snapshot FILE (what live would become) or --base REV (what this change alters)\n";
  }
  out += "\n";
  if (!plan.issues.empty()) {
    for (const PlanIssue& i : plan.issues) {
      out += std::string(severity_name(i.severity)) + " " + i.code + ": " + i.message + "\n";
      if (i.code == "cascade-delete" || i.code == "namespace-delete" || i.code == "crd-delete") {
        for (const std::string& o : i.objects) out += "    - " + o + "\n";
      }
    }
    out += "\n";
  }
  for (const AppPlan& a : plan.apps) out += plan_app_text(a) + "\n";
  for (const std::string& n : plan.notes) out += "note: " + n + "\n";
  out += "Plan:";
  if (plan.against_live) out += " live -> git " + totals_line(plan.live_totals) + ";";
  if (plan.against_base) out += " this change " + totals_line(plan.change_totals) + ";";
  out += " " + std::to_string(plan.quiet_apps) + (plan.quiet_apps == 1 ? " app" : " apps") + " without changes.\n";
  return out;
}

}  // namespace driftlint
