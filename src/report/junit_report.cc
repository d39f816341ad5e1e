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

std::string place(const Finding& f) {
  return f.repo.value_or("(cluster)") + (f.path ? "/" + *f.path : "");
}

std::string described(const Finding& f) {
  return format_place(place(f), {f.line, 0}) + ": " + std::string(severity_name(f.severity)) + ": " + f.message + " [" +
         f.rule + "]";
}

// One test case: a rule on a file. It fails for findings at or above
// --fail-on (new ones, in a pull-request run); a case with only suppressed
// findings is skipped with their reasons; the rest is told in system-out.
struct Case {
  std::vector<const Finding*> failing, skipped, other;
};

bool failing(const ReportInput& input, const Finding& f) {
  return input.fail_on && !f.existing && f.severity >= *input.fail_on;
}

void write_case(std::ostream& body, const std::string& rule, const std::string& name, const Case* c) {
  body << "    <testcase classname=\"driftlint." << xml(rule) << "\" name=\"" << xml(name) << "\"";
  if (!c) {
    body << "/>\n";
    return;
  }
  body << ">\n";
  for (const Finding* f : c->failing) {
    body << "      <failure type=\"" << severity_name(f->severity) << "\" message=\"" << xml(f->message) << "\">"
         << xml(described(*f) + "\nhint: " + f->hint) << "</failure>\n";
  }
  std::vector<const Finding*> told = c->other;
  if (c->failing.empty()) {
    for (const Finding* f : c->skipped) {
      body << "      <skipped message=\"" << xml("suppressed: " + f->suppression) << "\">" << xml(described(*f)) << "</skipped>\n";
    }
  } else {
    told.insert(told.end(), c->skipped.begin(), c->skipped.end());
  }
  if (!told.empty()) {
    std::string text;
    for (const Finding* f : told) {
      text += described(*f) + (f->suppressed ? " (suppressed: " + f->suppression + ")" : f->existing ? " (the base has it too)" : "") + "\n";
    }
    body << "      <system-out>" << xml(text) << "</system-out>\n";
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

}  // namespace

std::string junit_report(const ReportInput& input) {
  const LoadResult& load = input.load;
  // Test case names: every file read (repo/path), and the places findings
  // name that are no file read (a repo, the cluster).
  std::vector<std::string> files;
  std::set<std::string> file_set;
  for (const LoadedFile& file : load.files) {
    std::string name = load.repo_name(file.repo) + "/" + file.path;
    if (file_set.insert(name).second) files.push_back(std::move(name));
  }
  std::map<std::string, std::map<std::string, Case>> cases;  // rule -> file -> findings
  for (const Finding& f : input.lint.findings) {
    Case& c = cases[f.rule][place(f)];
    (f.suppressed ? c.skipped : failing(input, f) ? c.failing : c.other).push_back(&f);
  }
  std::ostringstream body;
  size_t total_tests = 0, total_failures = 0;
  std::string suite_properties = properties(input);
  for (const RuleInfo* rule : input.rules) {
    const std::map<std::string, Case>& found = cases[rule->id];
    std::vector<std::string> names = files;
    for (const auto& [name, c] : found) {
      if (!file_set.count(name)) names.push_back(name);
    }
    size_t failures = 0, skipped = 0;
    for (const auto& [name, c] : found) {
      failures += !c.failing.empty();
      skipped += c.failing.empty() && !c.skipped.empty();
    }
    total_tests += names.size();
    total_failures += failures;
    body << "  <testsuite name=\"" << xml(rule->id) << "\" tests=\"" << names.size() << "\" failures=\"" << failures
         << "\" errors=\"0\" skipped=\"" << skipped << "\">\n"
         << suite_properties;
    for (const std::string& name : names) {
      auto it = found.find(name);
      write_case(body, rule->id, name, it == found.end() ? nullptr : &it->second);
    }
    body << "  </testsuite>\n";
  }
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites name=\"driftlint\" tests=\"" << total_tests << "\" failures=\"" << total_failures
      << "\" errors=\"0\">\n"
      << body.str() << "</testsuites>\n";
  return out.str();
}

}  // namespace driftlint
