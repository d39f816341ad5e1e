// What every report format reads.
#pragma once

#include <ostream>
#include <string>

#include "lint/engine.h"
#include "load/loader.h"

namespace driftlint {

struct ArgoModel;
struct Snapshot;

struct ReportInput {
  const LoadResult& load;
  const LintOutput& lint;
  const Snapshot* snapshot = nullptr;
  const ArgoModel* argo = nullptr;
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

// The JSON report documented in schemas/report.schema.json.
std::string json_report(const ReportInput& input);

}  // namespace driftlint
