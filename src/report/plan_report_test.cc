#include "report/plan_report.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

namespace driftlint {
namespace {

// A plan whose names and values come from a hostile repo.
Plan hostile_plan() {
  Plan plan;
  plan.against_base = true;
  plan.base = "HEAD";
  AppPlan a;
  a.app = "evil<!-- hidden --><img src=x onerror=alert(1)>|app`name";
  a.policy = "auto-sync (prune)";
  PlanSide side;
  PlannedObject o;
  o.action = PlannedObject::Action::Delete;
  o.prune = true;
  o.id.kind = "ConfigMap";
  o.id.name = "cm|</details>```";
  o.object = "ConfigMap ns/" + o.id.name;
  o.reason = "pruned <script>x</script> | `code`";
  PlannedField f;
  f.path = "data.key";
  f.before = "\"</summary><b>\"";
  o.fields.push_back(f);
  side.objects.push_back(o);
  side.totals.add(o.action);
  side.summary = "auto-sync runs";
  a.change = side;
  plan.change_totals = side.totals;
  plan.apps.push_back(a);
  plan.issues.push_back({Severity::Error, "cascade-delete", a.app, "app " + a.app + " is deleted <!--", {o.object}});
  return plan;
}

// The Markdown outside code: fenced blocks and code spans (CommonMark: a
// span ends at a backtick run as long as the one that opened it) removed.
std::string outside_code(const std::string& md) {
  std::string out;
  size_t i = 0;
  while (i < md.size()) {
    if (md[i] == '\\' && i + 1 < md.size()) {  // an escaped character opens nothing
      out += md.substr(i, 2);
      i += 2;
      continue;
    }
    size_t run = 0;
    while (i + run < md.size() && md[i + run] == '`') ++run;
    if (run == 0) {
      out += md[i++];
      continue;
    }
    std::string fence(run, '`');
    bool block = run >= 3 && (i == 0 || md[i - 1] == '\n');
    size_t end = i + run;
    for (;;) {
      end = md.find(block ? "\n" + fence : fence, end);
      if (end == std::string::npos) break;
      size_t close = end + (block ? 1 : 0);
      if (block || ((close == 0 || md[close - 1] != '`') && (close + run >= md.size() || md[close + run] != '`'))) {
        end = close;
        break;
      }
      end += run;
    }
    if (end == std::string::npos) return out + md.substr(i);  // an unclosed fence: all of it counts
    i = end + run;
  }
  return out;
}

TEST(PlanReportTest, MarkdownEscapesEveryRepoString) {
  std::string md = plan_markdown(hostile_plan());
  std::string prose = outside_code(md);
  EXPECT_EQ(prose.find("<!--"), std::string::npos) << prose;
  EXPECT_EQ(prose.find("<img"), std::string::npos) << prose;
  EXPECT_EQ(prose.find("<script"), std::string::npos) << prose;
  EXPECT_EQ(prose.find("</details>```"), std::string::npos) << prose;  // the name cannot close the section or its fence
  // Ours only: <details>, <summary>, <code> and their ends.
  EXPECT_EQ(std::count(prose.begin(), prose.end(), '<'), 6) << prose;
  // Each table row keeps its cells: a pipe in a name is escaped.
  for (size_t at = md.find("\n| `"); at != std::string::npos; at = md.find("\n| `", at + 1)) {
    std::string row = md.substr(at + 1, md.find('\n', at + 1) - at - 1);
    size_t cells = 0;
    for (size_t i = 0; i < row.size(); ++i) cells += row[i] == '|' && (i == 0 || row[i - 1] != '\\');
    EXPECT_EQ(cells, 4u) << row;
  }
  // The per-app block is fenced longer than any backtick run it holds.
  EXPECT_NE(md.find("````text\n"), std::string::npos) << md;
}

TEST(PlanReportTest, MarkdownStaysWithinItsBudgetAndSaysWhatItLeftOut) {
  Plan plan = hostile_plan();
  for (int i = 0; i < 200; ++i) {
    AppPlan a = plan.apps[0];
    a.app = "app-" + std::to_string(i);
    plan.apps.push_back(a);
  }
  std::string md = plan_markdown(plan, 8000);
  EXPECT_LE(md.size(), 8000u);
  EXPECT_NE(md.find("left out: the comment is limited to 8000 characters"), std::string::npos) << md;
  // Deletes come before the table and the sections.
  EXPECT_LT(md.find("#### Deletes, replacements and failures"), md.find("| app |"));
}

TEST(PlanReportTest, SecretsShowKeysOnly) {
  Plan plan;
  plan.against_base = true;
  AppPlan a;
  a.app = "vault";
  PlanSide side;
  PlannedObject o;
  o.action = PlannedObject::Action::Update;
  o.object = "Secret v/creds";
  PlannedField changed;
  changed.path = "data.password";
  changed.secret = true;
  PlannedField same = changed;
  same.path = "data.user";
  same.change = PlannedField::Change::Unchanged;
  o.fields = {changed, same};
  side.objects.push_back(o);
  a.change = side;
  plan.apps.push_back(a);
  std::string text = plan_text(plan);
  EXPECT_NE(text.find("~ data.password: (secret, changed)"), std::string::npos) << text;
  EXPECT_NE(text.find("= data.user: (secret, unchanged)"), std::string::npos) << text;
  nlohmann::json j = nlohmann::json::parse(plan_json(plan));
  const auto& field = j["apps"][0]["change"]["objects"][0]["fields"][0];
  EXPECT_EQ(field["secret"], true);
  EXPECT_FALSE(field.contains("before"));
  EXPECT_FALSE(field.contains("after"));
}

TEST(PlanReportTest, TotalsLine) {
  PlanTotals t;
  for (auto a : {PlannedObject::Action::Create, PlannedObject::Action::Create, PlannedObject::Action::Update,
                 PlannedObject::Action::Delete, PlannedObject::Action::Replace, PlannedObject::Action::Fail,
                 PlannedObject::Action::Unknown, PlannedObject::Action::Keep}) {
    t.add(a);
  }
  EXPECT_EQ(totals_line(t), "+2 ~1 -1 ±1, 1 fails, 1 unknown");
}

}  // namespace
}  // namespace driftlint
