#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "git/url.h"
#include "lint/fingerprint.h"
#include "lint/rule.h"
#include "report/report.h"
#include "yaml/json_text.h"

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
std::string artifact_uri(const RepoInput* repo, const Finding& f) {
  return repo && !repo->git_folder.empty() ? repo->git_folder + "/" + *f.path : *f.path;
}

// "infra-k8s" -> "INFRA_K8S": one uriBaseId per repo, the root of its checkout.
std::string base_id(std::string_view name) {
  std::string out;
  for (char c : name) out += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : '_';
  return out.empty() ? "REPO" : out;
}

// An absolute URI for versionControlProvenance: scp-like "git@host:org/x.git"
// becomes "ssh://git@host/org/x.git"; credentials never stay; a local path has none.
std::optional<std::string> repository_uri(const std::string& url) {
  std::string clean = redact_url(url);
  if (clean.find("://") != std::string::npos) return clean.rfind("file://", 0) == 0 ? std::nullopt : std::optional(clean);
  size_t colon = clean.find(':'), at = clean.find('@');
  if (colon == std::string::npos || clean[0] == '/' || (at != std::string::npos && at > colon)) return std::nullopt;
  return "ssh://" + clean.substr(0, colon) + "/" + clean.substr(colon + 1);
}

// The repos a SARIF file speaks for, with their uriBaseIds (distinct even
// when two names map to one id).
struct SarifRepos {
  std::vector<std::pair<const RepoInput*, std::string>> repos;

  const std::pair<const RepoInput*, std::string>* find(const std::optional<std::string>& name) const {
    for (const auto& entry : repos) {
      if (name && entry.first->name == *name) return &entry;
    }
    return nullptr;
  }
};

SarifRepos sarif_repos(const ReportInput& input) {
  SarifRepos out;
  std::set<std::string> taken;
  for (const RepoInput& repo : input.load.repos) {
    if (input.sarif_repo && repo.name != *input.sarif_repo) continue;
    std::string id = base_id(repo.name);
    for (int n = 2; !taken.insert(id).second; ++n) id = base_id(repo.name) + "_" + std::to_string(n);
    out.repos.emplace_back(&repo, id);
  }
  return out;
}

// originalUriBaseIds and versionControlProvenance: each repo's root, URL and commit.
void describe_repos(Json& run, const SarifRepos& repos) {
  Json bases = Json::object();
  Json provenance = Json::array();
  for (const auto& [repo, id] : repos.repos) {
    std::string text = "The root of repo " + repo->name + (repo->git_folder.empty() ? "" : "'s git checkout");
    bases[id] = {{"description", {{"text", text}}}};
    std::optional<std::string> uri = repo->url ? repository_uri(*repo->url) : std::nullopt;
    if (!uri) continue;
    Json entry = {{"repositoryUri", *uri}};
    if (repo->commit) entry["revisionId"] = *repo->commit;
    entry["mappedTo"] = {{"uriBaseId", id}};
    provenance.push_back(std::move(entry));
  }
  if (!bases.empty()) run["originalUriBaseIds"] = std::move(bases);
  if (!provenance.empty()) run["versionControlProvenance"] = std::move(provenance);
}

// GitHub's problem.severity for a rule's default level.
const char* problem_severity(Severity s) {
  return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "recommendation";
}

Json rule_descriptors(const ReportInput& input, std::map<std::string, size_t>& rule_index) {
  Json rules = Json::array();
  for (const RuleInfo* r : input.rules) {
    rule_index[r->id] = rules.size();
    Json help = {{"text", r->hint}, {"markdown", "**What to do:** " + r->hint + "\n\n" + rule_rationale(*r)}};
    Json tags = Json::array({"driftlint", r->needs_snapshot ? "cluster-drift" : "gitops"});
    Json rule = {{"id", r->id},
                 {"name", pascal(r->id)},
                 {"shortDescription", {{"text", r->summary}}},
                 {"fullDescription", {{"text", r->summary + " " + rule_rationale(*r)}}}};
    if (!input.help_uri_base.empty()) rule["helpUri"] = input.help_uri_base + r->id + ".md";
    rule["help"] = std::move(help);
    rule["defaultConfiguration"] = {{"level", level(r->default_severity)}};
    rule["properties"] = {{"tags", std::move(tags)},
                          {"precision", r->precision},
                          {"problem.severity", problem_severity(r->default_severity)}};
    rules.push_back(std::move(rule));
  }
  return rules;
}

Json location_of(const SarifRepos& repos, const Finding& f) {
  Json location = Json::object();
  if (f.path) {
    const auto* repo = repos.find(f.repo);
    Json physical = {{"artifactLocation", {{"uri", artifact_uri(repo ? repo->first : nullptr, f)},
                                           {"uriBaseId", repo ? repo->second : std::string("%SRCROOT%")}}}};
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
  return location;
}

}  // namespace

std::string sarif_report(const ReportInput& input) {
  std::map<std::string, size_t> rule_index;
  Json rules = rule_descriptors(input, rule_index);
  SarifRepos repos = sarif_repos(input);
  std::vector<std::string> prints = fingerprints(input.lint.findings);
  Json results = Json::array();
  for (size_t i = 0; i < input.lint.findings.size(); ++i) {
    const Finding& f = input.lint.findings[i];
    if (input.sarif_repo && f.repo != input.sarif_repo) continue;
    Json result = {{"ruleId", f.rule}};
    if (auto it = rule_index.find(f.rule); it != rule_index.end()) result["ruleIndex"] = it->second;
    result["level"] = level(f.severity);
    result["message"] = {{"text", f.message + (f.hint.empty() ? "" : " Hint: " + f.hint)}};
    Json location = location_of(repos, f);
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
  Json run = {{"tool", {{"driver", std::move(driver)}}}};
  describe_repos(run, repos);
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = std::move(results);
  Json doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", Json::array({std::move(run)})}};
  return yaml::indented_json(doc) + "\n";
}

}  // namespace driftlint
