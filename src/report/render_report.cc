#include <sstream>

#include "report/report.h"

namespace driftlint {

std::string_view report_format_name(ReportFormat format) {
  switch (format) {
    case ReportFormat::Text:
      return "text";
    case ReportFormat::Json:
      return "json";
    case ReportFormat::Markdown:
      return "markdown";
    case ReportFormat::Sarif:
      return "sarif";
    case ReportFormat::Github:
      return "github";
    case ReportFormat::Junit:
      return "junit";
    case ReportFormat::Codequality:
      return "codequality";
  }
  return "text";
}

std::optional<ReportFormat> parse_report_format(std::string_view name) {
  for (ReportFormat format : kReportFormats) {
    if (report_format_name(format) == name) return format;
  }
  return std::nullopt;
}

std::string report_format_list(std::string_view separator, std::string_view last) {
  std::string out;
  size_t count = std::size(kReportFormats);
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) out += i + 1 == count ? last : separator;
    out += report_format_name(kReportFormats[i]);
  }
  return out;
}

std::string render_report(ReportFormat format, const ReportInput& input, const TextReportOptions& text) {
  std::ostringstream out;
  switch (format) {
    case ReportFormat::Json:
      return json_report(input);
    case ReportFormat::Sarif:
      return sarif_report(input);
    case ReportFormat::Junit:
      return junit_report(input);
    case ReportFormat::Codequality:
      return codequality_report(input);
    case ReportFormat::Markdown:
      write_markdown_report(out, input);
      break;
    case ReportFormat::Github:
      write_github_report(out, input);
      break;
    case ReportFormat::Text:
      write_text_report(out, input, text);
      break;
  }
  return out.str();
}

}  // namespace driftlint
