#include <nlohmann/json.hpp>

#include "argocd/model.h"
#include "git/url.h"
#include "lint/fingerprint.h"
#include "report/app_placement.h"
#include "report/coverage.h"
#include "report/report.h"
#include "yaml/json_text.h"

namespace driftlint {
namespace {


using Json = nlohmann::ordered_json;

// What was rendered and judged (no cache counts: a warm run reports what a cold one does).
Json coverage_json(const Coverage& c) {
  Json apps = Json::array();
  for (const Coverage::App& a : c.apps) {
    apps.push_back({{"name", a.name},
                    {"state", app_state_name(a.state)},
                    {"reason", a.why.empty() ? Json(nullptr) : Json(a.why)}});
  }
  Json sets = Json::array();
  for (const Coverage::AppSet& s : c.application_sets) {
    sets.push_back({{"name", s.name},
                    {"generators", s.generators},
                    {"generatorsExpanded", s.generators_expanded},
                    {"apps", s.apps},
                    {"clustersMatched", s.clusters ? Json(s.clusters_matched) : Json(nullptr)},
                    {"complete", s.complete}});
  }
  return {{"apps", std::move(apps)},
          {"applicationSets", std::move(sets)},
          {"incompleteApps", c.incomplete_apps()},
          {"builds", {{"rendered", c.builds_rendered}, {"failed", c.builds_failed}, {"notRendered", c.builds_not_rendered}}},
          {"objects", {{"rendered", c.objects_rendered}, {"asFiles", c.objects_as_files}}}};
}

Json optional_string(const std::optional<std::string>& value) {
  return value ? Json(*value) : Json(nullptr);
}

// Per app: where it deploys, its live state, and per source the revision
// live against the head of the loaded repo.
Json apps_table(const ReportInput& input) {
  Json apps = Json::array();
  if (!input.argo) return apps;
  for (const Application& app : input.argo->apps) {
    Json sources = Json::array();
    for (size_t s = 0; s < app.sources.size(); ++s) {
      const AppSource& source = app.sources[s];
      const BoundSource& bound = source.bound;
      std::string live = s < app.live_revisions.size() ? app.live_revisions[s] : "";
      std::optional<std::string> head;
      if (bound.repo >= 0 && static_cast<size_t>(bound.repo) < input.load.repos.size()) head = input.load.repos[bound.repo].commit;
      sources.push_back({{"repoURL", redact_url(source.repo_url)},
                         {"path", optional_string(source.path)},
                         {"targetRevision", source.target_revision.empty() ? "HEAD" : source.target_revision},
                         {"repo", bound.repo >= 0 ? Json(input.load.repo_name(static_cast<uint32_t>(bound.repo))) : Json(nullptr)},
                         {"liveRevision", live.empty() ? Json(nullptr) : Json(live)},
                         {"repoHead", optional_string(head)}});
    }
    auto text_or_null = [](const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); };
    apps.push_back({{"name", app.name},
                    {"project", text_or_null(app.project)},
                    {"destination", {{"server", text_or_null(app.destination_server)},
                                     {"name", text_or_null(app.destination_name)},
                                     {"namespace", text_or_null(app.destination_namespace)},
                                     {"cluster", app_destination(app)}}},
                    {"live", app.live},
                    {"syncStatus", text_or_null(app.sync_status)},
                    {"healthStatus", text_or_null(app.health_status)},
                    {"sources", std::move(sources)}});
  }
  return apps;
}

// A drift value as JSON (the rule wrote it as JSON text).
Json drift_value(const std::optional<std::string>& text) {
  if (!text) return nullptr;
  Json value = Json::parse(*text, nullptr, false);
  return value.is_discarded() ? Json(*text) : value;
}

Json finding_json(const ReportInput& input, const Finding& f, const std::vector<uint32_t>& apps, const std::string& print) {
  Json object = nullptr;
  if (f.object) {
    object = {{"apiVersion", f.object->api_version},
              {"kind", f.object->kind},
              {"namespace", f.object->ns.empty() ? Json(nullptr) : Json(f.object->ns)},
              {"name", f.object->name.empty() ? Json(nullptr) : Json(f.object->name)}};
  }
  Json names = Json::array();
  for (uint32_t a : apps) names.push_back(input.argo->apps[a].name);
  Json out = {{"rule", f.rule},
              {"severity", std::string(severity_name(f.severity))},
              {"message", f.message},
              {"hint", f.hint},
              {"repo", optional_string(f.repo)},
              {"path", optional_string(f.path)},
              {"line", f.line ? Json(f.line) : Json(nullptr)},
              {"column", f.column ? Json(f.column) : Json(nullptr)},
              {"object", object},
              {"app", names.empty() ? Json(nullptr) : names.front()},
              {"apps", names},
              {"fingerprint", print}};
  if (f.drift) {
    out["field"] = f.drift->field;
    out["live"] = drift_value(f.drift->live);
    out["desired"] = drift_value(f.drift->desired);
  }
  if (f.suppressed) out["suppressed"] = {{"kind", f.suppression_kind}, {"reason", f.suppression}};
  if (f.existing) out["existing"] = true;
  return out;
}

}  // namespace

std::string json_report(const ReportInput& input) {
  Json report;
  report["version"] = 1;
  report["tool"] = {{"name", "driftlint"}, {"version", DRIFTLINT_VERSION}};
  Json repos = Json::array();
  for (const RepoInput& repo : input.load.repos) {
    Json entry = {{"name", repo.name},
                  {"source", repo.source},
                  {"revision", optional_string(repo.revision)},
                  {"commit", optional_string(repo.commit)},
                  {"url", optional_string(repo.url)}};
    if (std::optional<bool> dirty = repo.dirty.get()) entry["dirty"] = *dirty;
    repos.push_back(std::move(entry));
  }
  report["repos"] = std::move(repos);
  report["apps"] = apps_table(input);
  FindingPlacement placement = place_findings(input);
  std::vector<std::string> prints = fingerprints(input.lint.findings);
  Json findings = Json::array();
  for (size_t i = 0; i < input.lint.findings.size(); ++i) {
    const Finding& f = input.lint.findings[i];
    if (f.suppressed && !input.show_suppressed) continue;
    findings.push_back(finding_json(input, f, placement.apps[i], prints[i]));
  }
  report["findings"] = std::move(findings);
  Json skipped = Json::array();
  for (const auto& [repo, path] : input.load.skipped) {
    if (template_rendered(input.coverage, repo, path)) continue;
    skipped.push_back({{"repo", input.load.repo_name(repo)},
                       {"path", path.path},
                       {"reason", path.reason},
                       {"not_rendered", path.not_rendered}});
  }
  report["skipped"] = std::move(skipped);
  SeverityCounts c = count_findings(input.lint);
  report["summary"] = {{"files", input.load.files.size()},
                       {"documents", input.load.documents},
                       {"objects", input.load.manifests.size()},
                       {"error", c.error},
                       {"warning", c.warning},
                       {"notice", c.notice},
                       {"suppressed", input.lint.suppressed},
                       {"baselined", input.baselined},
                       {"not_rendered", templates_not_rendered(input.load, input.coverage)}};
  if (const std::optional<BaseComparison>& base = input.lint.base) {
    report["summary"]["base"] = {{"new", base->fresh}, {"fixed", base->fixed}, {"existing", base->existing}};
  }
  if (input.coverage) report["coverage"] = coverage_json(*input.coverage);
  // Invalid UTF-8 in a message (from a broken file) is replaced, never thrown.
  return yaml::indented_json(report) + "\n";
}

}  // namespace driftlint
