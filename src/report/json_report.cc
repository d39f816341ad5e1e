#include <nlohmann/json.hpp>

#include "report/report.h"

namespace driftlint {
namespace {

using Json = nlohmann::ordered_json;

Json optional_string(const std::optional<std::string>& value) {
  return value ? Json(*value) : Json(nullptr);
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
  Json findings = Json::array();
  for (const Finding& f : input.lint.findings) {
    if (f.suppressed && !input.show_suppressed) continue;
    Json object = nullptr;
    if (f.object) {
      object = {{"apiVersion", f.object->api_version},
                {"kind", f.object->kind},
                {"namespace", f.object->ns.empty() ? Json(nullptr) : Json(f.object->ns)},
                {"name", f.object->name.empty() ? Json(nullptr) : Json(f.object->name)}};
    }
    findings.push_back({{"rule", f.rule},
                        {"severity", std::string(severity_name(f.severity))},
                        {"message", f.message},
                        {"hint", f.hint},
                        {"repo", optional_string(f.repo)},
                        {"path", optional_string(f.path)},
                        {"line", f.line ? Json(f.line) : Json(nullptr)},
                        {"column", f.column ? Json(f.column) : Json(nullptr)},
                        {"object", object}});
    if (f.suppressed) {
      findings.back()["suppressed"] = {{"kind", f.suppression_kind}, {"reason", f.suppression}};
    }
    if (f.existing) findings.back()["existing"] = true;
  }
  report["findings"] = std::move(findings);
  Json skipped = Json::array();
  for (const auto& [repo, path] : input.load.skipped) {
    skipped.push_back({{"repo", input.load.repo_name(repo)}, {"path", path.path}, {"reason", path.reason}});
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
                       {"baselined", input.baselined}};
  if (const std::optional<BaseComparison>& base = input.lint.base) {
    report["summary"]["base"] = {{"new", base->fresh}, {"fixed", base->fixed}, {"existing", base->existing}};
  }
  // Invalid UTF-8 in a message (from a broken file) is replaced, never thrown.
  return report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace driftlint
