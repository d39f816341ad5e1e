// GitLab Code Quality: the JSON array of issues GitLab's merge-request widget
// reads (artifacts:reports:codequality), as GitLab documents it: description,
// check_name, fingerprint, severity, location.path and location.lines.begin.
#include <nlohmann/json.hpp>

#include "lint/fingerprint.h"
#include "load/loader.h"
#include "report/report.h"
#include "yaml/json_text.h"

namespace driftlint {

namespace {

using Json = nlohmann::ordered_json;

// GitLab's scale is info, minor, major, critical, blocker; an error fails the
// check (as ESLint's and RuboCop's Code Quality formatters map it).
const char* gitlab_severity(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return "major";
    case Severity::Warning:
      return "minor";
    case Severity::Notice:
      return "info";
  }
  return "info";
}

// Relative to the checkout's root, as GitLab links it: a PATH inside a
// checkout has its folder in front. A finding about no file (a live object
// no repo defines) is put at the repo's root.
std::string project_path(const ReportInput& input, const Finding& f) {
  if (!f.path) return ".";
  for (const RepoInput& r : input.load.repos) {
    if (f.repo && r.name == *f.repo && !r.git_folder.empty()) return r.git_folder + "/" + *f.path;
  }
  return *f.path;
}

// The message (which names the object) as the widget's one line; the hint
// is the rule's, a click away (`driftlint explain RULE`, the rule's page).
std::string description(const ReportInput& input, const Finding& f) {
  bool several_repos = input.load.repos.size() > 1 && f.repo;
  return (several_repos ? *f.repo + ": " : "") + f.message;
}

}  // namespace

std::string codequality_report(const ReportInput& input) {
  // Fingerprints of every finding, so a finding keeps its print whether or
  // not others are suppressed; suppressed ones are left out (GitLab has no
  // notion of an accepted issue).
  std::vector<std::string> prints = fingerprints(input.lint.findings);
  Json issues = Json::array();
  for (size_t i = 0; i < input.lint.findings.size(); ++i) {
    const Finding& f = input.lint.findings[i];
    if (f.suppressed) continue;
    Json issue = {{"type", "issue"},
                  {"description", description(input, f)},
                  {"check_name", f.rule},
                  {"fingerprint", prints[i]},
                  {"severity", gitlab_severity(f.severity)},
                  {"categories", Json::array({"Bug Risk"})},
                  {"location", {{"path", project_path(input, f)}, {"lines", {{"begin", f.line ? f.line : 1}}}}}};
    issues.push_back(std::move(issue));
  }
  return yaml::indented_json(issues) + "\n";
}

}  // namespace driftlint
