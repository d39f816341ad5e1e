#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "argocd/model.h"
#include "base/strings.h"
#include "git/url.h"
#include "base/utc_time.h"
#include "report/app_placement.h"
#include "report/coverage.h"
#include "report/forge_link.h"
#include "report/markdown_text.h"
#include "report/report.h"
#include "snapshot/snapshot.h"

namespace driftlint {

namespace {

std::string code(std::string_view text) { return md_code(text); }

std::string revision_state(const SourceRevision& r) {
  auto short_id = [](const std::string& id) { return code(id.substr(0, 12)); };
  switch (r.state) {
    case RevisionState::Unknown:
      return "live revision unknown";
    case RevisionState::NotGit:
      return short_id(r.live) + " live; the checkout is not a git repository";
    case RevisionState::Same:
      return short_id(r.live) + " live = checkout";
    case RevisionState::Ahead:
      return short_id(r.live) + " live; checkout " + short_id(r.checked) + " is " + plural(r.ahead, "commit") + " ahead";
    case RevisionState::Behind:
      return short_id(r.live) + " live; checkout " + short_id(r.checked) + " is " + plural(r.behind, "commit") + " behind";
    case RevisionState::Diverged:
      return short_id(r.live) + " live; checkout " + short_id(r.checked) + " diverged (" + std::to_string(r.ahead) +
             " ahead, " + std::to_string(r.behind) + " behind)";
    case RevisionState::NotFetched:
      return short_id(r.live) + " live, not in the local repository (fetch first)";
  }
  return "";
}

// A finding's file at the checked commit, on a known forge ("" otherwise).
std::string file_link(const LoadResult& load, const Finding& f) {
  if (!f.repo || !f.path) return "";
  for (const RepoInput& r : load.repos) {
    if (r.name != *f.repo || !r.url || !r.commit) continue;
    return forge_file_link(*r.url, *r.commit, r.git_folder.empty() ? *f.path : r.git_folder + "/" + *f.path, f.line);
  }
  return "";
}

// What is left of the report's size for listing findings; what did not fit
// is counted instead.
struct FindingBudget {
  size_t left = SIZE_MAX;
  size_t omitted_findings = 0, omitted_apps = 0;
  bool take(size_t chars) {
    if (chars > left) return false;
    left -= chars;
    return true;
  }
};

// Errors first, then warnings, then notices; report order within each. Lines
// past the budget are counted, and the section says how many.
void write_findings(std::ostream& out, const LoadResult& load, std::vector<const Finding*> findings,
                    FindingBudget& budget) {
  std::stable_sort(findings.begin(), findings.end(),
                   [](const Finding* a, const Finding* b) { return a->severity > b->severity; });
  size_t omitted = 0;
  for (const Finding* f : findings) {
    std::string line = finding_line(*f, file_link(load, *f));
    if (omitted == 0 && budget.take(line.size())) {
      out << line;
    } else {
      ++omitted;
    }
  }
  if (omitted) out << "- ... and " << plural(omitted, "more finding") << " (see the end of the report)\n";
  budget.omitted_findings += omitted;
}

// The open findings per app, those in files no app deploys, and the rest.
struct FindingsByApp {
  std::vector<std::vector<const Finding*>> per_app;
  std::vector<const Finding*> not_deployed;
  std::vector<const Finding*> other;
};

FindingsByApp findings_by_app(const ReportInput& input) {
  FindingPlacement placement = place_findings(input);
  FindingsByApp out;
  out.per_app.resize(input.argo ? input.argo->apps.size() : 0);
  for (size_t i = 0; i < input.lint.findings.size(); ++i) {
    const Finding& f = input.lint.findings[i];
    if (f.suppressed) continue;
    if (placement.not_deployed[i]) out.not_deployed.push_back(&f);
    else if (placement.apps[i].empty()) out.other.push_back(&f);
    for (uint32_t a : placement.apps[i]) out.per_app[a].push_back(&f);
  }
  return out;
}

// When, and which cluster as of when: the first lines of a daily report.
void write_header(std::ostream& out, const ReportInput& input) {
  out << "# driftlint report\n\n";
  if (input.generated_at) out << "Generated " << format_utc(*input.generated_at) << ".";
  const Snapshot* snapshot = input.snapshot;
  if (snapshot && !snapshot->contexts.empty()) {
    std::vector<std::string> names;
    for (const std::string& c : snapshot->contexts) names.push_back(md_code(c));
    out << (input.generated_at ? " " : "") << "Cluster context " << join(names, ", ") << ".";
  }
  if (snapshot && snapshot->captured_at) {
    out << " Snapshot captured " << format_utc(*snapshot->captured_at);
    if (input.generated_at) out << " (" << describe_age(*input.generated_at - *snapshot->captured_at) << " before)";
    out << ".";
  } else if (snapshot) {
    out << " Snapshot capture time not recorded (snapshots from `driftlint snapshot` record it).";
  }
  if (input.generated_at || snapshot) out << "\n\n";
}

// The counts, what was read, and the headline: findings per rule.
void write_summary(std::ostream& out, const ReportInput& input, const SeverityCounts& counts) {
  out << "**" << plural(counts.error, "error") << ", " << plural(counts.warning, "warning") << ", "
      << plural(counts.notice, "notice") << "**";
  if (input.lint.suppressed) out << " (" << input.lint.suppressed << " suppressed)";
  out << " in " << plural(input.load.files.size(), "file") << " of " << plural(input.load.repos.size(), "repo") << ".";
  if (input.snapshot) {
    out << " Cluster snapshot: " << plural(input.snapshot->objects.size(), "object") << ".";
  } else {
    out << " No cluster snapshot: live state, drift and staleness were not checked.";
  }
  out << "\n\n";
  std::map<std::string, size_t> by_rule;
  for (const Finding& f : input.lint.findings) {
    if (!f.suppressed) ++by_rule[f.rule];
  }
  if (!by_rule.empty()) {
    out << "| rule | findings |\n|---|---|\n";
    for (const auto& [rule, n] : by_rule) out << "| " << code(rule) << " | " << n << " |\n";
    out << "\n";
  }
}

void write_repos(std::ostream& out, const LoadResult& load) {
  out << "## Repos\n\n| repo | commit | state | URL |\n|---|---|---|---|\n";
  for (const RepoInput& r : load.repos) {
    std::optional<bool> dirty = r.dirty.get();
    std::string state = dirty ? (*dirty ? "uncommitted changes" : "clean") : "";
    if (r.revision) state = "revision " + *r.revision;
    out << "| " << md(r.name) << " | " << (r.commit ? code(r.commit->substr(0, 12)) : "-") << " | " << md(state.empty() ? "-" : state)
        << " | " << (r.url ? md_url(redact_url(*r.url)) : "-") << " |\n";
  }
  out << "\n";
}

std::string app_sources(const ArgoModel& argo, size_t a) {
  const Application& app = argo.apps[a];
  std::vector<std::string> sources;
  for (size_t s = 0; s < app.sources.size(); ++s) {
    std::string text = md_url(redact_url(app.sources[s].repo_url));
    if (app.sources[s].path) text += " " + code(app.sources[s].path->empty() ? "." : *app.sources[s].path);
    if (app.live) text += ": " + revision_state(app.sources[s].bound.revision);
    sources.push_back(text);
  }
  return sources.empty() ? "-" : join(sources, "<br>");
}

// The table of Applications.
void write_app_table(std::ostream& out, const ReportInput& input, const FindingsByApp& findings) {
  const ArgoModel& argo = *input.argo;
  out << "## Applications\n\n| app | cluster | sync | health | auto-sync | sources and revisions | findings |\n"
         "|---|---|---|---|---|---|---|\n";
  for (size_t a = 0; a < argo.apps.size(); ++a) {
    const Application& app = argo.apps[a];
    std::string sync = app.live ? (app.sync_status.empty() ? "unknown" : app.sync_status) : "not live";
    std::string health = app.live ? (app.health_status.empty() ? "unknown" : app.health_status) : "-";
    std::string automation = !app.automated ? "off" : app.self_heal ? "on, selfHeal" : "on";
    if (app.automated && app.prune) automation += ", prune";
    out << "| " << code(app.name) << " | " << md(app_destination(app)) << " | " << md(sync) << " | " << md(health) << " | "
        << md(automation) << " | " << app_sources(argo, a) << " | " << findings.per_app[a].size() << " |\n";
  }
  out << "\n";
}

// The findings per destination cluster and app.
void write_app_findings(std::ostream& out, const ReportInput& input, const FindingsByApp& findings,
                        FindingBudget& budget) {
  const ArgoModel& argo = *input.argo;
  std::map<std::string, std::vector<size_t>> by_cluster;
  for (size_t a = 0; a < argo.apps.size(); ++a) {
    if (!findings.per_app[a].empty()) by_cluster[app_destination(argo.apps[a])].push_back(a);
  }
  for (const auto& [cluster, apps] : by_cluster) {
    std::string heading = "### Cluster " + code(cluster) + "\n\n";
    std::string section;
    for (size_t a : apps) {
      // An app's findings are listed whole or not at all.
      std::ostringstream app;
      FindingBudget unlimited;
      app << "#### " << code(argo.apps[a].name) << "\n\n";
      write_findings(app, input.load, findings.per_app[a], unlimited);
      app << "\n";
      if (budget.take(app.str().size() + (section.empty() ? heading.size() : 0))) {
        section += app.str();
      } else {
        ++budget.omitted_apps;
        budget.omitted_findings += findings.per_app[a].size();
      }
    }
    if (!section.empty()) out << heading << section;
  }
}

// Pull-request mode: what the change does to the findings, first.
void write_against_base(std::ostream& out, const ReportInput& input) {
  const std::optional<BaseComparison>& base = input.lint.base;
  if (!base) return;
  out << "**Against the base: " << base->fresh << " new, " << base->fixed << " fixed**, " << base->existing
      << " already there" << (input.show_existing ? "" : " (not listed)") << ".\n\n";
}

// What was rendered and judged; the apps that were not completely.
void write_coverage(std::ostream& out, const Coverage& c) {
  if (c.apps.empty() && c.builds_rendered + c.builds_failed + c.builds_not_rendered == 0) return;
  out << "## Coverage\n\n" << md(coverage_line(c).substr(std::string("coverage: ").size())) << ".\n\n";
  size_t listed = 0;
  for (const Coverage::App& a : c.apps) {
    if (a.state != Coverage::AppState::Failed && a.state != Coverage::AppState::NotRendered) continue;
    if (++listed > 50) continue;
    out << "- " << code(a.name) << ": " << app_state_name(a.state) << ": " << md(a.why) << "\n";
  }
  if (listed > 50) out << "- ... and " << listed - 50 << " more\n";
  if (listed) out << "\n";
  for (const Coverage::AppSet& s : c.application_sets) out << "- " << md(app_set_line(s)) << "\n";
  if (!c.application_sets.empty()) out << "\n";
}

// The sections after the apps: findings in files no app deploys, the rest,
// and what was not checked.
void write_remaining(std::ostream& out, const ReportInput& input, const FindingsByApp& findings,
                     const SeverityCounts& counts, FindingBudget& budget) {
  const ArgoModel* argo = input.argo;
  if (!findings.not_deployed.empty()) {
    out << "## Not deployed\n\nNo Argo CD Application deploys these files: what they hold reaches no cluster.\n\n";
    write_findings(out, input.load, findings.not_deployed, budget);
    out << "\n";
  }
  if (!findings.other.empty()) {
    out << "## " << (argo && argo->has_apps() ? "Other findings" : "Findings") << "\n\n";
    write_findings(out, input.load, findings.other, budget);
    out << "\n";
  }
  if (counts.error + counts.warning + counts.notice == 0) out << "No findings.\n\n";
  if (input.coverage) write_coverage(out, *input.coverage);
  if (argo && !argo->notes.empty()) {
    out << "## Not checked\n\n";
    for (const std::string& note : argo->notes) out << "- " << md(note) << "\n";
    out << "\n";
  }
}

}  // namespace

void write_markdown_report(std::ostream& out, const ReportInput& input) {
  const ArgoModel* argo = input.argo;
  SeverityCounts counts = count_findings(input.lint);
  FindingsByApp findings = findings_by_app(input);
  std::ostringstream head;
  write_header(head, input);
  write_against_base(head, input);
  write_summary(head, input, counts);
  write_repos(head, input.load);
  bool apps = argo && argo->has_apps();
  if (apps) write_app_table(head, input, findings);
  // What is not a finding is always written; the findings share what is left,
  // less room for section headings, the closing line and the notes.
  FindingBudget budget;
  if (input.max_markdown_chars) {
    size_t notes = 0;
    if (argo) {
      for (const std::string& n : argo->notes) notes += 2 * n.size() + 4;  // escaping may double a note
    }
    size_t fixed = head.str().size() + notes + 1'000;
    budget.left = input.max_markdown_chars > fixed ? input.max_markdown_chars - fixed : 0;
  }
  out << head.str();
  if (apps) write_app_findings(out, input, findings, budget);
  write_remaining(out, input, findings, counts, budget);
  if (budget.omitted_findings) {
    out << "**" << plural(budget.omitted_findings, "more finding");
    if (budget.omitted_apps) out << " (" << plural(budget.omitted_apps, "app") << " left out whole)";
    out << " not listed: this report keeps to " << input.max_markdown_chars
        << " characters (`--max-comment-size`). The JSON, SARIF or text report lists every finding.**\n";
  }
}

}  // namespace driftlint
