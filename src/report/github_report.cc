#include "report/report.h"

namespace driftlint {

std::string github_escape_data(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string github_escape_property(std::string_view text) {
  std::string out;
  for (char c : github_escape_data(text)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

void write_github_report(std::ostream& out, const ReportInput& input) {
  for (const Finding& f : input.lint.findings) {
    if (f.suppressed) continue;  // annotations are for what needs attention
    const char* command = f.severity == Severity::Error ? "error" : f.severity == Severity::Warning ? "warning" : "notice";
    out << "::" << command << " ";
    std::string properties;
    if (f.path) {
      // Relative to the checkout's root, where the workflow runs.
      std::string path = *f.path;
      for (const RepoInput& r : input.load.repos) {
        if (f.repo && r.name == *f.repo && !r.git_folder.empty()) path = r.git_folder + "/" + path;
      }
      properties += "file=" + github_escape_property(path);
      if (f.line) properties += ",line=" + std::to_string(f.line);
      if (f.column) properties += ",col=" + std::to_string(f.column);
      properties += ",";
    }
    properties += "title=" + github_escape_property("driftlint " + f.rule + (f.repo ? " (" + *f.repo + ")" : ""));
    out << properties << "::" << github_escape_data(f.message + (f.hint.empty() ? "" : "\n" + f.hint)) << "\n";
  }
}

}  // namespace driftlint
