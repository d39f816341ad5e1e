// The plan as JSON, as schemas/plan.schema.json describes it.
#include <nlohmann/json.hpp>

#include "report/plan_report.h"
#include "yaml/json_text.h"

namespace driftlint {

namespace {

using json = nlohmann::ordered_json;

const char* change_name(PlannedField::Change c) {
  switch (c) {
    case PlannedField::Change::Added: return "added";
    case PlannedField::Change::Removed: return "removed";
    case PlannedField::Change::Changed: return "changed";
    case PlannedField::Change::Unchanged: return "unchanged";
  }
  return "";
}

json totals(const PlanTotals& t) {
  return {{"create", t.create}, {"update", t.update}, {"delete", t.remove}, {"replace", t.replace},
          {"fail", t.fail},     {"keep", t.keep},     {"unchanged", t.unchanged}, {"unknown", t.unknown}};
}

json field(const PlannedField& f) {
  json j = {{"path", f.path}, {"change", change_name(f.change)}, {"secret", f.secret}};
  if (!f.secret) {
    j["before"] = f.before.empty() ? json() : json(f.before);
    j["after"] = f.after.empty() ? json() : json(f.after);
  }
  j["ignored"] = f.ignored;
  j["immutable"] = f.immutable;
  return j;
}

json object(const PlannedObject& o) {
  json fields = json::array();
  for (const PlannedField& f : o.fields) fields.push_back(field(f));
  return {{"action", action_name(o.action)},
          {"object", o.object},
          {"group", o.id.group},
          {"kind", o.id.kind},
          {"namespace", o.id.ns},
          {"name", o.id.name},
          {"phase", o.phase},
          {"wave", o.wave},
          {"how", o.how},
          {"reason", o.reason},
          {"error", o.error.empty() ? json() : json(o.error)},
          {"source", o.source.empty() ? json() : json(o.source)},
          {"fields", fields},
          {"notes", o.notes}};
}

json side(const std::optional<PlanSide>& s) {
  if (!s) return json();
  json objects = json::array();
  for (const PlannedObject& o : s->objects) objects.push_back(object(o));
  return {{"state", state_name(s->state)}, {"summary", s->summary}, {"syncs", s->syncs}, {"totals", totals(s->totals)},
          {"objects", objects}};
}

json app(const AppPlan& a) {
  json hooks = json::array();
  for (const PlannedHook& h : a.hooks) {
    hooks.push_back({{"object", h.object}, {"phase", h.phase}, {"wave", h.wave}, {"deletion", h.deletion}});
  }
  return {{"app", a.app}, {"policy", a.policy}, {"sources", a.sources}, {"live", side(a.live)}, {"change", side(a.change)},
          {"hooks", hooks}, {"notes", a.notes}};
}

}  // namespace

std::string plan_json(const Plan& plan) {
  json apps = json::array();
  for (const AppPlan& a : plan.apps) apps.push_back(app(a));
  json issues = json::array();
  for (const PlanIssue& i : plan.issues) {
    issues.push_back({{"severity", std::string(severity_name(i.severity))}, {"code", i.code}, {"app", i.app},
                      {"message", i.message}, {"objects", i.objects}});
  }
  json against = {{"live", plan.against_live ? json(plan.snapshot) : json()},
                  {"base", plan.against_base ? json(plan.base) : json()}};
  json out = {{"schemaVersion", 1},
              {"against", against},
              {"totals", {{"live", plan.against_live ? totals(plan.live_totals) : json()},
                          {"change", plan.against_base ? totals(plan.change_totals) : json()}}},
              {"appsWithoutChanges", plan.quiet_apps},
              {"issues", issues},
              {"apps", apps},
              {"notes", plan.notes}};
  return yaml::indented_json(out) + "\n";
}

}  // namespace driftlint
