#include <map>
#include <set>
#include <sstream>

#include "lint/rule.h"
#include "report/report.h"

namespace driftlint {

namespace {

// Valid UTF-8 only: a broken file's bytes in a message would make the XML unreadable.
std::string valid_utf8(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool ok = n > 0 && i + n <= text.size();
    for (size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(text[i + k]) >> 6) == 0x2;
    if (ok) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
    }
  }
  return out;
}

std::string xml(std::string_view raw) {
  std::string text = valid_utf8(raw);
  std::string out;
  for (unsigned char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 has no place for other control characters.
        if (c < 0x20 && c != '\n' && c != '\t') out += ' ';
        else out += static_cast<char>(c);
    }
  }
  return out;
}

// A rule's cases beyond this many are counted in one last case: a run with
// 100,000 findings of one rule stays a file a CI server takes (GitLab refuses
// reports over 30 MB or 250,000 XML objects).
constexpr size_t kMaxCasesPerRule = 1000;

std::string described(const ReportInput& input, const Finding& f) {
  return format_place(display_path(input, f), {f.line, f.column}) + ": " + std::string(severity_name(f.severity)) + ": " +
         f.message + " [" + f.rule + "]";
}

bool failing(const ReportInput& input, const Finding& f) {
  return input.fail_on && !f.suppressed && !f.existing && f.severity >= *input.fail_on;
}

// One finding's case: failing at or above --fail-on (new ones, in a
// pull-request run), skipped when suppressed, else passing with the finding
// in system-out. Named by its place, so each stays the same case run to run.
void write_case(std::ostream& body, const ReportInput& input, const Finding& f) {
  std::string where = format_place(display_path(input, f), {f.line, f.column});
  body << "    <testcase classname=\"driftlint." << xml(f.rule) << "\" name=\"" << xml(where.empty() ? "(cluster)" : where)
       << ": " << xml(f.message) << "\"";
  if (f.path) body << " file=\"" << xml(display_path(input, f)) << "\"";
  body << ">\n";
  if (failing(input, f)) {
    body << "      <failure type=\"" << severity_name(f.severity) << "\" message=\"" << xml(f.message) << "\">"
         << xml(described(input, f) + (f.hint.empty() ? "" : "\nhint: " + f.hint)) << "</failure>\n";
  } else if (f.suppressed) {
    body << "      <skipped message=\"" << xml("suppressed: " + f.suppression) << "\">" << xml(described(input, f))
         << "</skipped>\n";
  } else {
    std::string why = f.existing ? " (the base has it too)" : " (below --fail-on)";
    body << "      <system-out>" << xml(described(input, f) + why) << "</system-out>\n";
  }
  body << "    </testcase>\n";
}

// The revision of each repo, and what decides a failure.
std::string properties(const ReportInput& input) {
  std::string out = "    <properties>\n";
  auto property = [&](const std::string& name, const std::string& value) {
    out += "      <property name=\"" + xml(name) + "\" value=\"" + xml(value) + "\"/>\n";
  };
  property("driftlint.version", DRIFTLINT_VERSION);
  property("fail-on", input.fail_on ? std::string(severity_name(*input.fail_on)) : "none");
  for (const RepoInput& r : input.load.repos) {
    property("revision." + r.name, r.commit.value_or(r.revision.value_or("(not a git checkout)")));
  }
  return out + "    </properties>\n";
}

struct SuiteCounts {
  size_t tests = 0, failures = 0, skipped = 0;
};

// A rule's suite body: its findings' cases (the first kMaxCasesPerRule, then
// one case counting the rest), or one passing case when it found nothing.
SuiteCounts write_suite_cases(std::ostream& body, const ReportInput& input, const std::string& rule,
                              const std::vector<const Finding*>& found) {
  SuiteCounts counts;
  if (found.empty()) {
    body << "    <testcase classname=\"driftlint." << xml(rule) << "\" name=\"" << xml(rule) << ": no findings in "
         << input.load.files.size() << " files\"/>\n";
    counts.tests = 1;
    return counts;
  }
  size_t rest_failing = 0;
  for (size_t i = 0; i < found.size(); ++i) {
    const Finding& f = *found[i];
    bool fails = failing(input, f);
    if (i >= kMaxCasesPerRule) {
      rest_failing += fails;
      continue;
    }
    write_case(body, input, f);
    ++counts.tests;
    counts.failures += fails;
    counts.skipped += !fails && f.suppressed;
  }
  if (found.size() > kMaxCasesPerRule) {
    size_t rest = found.size() - kMaxCasesPerRule;
    std::string text = std::to_string(rest) + " more findings of " + rule + " (" + std::to_string(rest_failing) +
                       " failing), left out to keep this report small: the text or JSON report lists them all";
    body << "    <testcase classname=\"driftlint." << xml(rule) << "\" name=\"" << xml(rule) << ": " << rest
         << " more findings\">\n";
    if (rest_failing) body << "      <failure type=\"more\" message=\"" << xml(text) << "\">" << xml(text) << "</failure>\n";
    else body << "      <system-out>" << xml(text) << "</system-out>\n";
    body << "    </testcase>\n";
    ++counts.tests;
    counts.failures += rest_failing > 0;
  }
  return counts;
}

}  // namespace

std::string junit_report(const ReportInput& input) {
  std::map<std::string, std::vector<const Finding*>> by_rule;
  for (const Finding& f : input.lint.findings) by_rule[f.rule].push_back(&f);
  // Rules that ran, then any other rule a finding names (the config's own problems).
  std::vector<std::string> rules;
  std::set<std::string> listed;
  for (const RuleInfo* rule : input.rules) {
    if (listed.insert(rule->id).second) rules.push_back(rule->id);
  }
  for (const auto& [rule, found] : by_rule) {
    if (listed.insert(rule).second) rules.push_back(rule);
  }
  std::ostringstream body;
  SuiteCounts total;
  std::string suite_properties = properties(input);
  for (const std::string& rule : rules) {
    std::ostringstream cases;
    SuiteCounts counts = write_suite_cases(cases, input, rule, by_rule[rule]);
    total.tests += counts.tests;
    total.failures += counts.failures;
    total.skipped += counts.skipped;
    body << "  <testsuite name=\"" << xml(rule) << "\" tests=\"" << counts.tests << "\" failures=\"" << counts.failures
         << "\" errors=\"0\" skipped=\"" << counts.skipped << "\">\n"
         << suite_properties << cases.str() << "  </testsuite>\n";
  }
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites name=\"driftlint\" tests=\"" << total.tests << "\" failures=\"" << total.failures
      << "\" errors=\"0\" skipped=\"" << total.skipped << "\">\n"
      << body.str() << "</testsuites>\n";
  return out.str();
}

}  // namespace driftlint
