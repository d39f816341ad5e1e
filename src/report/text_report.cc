#include "report/report.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "report/coverage.h"

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
  size_t not_rendered = templates_not_rendered(input.load, input.coverage);
  if (not_rendered) line += "; " + plural(not_rendered, "template") + " not rendered (not checked)";
  if (const std::optional<BaseComparison>& base = input.lint.base) {
    line += "; against the base: " + std::to_string(base->fresh) + " new, " + std::to_string(base->fixed) +
            " fixed, " + std::to_string(base->existing) + " already there" + (input.show_existing ? "" : " (not shown)");
  }
  return line;
}

namespace {

// One finding's line(s): "place: severity: message [rule]", then its hint
// unless the rule's same hint was printed already (--hints each: always).
class FindingWriter {
 public:
  FindingWriter(std::ostream& out, const ReportInput& input, const TextReportOptions& options)
      : out_(out), input_(input), options_(options) {}

  void write(const Finding& f) {
    std::string where = display_path(input_, f);
    if (f.path && f.line) where = format_place(where, {f.line, f.column});
    if (where.empty()) where = "driftlint";
    out_ << bold() << where << ":" << reset() << ' ' << color(f.severity) << severity_name(f.severity) << ":" << reset()
         << ' ' << f.message << " [" << f.rule << "]";
    if (f.suppressed) out_ << " (suppressed: " << f.suppression << ")";
    if (f.existing) out_ << " (already there at the base)";
    out_ << "\n";
    if (options_.quiet || f.hint.empty()) return;
    if (options_.every_hint || hinted_.insert({f.rule, f.hint}).second) out_ << "  hint: " << f.hint << "\n";
  }

  void heading(const std::string& title, size_t count) {
    out_ << bold() << "== " << title << " (" << plural(count, "finding") << ")" << reset() << "\n";
  }

 private:
  const char* bold() const { return options_.color ? "\033[1m" : ""; }
  const char* reset() const { return options_.color ? "\033[0m" : ""; }
  const char* color(Severity s) const { return options_.color ? color_of(s) : ""; }

  std::ostream& out_;
  const ReportInput& input_;
  const TextReportOptions& options_;
  std::set<std::pair<std::string, std::string>> hinted_;  // (rule, hint) printed
};

// The findings shown, grouped by file or rule (one group, in report order, without --group-by).
std::vector<std::pair<std::string, std::vector<const Finding*>>> groups(const ReportInput& input,
                                                                        TextReportOptions::GroupBy by) {
  std::map<std::string, std::vector<const Finding*>> grouped;
  for (const Finding& f : input.lint.findings) {
    if (f.suppressed && !input.show_suppressed) continue;
    std::string key;
    if (by == TextReportOptions::GroupBy::Rule) key = f.rule;
    if (by == TextReportOptions::GroupBy::File) key = f.path ? display_path(input, f) : f.repo.value_or("driftlint");
    grouped[key].push_back(&f);
  }
  return {grouped.begin(), grouped.end()};
}

// The closing table: findings counted (not suppressed, not already at the
// base) by rule and severity, the rules with most errors first.
void write_counts(std::ostream& out, const ReportInput& input) {
  std::map<std::string, SeverityCounts> by_rule;
  for (const Finding& f : input.lint.findings) {
    if (f.suppressed || f.existing) continue;
    SeverityCounts& c = by_rule[f.rule];
    ++(f.severity == Severity::Error ? c.error : f.severity == Severity::Warning ? c.warning : c.notice);
  }
  if (by_rule.empty()) return;
  std::vector<std::pair<std::string, SeverityCounts>> rows(by_rule.begin(), by_rule.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    return std::tie(b.second.error, b.second.warning, b.second.notice) <
           std::tie(a.second.error, a.second.warning, a.second.notice);
  });
  size_t width = 4;
  for (const auto& [rule, c] : rows) width = std::max(width, rule.size());
  auto row = [&](const std::string& rule, const std::string& e, const std::string& w, const std::string& n) {
    out << "  " << rule << std::string(width - rule.size(), ' ') << std::string(8 - std::min<size_t>(8, e.size()), ' ') << e
        << std::string(10 - std::min<size_t>(10, w.size()), ' ') << w << std::string(9 - std::min<size_t>(9, n.size()), ' ')
        << n << "\n";
  };
  out << "\nfindings by rule:\n";
  row("rule", "errors", "warnings", "notices");
  for (const auto& [rule, c] : rows) row(rule, std::to_string(c.error), std::to_string(c.warning), std::to_string(c.notice));
}

}  // namespace

void write_text_report(std::ostream& out, const ReportInput& input, const TextReportOptions& options) {
  FindingWriter writer(out, input, options);
  for (const auto& [title, findings] : groups(input, options.group_by)) {
    if (options.group_by != TextReportOptions::GroupBy::None) writer.heading(title, findings.size());
    for (const Finding* f : findings) writer.write(*f);
  }
  if (options.quiet) return;
  write_counts(out, input);
  out << summary_line(input) << "\n";
}

}  // namespace driftlint
