// What every report format reads.
#pragma once

#include <ostream>
#include <string>

#include "lint/engine.h"
#include "load/loader.h"

namespace driftlint {

struct ReportInput {
  const LoadResult& load;
  const LintOutput& lint;
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

// The JSON report documented in schemas/report.schema.json.
std::string json_report(const ReportInput& input);

}  // namespace driftlint
