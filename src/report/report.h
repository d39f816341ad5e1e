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
struct Coverage;
struct Snapshot;

// Where the rule pages are published (SARIF's helpUri unless --help-uri-base
// or the config's helpUriBase says otherwise): rules/<id>.md of the repository.
inline constexpr const char* kDefaultHelpUriBase = "https://github.com/driftlint/driftlint/blob/main/rules/";

struct RuleInfo;

struct ReportInput {
  const LoadResult& load;
  const LintOutput& lint;
  const Snapshot* snapshot = nullptr;
  const ArgoModel* argo = nullptr;
  const Coverage* coverage = nullptr;  // JSON and Markdown say what was rendered and judged (null: nothing said)
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
  // The absolute folder the user ran in: text and JUnit print a path under it
  // relative to it, as typed (empty: always repo/path). See display_path.
  std::string working_dir;
  // github: annotations per severity before the rest are counted (--max-annotations).
  size_t max_annotations = 10;
  // SARIF: rule help pages are <help_uri_base><id>.md ("" : none).
  std::string help_uri_base;
  // Markdown: the most characters written (--max-comment-size; GitHub takes
  // 65,536 in a comment); findings past it are counted, not listed. 0: no limit.
  size_t max_markdown_chars = 60'000;
};

// Where a finding is for a person or an editor in `input.working_dir`:
// relative to it when the file is on disk below it (so `path:line` opens
// from there), else "repo/path"; "repo" or "" without a path.
std::string display_path(const ReportInput& input, const Finding& f);

struct SeverityCounts {
  size_t error = 0, warning = 0, notice = 0;
};
// Counts findings that are not suppressed.
SeverityCounts count_findings(const LintOutput& lint);

struct TextReportOptions {
  bool color = false;
  bool quiet = false;        // findings only: no hints, no summary
  bool every_hint = false;   // --hints each: a rule's hint after each of its findings, not the first only
  enum class GroupBy { None, File, Rule } group_by = GroupBy::None;  // --group-by: a heading per file or rule
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

// JUnit XML: a suite per rule that ran (its <properties> the revision of
// each repo): a failing test case per finding at or above `fail_on`, a
// skipped one per suppressed finding, a passing one per other finding, and
// one passing case when the rule found nothing. Its size follows the
// findings, not the files read.
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
