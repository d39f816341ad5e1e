#include <map>
#include <set>

#include "argocd/model.h"
#include "base/strings.h"
#include "git/url.h"
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

// Which app each finding belongs to: the Application it names, else the apps
// that deploy the file it is in; `other` holds the findings of no app.
struct FindingsByApp {
  std::vector<std::vector<const Finding*>> per_app;
  std::vector<const Finding*> other;
};

FindingsByApp findings_by_app(const ReportInput& input) {
  const LoadResult& load = input.load;
  const ArgoModel* argo = input.argo;
  std::map<std::pair<std::string, std::string>, uint32_t> file_index;
  for (uint32_t f = 0; f < load.files.size(); ++f) file_index[{load.repo_name(load.files[f].repo), load.files[f].path}] = f;
  FindingsByApp out;
  out.per_app.resize(argo ? argo->apps.size() : 0);
  for (const Finding& f : input.lint.findings) {
    if (f.suppressed) continue;
    std::set<uint32_t> apps;
    if (argo && f.object && f.object->kind == "Application") {
      if (const Application* app = argo->find_app(f.object->name)) apps.insert(static_cast<uint32_t>(app - argo->apps.data()));
    }
    if (argo && apps.empty() && f.repo && f.path) {
      auto it = file_index.find({*f.repo, *f.path});
      if (it != file_index.end()) apps.insert(argo->file_apps[it->second].begin(), argo->file_apps[it->second].end());
    }
    if (apps.empty()) out.other.push_back(&f);
    for (uint32_t a : apps) out.per_app[a].push_back(&f);
  }
  return out;
}

// The counts, what was read, and the headline: findings per rule.
void write_summary(std::ostream& out, const ReportInput& input, const SeverityCounts& counts) {
  out << "# driftlint report\n\n";
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
        << " | " << (r.url ? md(*r.url) : "-") << " |\n";
  }
  out << "\n";
}

std::string app_sources(const ArgoModel& argo, size_t a) {
  const Application& app = argo.apps[a];
  std::vector<std::string> sources;
  for (size_t s = 0; s < app.sources.size(); ++s) {
    std::string text = md(redact_url(app.sources[s].repo_url));
    if (app.sources[s].path) text += " " + code(app.sources[s].path->empty() ? "." : *app.sources[s].path);
    if (app.live) text += ": " + revision_state(app.sources[s].bound.revision);
    sources.push_back(text);
  }
  return sources.empty() ? "-" : join(sources, "<br>");
}

// The table of Applications, then each app's findings.
void write_apps(std::ostream& out, const ArgoModel& argo, const FindingsByApp& findings) {
  out << "## Applications\n\n| app | sync | auto-sync | sources and revisions | findings |\n|---|---|---|---|---|\n";
  for (size_t a = 0; a < argo.apps.size(); ++a) {
    const Application& app = argo.apps[a];
    std::string sync = app.live ? (app.sync_status.empty() ? "unknown" : app.sync_status) : "not live";
    std::string automation = !app.automated ? "off" : app.self_heal ? "on, selfHeal" : "on";
    if (app.automated && app.prune) automation += ", prune";
    out << "| " << code(app.name) << " | " << md(sync) << " | " << md(automation) << " | " << app_sources(argo, a)
        << " | " << findings.per_app[a].size() << " |\n";
  }
  out << "\n";
  for (size_t a = 0; a < argo.apps.size(); ++a) {
    if (findings.per_app[a].empty()) continue;
    out << "### " << code(argo.apps[a].name) << "\n\n";
    for (const Finding* f : findings.per_app[a]) out << finding_line(*f);
    out << "\n";
  }
}

}  // namespace

void write_markdown_report(std::ostream& out, const ReportInput& input) {
  const ArgoModel* argo = input.argo;
  SeverityCounts counts = count_findings(input.lint);
  FindingsByApp findings = findings_by_app(input);
  write_summary(out, input, counts);
  write_repos(out, input.load);
  if (argo && argo->has_apps()) write_apps(out, *argo, findings);
  if (!findings.other.empty()) {
    out << "## " << (argo && argo->has_apps() ? "Other findings" : "Findings") << "\n\n";
    for (const Finding* f : findings.other) out << finding_line(*f);
    out << "\n";
  }
  if (counts.error + counts.warning + counts.notice == 0) out << "No findings.\n\n";
  if (argo && !argo->notes.empty()) {
    out << "## Not checked\n\n";
    for (const std::string& note : argo->notes) out << "- " << md(note) << "\n";
    out << "\n";
  }
}

}  // namespace driftlint
