#include "report/report.h"

#include <algorithm>

namespace driftlint {

SeverityCounts count_findings(const LintOutput& lint) {
  SeverityCounts counts;
  for (const Finding& f : lint.findings) {
    if (f.suppressed || f.existing) continue;
    switch (f.severity) {
      case Severity::Error:
        ++counts.error;
        break;
      case Severity::Warning:
        ++counts.warning;
        break;
      case Severity::Notice:
        ++counts.notice;
        break;
    }
  }
  return counts;
}

namespace {

std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

const char* color_of(Severity s) {
  switch (s) {
    case Severity::Error:
      return "\033[1;31m";
    case Severity::Warning:
      return "\033[1;33m";
    case Severity::Notice:
      return "\033[1;36m";
  }
  return "";
}

}  // namespace

std::string summary_line(const ReportInput& input) {
  SeverityCounts c = count_findings(input.lint);
  std::string line = plural(c.error, "error") + ", " + plural(c.warning, "warning") + ", " +
                     plural(c.notice, "notice");
  if (input.lint.suppressed) line += " (" + std::to_string(input.lint.suppressed) + " suppressed)";
  if (input.baselined) line += " (" + std::to_string(input.baselined) + " in the baseline)";
  line += " in " + plural(input.load.files.size(), "file") + " (" +
          plural(input.load.documents, "document") + ")";
  size_t not_rendered = input.load.templates_not_rendered();
  if (not_rendered) line += "; " + plural(not_rendered, "template") + " not rendered (not checked)";
  if (const std::optional<BaseComparison>& base = input.lint.base) {
    line += "; against the base: " + std::to_string(base->fresh) + " new, " + std::to_string(base->fixed) +
            " fixed, " + std::to_string(base->existing) + " already there" + (input.show_existing ? "" : " (not shown)");
  }
  return line;
}

void write_text_report(std::ostream& out, const ReportInput& input, const TextReportOptions& options) {
  for (const Finding& f : input.lint.findings) {
    if (f.suppressed && !input.show_suppressed) continue;
    std::string where = f.repo.value_or("");
    if (f.path) where += (where.empty() ? "" : "/") + *f.path;  // no repo: the config file
    if (f.path && f.line) where = format_place(where, {f.line, f.column});
    if (where.empty()) where = "driftlint";
    if (options.color) out << "\033[1m";
    out << where << ":";
    if (options.color) out << "\033[0m";
    out << ' ';
    if (options.color) out << color_of(f.severity);
    out << severity_name(f.severity) << ":";
    if (options.color) out << "\033[0m";
    out << ' ' << f.message << " [" << f.rule << "]";
    if (f.suppressed) out << " (suppressed: " << f.suppression << ")";
    if (f.existing) out << " (already there at the base)";
    out << "\n";
    if (!options.quiet && !f.hint.empty()) out << "  hint: " << f.hint << "\n";
  }
  if (!options.quiet) out << summary_line(input) << "\n";
}

}  // namespace driftlint
