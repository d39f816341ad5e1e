#include <map>

#include <nlohmann/json.hpp>

#include "lint/fingerprint.h"
#include "lint/rule.h"
#include "report/report.h"

namespace driftlint {

namespace {

using Json = nlohmann::ordered_json;

const char* level(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Notice:
      return "note";
  }
  return "none";
}

// "stale-checkout" -> "StaleCheckout": SARIF's rule name is a readable identifier.
std::string pascal(const std::string& id) {
  std::string out;
  bool upper = true;
  for (char c : id) {
    if (c == '-') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

// The path inside the repo's git checkout (what code scanning resolves
// against the repository root), else inside the repo's folder.
std::string artifact_uri(const ReportInput& input, const Finding& f) {
  for (const RepoInput& r : input.load.repos) {
    if (f.repo && r.name == *f.repo && !r.git_folder.empty()) return r.git_folder + "/" + *f.path;
  }
  return *f.path;
}

}  // namespace

std::string sarif_report(const ReportInput& input) {
  Json rules = Json::array();
  std::map<std::string, size_t> rule_index;
  for (const RuleInfo* r : input.rules) {
    rule_index[r->id] = rules.size();
    Json help = {{"text", r->hint}, {"markdown", "**What to do:** " + r->hint + "\n\n" + r->rationale}};
    rules.push_back({{"id", r->id},
                     {"name", pascal(r->id)},
                     {"shortDescription", {{"text", r->summary}}},
                     {"fullDescription", {{"text", r->rationale}}},
                     {"help", help},
                     {"defaultConfiguration", {{"level", level(r->default_severity)}}},
                     {"properties", {{"tags", Json::array({"driftlint"})}}}});
  }
  std::vector<std::string> prints = fingerprints(input.lint.findings);
  Json results = Json::array();
  for (size_t i = 0; i < input.lint.findings.size(); ++i) {
    const Finding& f = input.lint.findings[i];
    Json result = {{"ruleId", f.rule}};
    if (auto it = rule_index.find(f.rule); it != rule_index.end()) result["ruleIndex"] = it->second;
    result["level"] = level(f.severity);
    result["message"] = {{"text", f.message + (f.hint.empty() ? "" : " Hint: " + f.hint)}};
    Json location = Json::object();
    if (f.path) {
      Json physical = {{"artifactLocation", {{"uri", artifact_uri(input, f)}, {"uriBaseId", "%SRCROOT%"}}}};
      if (f.line) {
        Json region = {{"startLine", f.line}};
        if (f.column) region["startColumn"] = f.column;
        physical["region"] = std::move(region);
      }
      location["physicalLocation"] = std::move(physical);
    }
    if (f.object) {
      std::string name = f.object->kind + "/" + (f.object->ns.empty() ? "" : f.object->ns + "/") + f.object->name;
      location["logicalLocations"] = Json::array({{{"fullyQualifiedName", name}, {"kind", "resource"}}});
    }
    if (!location.empty()) result["locations"] = Json::array({std::move(location)});
    result["partialFingerprints"] = {{"driftlint/v2", prints[i]}};
    if (f.suppressed) {
      result["suppressions"] = Json::array({{{"kind", f.suppression_kind.empty() ? "external" : f.suppression_kind},
                                             {"status", "accepted"},
                                             {"justification", f.suppression}}});
    }
    Json properties = Json::object();
    if (f.repo) properties["repo"] = *f.repo;
    properties["severity"] = std::string(severity_name(f.severity));
    result["properties"] = std::move(properties);
    results.push_back(std::move(result));
  }
  Json driver = {{"name", "driftlint"},
                 {"version", DRIFTLINT_VERSION},
                 {"semanticVersion", DRIFTLINT_VERSION},
                 {"rules", std::move(rules)}};
  Json run = {{"tool", {{"driver", std::move(driver)}}}, {"columnKind", "unicodeCodePoints"}, {"results", std::move(results)}};
  Json doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", Json::array({std::move(run)})}};
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace driftlint
