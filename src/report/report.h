// What every report format reads.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "lint/engine.h"
#include "load/loader.h"

namespace driftlint {

struct ArgoModel;
struct Snapshot;

struct RuleInfo;

struct ReportInput {
  const LoadResult& load;
  const LintOutput& lint;
  const Snapshot* snapshot = nullptr;
  const ArgoModel* argo = nullptr;
  std::vector<const RuleInfo*> rules;  // the rules that ran, by id (SARIF's driver.rules, JUnit's suites)
  bool show_suppressed = false;        // list suppressed findings too (SARIF always keeps them)
  bool show_existing = false;          // a pull-request run lists findings the base has too
  size_t baselined = 0;                // findings left out because the baseline has them
  // JUnit: findings at or above this severity fail (nullopt: none do, as --fail-on none).
  std::optional<Severity> fail_on = Severity::Error;
  // SARIF: only this repo's findings (--sarif-repo), so each repo's code scanning gets its own.
  std::optional<std::string> sarif_repo;
  // github: the repos of the checkout the workflow runs in; the others'
  // findings go to the step summary instead of annotations (nullopt: annotate every repo).
  std::optional<std::vector<std::string>> github_repos;
  // Markdown: when the report was made, seconds since 1970 (nullopt: not shown).
  std::optional<int64_t> generated_at;
};

struct SeverityCounts {
  size_t error = 0, warning = 0, notice = 0;
};
// Counts findings that are not suppressed.
SeverityCounts count_findings(const LintOutput& lint);

struct TextReportOptions {
  bool color = false;
  bool quiet = false;  // findings only: no hints, no summary
};

void write_text_report(std::ostream& out, const ReportInput& input, const TextReportOptions& options);
// "2 errors, 1 warning, 0 notices in 12 files (30 documents)".
std::string summary_line(const ReportInput& input);

// The scheduled drift report: a summary, then per app its sync state, live
// revision against the loaded commit, and its drift and ownership findings;
// then the remaining findings. Renders without a snapshot too.
void write_markdown_report(std::ostream& out, const ReportInput& input);

// SARIF 2.1.0 as GitHub code scanning and GitLab read it: one run, the rules
// in tool.driver.rules, suppressed findings with `suppressions`.
std::string sarif_report(const ReportInput& input);

// GitHub Actions workflow commands (::error file=...,line=...::message), for
// the findings of `input.github_repos` (all repos when it is unset).
void write_github_report(std::ostream& out, const ReportInput& input);
// The findings of the other repos as Markdown for $GITHUB_STEP_SUMMARY ("" when none).
std::string github_step_summary(const ReportInput& input);
// The repos of the checkout a workflow runs in: those whose URL is GitHub's
// `github_repository` ("owner/name" from $GITHUB_REPOSITORY, any host), else
// `workspace_repos` (those checked out at $GITHUB_WORKSPACE, found by the
// caller), else the only repo; nullopt when none is known.
std::optional<std::vector<std::string>> github_home_repos(const std::vector<RepoInput>& repos,
                                                          std::string_view github_repository,
                                                          const std::vector<std::string>& workspace_repos);
// Escapes for workflow commands: the message part, and property values.
std::string github_escape_data(std::string_view text);
std::string github_escape_property(std::string_view text);

// JUnit XML: a suite per rule (its <properties> the revision of each repo),
// a test case per rule and file read; a failure per finding at or above
// `fail_on`, suppressed findings as <skipped> with their reason, the others
// in <system-out>.
std::string junit_report(const ReportInput& input);

// GitLab Code Quality (codequality_report.cc): a JSON array of issues with
// GitLab's severities and driftlint's v2 fingerprints; suppressed findings left out.
std::string codequality_report(const ReportInput& input);

enum class ReportFormat { Text, Json, Markdown, Sarif, Github, Junit, Codequality };
// Every format, in the order help and errors list them.
inline constexpr ReportFormat kReportFormats[] = {ReportFormat::Text,   ReportFormat::Json,  ReportFormat::Markdown,
                                                  ReportFormat::Sarif,  ReportFormat::Github, ReportFormat::Junit,
                                                  ReportFormat::Codequality};
std::string_view report_format_name(ReportFormat format);  // "text", "json", ...
std::optional<ReportFormat> parse_report_format(std::string_view name);
// "text, json, markdown, sarif, github or junit" (separator "|": "text|json|...").
std::string report_format_list(std::string_view separator = ", ", std::string_view last = " or ");

std::string render_report(ReportFormat format, const ReportInput& input, const TextReportOptions& text);

// The JSON report documented in schemas/report.schema.json.
std::string json_report(const ReportInput& input);

}  // namespace driftlint
