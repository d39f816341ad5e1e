#include <sstream>

#include "report/report.h"

namespace driftlint {

std::string render_report(const std::string& format, const ReportInput& input, const TextReportOptions& text) {
  if (format == "json") return json_report(input);
  if (format == "sarif") return sarif_report(input);
  if (format == "junit") return junit_report(input);
  std::ostringstream out;
  if (format == "markdown") write_markdown_report(out, input);
  else if (format == "github") write_github_report(out, input);
  else write_text_report(out, input, text);
  return out.str();
}

}  // namespace driftlint
