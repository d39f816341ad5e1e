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

std::string object_name(const ObjectIdentity& id) {
  return id.kind + " " + (id.ns.empty() ? "" : id.ns + "/") + (id.name.empty() ? "(unnamed)" : id.name);
}

}  // namespace

std::string junit_report(const ReportInput& input) {
  const LoadResult& load = input.load;
  // Test case names: every object checked (repo/path Kind ns/name), and the
  // files and repos that findings name without an object.
  std::vector<std::string> objects;
  std::set<std::string> object_set;
  for (const Manifest& m : load.manifests) {
    const LoadedFile& file = load.file_of(m);
    std::string name = load.repo_name(file.repo) + "/" + file.path + " " + object_name(m.id);
    if (object_set.insert(name).second) objects.push_back(std::move(name));
  }
  std::map<std::string, std::map<std::string, std::vector<const Finding*>>> failures;  // rule -> case -> findings
  for (const Finding& f : input.lint.findings) {
    if (f.suppressed) continue;
    std::string where = f.repo.value_or("(cluster)") + (f.path ? "/" + *f.path : "");
    std::string name = f.object ? where + " " + object_name({f.object->api_version, "", "", f.object->kind, f.object->ns, f.object->name}) : where;
    failures[f.rule][name].push_back(&f);
  }
  std::ostringstream body;
  size_t total_tests = 0, total_failures = 0;
  for (const RuleInfo* rule : input.rules) {
    const auto& failed = failures[rule->id];
    std::vector<std::string> names = objects;
    for (const auto& [name, list] : failed) {
      if (!object_set.count(name)) names.push_back(name);
    }
    size_t suite_failures = failed.size();
    total_tests += names.size();
    total_failures += suite_failures;
    body << "  <testsuite name=\"" << xml(rule->id) << "\" tests=\"" << names.size() << "\" failures=\"" << suite_failures
         << "\" errors=\"0\" skipped=\"0\">\n";
    for (const std::string& name : names) {
      body << "    <testcase classname=\"driftlint." << xml(rule->id) << "\" name=\"" << xml(name) << "\"";
      auto it = failed.find(name);
      if (it == failed.end()) {
        body << "/>\n";
        continue;
      }
      body << ">\n";
      for (const Finding* f : it->second) {
        std::string at = format_place(f->repo.value_or("") + (f->path ? "/" + *f->path : ""), {f->line, 0});
        body << "      <failure type=\"" << severity_name(f->severity) << "\" message=\"" << xml(f->message) << "\">"
             << xml(at + ": " + f->message + "\nhint: " + f->hint) << "</failure>\n";
      }
      body << "    </testcase>\n";
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
