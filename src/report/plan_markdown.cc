// The plan as one pull-request comment. Every string that comes from a repo
// or the cluster (app and object names, values, messages) is escaped: in
// table cells and lists by md()/md_code(), in <summary> as HTML text, in the
// per-app block by a fence longer than any backtick run it holds, so that
// no HTML tag, comment or Markdown in a name can change the comment.
#include "report/plan_report.h"

#include <algorithm>

#include "report/markdown_text.h"

namespace driftlint {

namespace {

std::string html(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '`': out += "&#96;"; break;  // no code span can start in the summary
      case '|': out += "&#124;"; break;
      case '\n': case '\r': out += ' '; break;
      default: out += c;
    }
  }
  return out;
}

std::string fenced(const std::string& text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(std::max<size_t>(3, longest + 1), '`');
  return fence + "text\n" + text + (text.empty() || text.back() == '\n' ? "" : "\n") + fence + "\n";
}

std::string side_cell(const std::optional<PlanSide>& side) {
  if (!side) return "";
  switch (side->state) {
    case PlanSide::State::Planned: return md(totals_line(side->totals));
    case PlanSide::State::Unknown: return "unknown live state";
    case PlanSide::State::NotRendered: return "not rendered";
    case PlanSide::State::Absent: return "gone from the repos";
    case PlanSide::State::Deleted: return "app deleted: " + md(totals_line(side->totals));
  }
  return "";
}

bool has_destructive(const AppPlan& a);

std::string heading(const Plan& plan) {
  std::string out = "### Sync plan (driftlint)\n\n";
  std::vector<std::string> against;
  if (plan.against_live) against.push_back(md(plan.snapshot));
  if (plan.against_base) against.push_back("the base " + md_code(plan.base));
  if (against.empty()) return out + "Nothing to compare with: give `--snapshot` or `--base`.\n\n";
  out += "Against " + against[0] + (against.size() > 1 ? " and " + against[1] : "") + ".\n\n";
  out += "**Plan:**";
  if (plan.against_live) out += " live → git " + md(totals_line(plan.live_totals)) + ";";
  if (plan.against_base) out += " this change " + md(totals_line(plan.change_totals)) + ";";
  return out + " " + plural(plan.quiet_apps, "app") + " without changes.\n\n";
}

std::string table(const Plan& plan, size_t budget, size_t& cut) {
  std::string out = "| app | sync | " + std::string(plan.against_live ? "live → git | " : "") +
                    (plan.against_base ? "this change |" : "") + "\n|---|---|" + (plan.against_live ? "---|" : "") +
                    (plan.against_base ? "---|" : "") + "\n";
  for (const AppPlan& a : plan.apps) {
    std::string row = "| " + md_code(a.app) + " | " + md(a.policy) + " | " +
                      (plan.against_live ? side_cell(a.live) + " | " : "") + (plan.against_base ? side_cell(a.change) + " |" : "") + "\n";
    if (out.size() + row.size() > budget) {
      ++cut;
      continue;
    }
    out += row;
  }
  return out + "\n";
}

bool destructive(const PlannedObject& o) {
  return o.action == PlannedObject::Action::Delete || o.action == PlannedObject::Action::Replace ||
         o.action == PlannedObject::Action::Fail;
}

bool has_destructive(const AppPlan& a) {
  for (const std::optional<PlanSide>* side : {&a.live, &a.change}) {
    if (!*side) continue;
    for (const PlannedObject& o : (*side)->objects) {
      if (destructive(o)) return true;
    }
  }
  return false;
}

std::string issue_item(const PlanIssue& i) {
  std::string out = "- **" + std::string(severity_name(i.severity)) + "** " + md_code(i.code) + " (app " + md_code(i.app) +
                    "): " + md(i.message) + "\n";
  if (i.code == "cascade-delete" || i.code == "namespace-delete" || i.code == "crd-delete") {
    for (const std::string& o : i.objects) out += "  - " + md_code(o) + "\n";
  }
  return out;
}

// Errors (failing syncs, cascade deletes), then every prune and
// replacement, one line each; one seen on both sides is said once.
std::vector<std::string> destructive_items(const Plan& plan) {
  std::vector<std::string> items;
  for (const PlanIssue& i : plan.issues) {
    if (i.severity == Severity::Error) items.push_back(issue_item(i));
  }
  for (const AppPlan& a : plan.apps) {
    std::vector<std::pair<std::string, std::string>> lines;  // (line without sides, sides)
    for (const auto& [side, title] : {std::pair{&a.live, "live → git"}, std::pair{&a.change, "this change"}}) {
      if (!*side || (*side)->state == PlanSide::State::Deleted) continue;  // listed by its cascade-delete
      for (const PlannedObject& o : (*side)->objects) {
        if (o.action != PlannedObject::Action::Delete && o.action != PlannedObject::Action::Replace) continue;
        std::string line = md_code(action_marker(o.action)) + " " + md_code(o.object) + " (app " + md_code(a.app);
        line += "|" + md(o.reason);
        auto same = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.first == line; });
        if (same != lines.end()) {
          same->second += std::string(" and ") + title;
        } else {
          lines.emplace_back(line, title);
        }
      }
    }
    for (const auto& [line, sides] : lines) {
      size_t bar = line.find('|');
      items.push_back("- " + line.substr(0, bar) + ", " + sides + "): " + line.substr(bar + 1) + "\n");
    }
  }
  return items;
}

std::string summary_line(const AppPlan& a) {
  std::string out = "<code>" + html(a.app) + "</code>";
  if (a.live) out += " live: " + html(a.live->state == PlanSide::State::Planned ? totals_line(a.live->totals) : state_name(a.live->state));
  if (a.change) out += (a.live ? ";" : "") + std::string(" change: ") +
                       html(a.change->state == PlanSide::State::Planned ? totals_line(a.change->totals) : state_name(a.change->state));
  return out;
}

std::string cut_note(size_t cut, const char* what, size_t max_bytes) {
  if (!cut) return "";
  return "_" + std::to_string(cut) + " " + what + " left out: the comment is limited to " + std::to_string(max_bytes) +
         " characters. Run `driftlint plan` locally for all of it._\n\n";
}

std::string head_and_deletes(const Plan& plan, size_t max_bytes) {
  size_t rows_cut = 0, items_cut = 0;
  std::string out = heading(plan);
  std::vector<std::string> items = destructive_items(plan);
  if (!items.empty()) {
    out += "#### Deletes, replacements and failures\n\n";
    for (const std::string& item : items) {
      if (out.size() + item.size() + 400 > max_bytes / 3) {
        ++items_cut;
        continue;
      }
      out += item;
    }
    out += "\n" + cut_note(items_cut, "lines", max_bytes);
  }
  out += table(plan, max_bytes * 2 / 3 - out.size() / 2, rows_cut) + cut_note(rows_cut, "table rows", max_bytes);
  std::string warnings;
  for (const PlanIssue& i : plan.issues) {
    if (i.severity != Severity::Error) warnings += issue_item(i);
  }
  if (!warnings.empty() && out.size() + warnings.size() + 400 < max_bytes * 2 / 3) out += "#### Ownership and order\n\n" + warnings + "\n";
  return out;
}

}  // namespace

std::string plan_markdown(const Plan& plan, size_t max_bytes) {
  std::string out = head_and_deletes(plan, max_bytes);
  size_t cut = 0;
  // Apps that delete, replace or fail first, then the others, each by name.
  std::vector<const AppPlan*> order;
  for (const AppPlan& a : plan.apps) order.push_back(&a);
  std::stable_partition(order.begin(), order.end(), [](const AppPlan* a) { return has_destructive(*a); });
  for (const AppPlan* app : order) {
    const AppPlan& a = *app;
    std::string section = "<details><summary>" + summary_line(a) + "</summary>\n\n" + fenced(plan_app_text(a)) + "\n</details>\n\n";
    if (out.size() + section.size() + 300 > max_bytes) {
      ++cut;
      continue;
    }
    out += section;
  }
  return out + cut_note(cut, cut == 1 ? "app's plan" : "apps' plans", max_bytes);
}

std::string plan_summary_markdown(const Plan& plan, size_t max_bytes) { return head_and_deletes(plan, max_bytes); }

}  // namespace driftlint
