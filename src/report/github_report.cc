#include <algorithm>

#include "git/url.h"
#include "report/markdown_text.h"
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

namespace {

// Whether the findings of this repo are annotated (else they go to the step summary).
bool annotated(const ReportInput& input, const Finding& f) {
  if (!input.github_repos || !f.repo) return true;
  const std::vector<std::string>& home = *input.github_repos;
  return std::find(home.begin(), home.end(), *f.repo) != home.end();
}

}  // namespace

std::optional<std::vector<std::string>> github_home_repos(const std::vector<RepoInput>& repos,
                                                          std::string_view github_repository,
                                                          const std::vector<std::string>& workspace_repos) {
  // "host/owner/name" without its host, compared as GitHub compares names: case aside.
  auto lower = [](std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  std::vector<std::string> matched;
  for (const RepoInput& r : repos) {
    if (github_repository.empty() || !r.url) continue;
    std::string url = normalize_git_url(*r.url);
    size_t slash = url.find('/');
    if (url.rfind("file:", 0) != 0 && slash != std::string::npos && lower(url.substr(slash + 1)) == lower(github_repository)) {
      matched.push_back(r.name);
    }
  }
  if (!matched.empty()) return matched;
  if (!workspace_repos.empty()) return workspace_repos;
  if (repos.size() == 1) return std::vector<std::string>{repos.front().name};
  return std::nullopt;
}

namespace {

// The findings a GitHub report annotates, the first max_annotations of each
// severity; the rest are counted in one last annotation and listed in the
// step summary (GitHub shows 10 annotations per kind per step, drops the others).
struct Annotations {
  std::vector<const Finding*> shown, over;
};

Annotations annotations(const ReportInput& input) {
  Annotations out;
  size_t shown[3] = {0, 0, 0};
  for (const Finding& f : input.lint.findings) {
    if (f.suppressed || !annotated(input, f)) continue;  // annotations are for what needs attention, here
    size_t& count = shown[static_cast<size_t>(f.severity)];
    (count < input.max_annotations ? out.shown : out.over).push_back(&f);
    count += count < input.max_annotations;
  }
  return out;
}

const char* command_of(Severity s) {
  return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "notice";
}

void write_annotation(std::ostream& out, const ReportInput& input, const Finding& f) {
  out << "::" << command_of(f.severity) << " ";
  std::string properties;
  if (f.path) {
    // Relative to the checkout's root, where GitHub resolves annotations
    // (whatever the step's working-directory).
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

// The last annotation, counting the rest: of a kind with room left (notice first), so GitHub shows it.
void write_overflow(std::ostream& out, const ReportInput& input, const Annotations& a) {
  size_t used[3] = {0, 0, 0};
  for (const Finding* f : a.shown) ++used[static_cast<size_t>(f->severity)];
  Severity kind = Severity::Notice;
  for (Severity s : {Severity::Notice, Severity::Warning, Severity::Error}) {
    if (used[static_cast<size_t>(s)] < input.max_annotations) {
      kind = s;
      break;
    }
  }
  std::string message = plural(a.over.size(), "more finding") + " not annotated (at most " +
                        std::to_string(input.max_annotations) +
                        " per severity, --max-annotations): the job's summary lists them, and the text, JSON and SARIF "
                        "reports have them all";
  out << "::" << command_of(kind) << " title=" << github_escape_property("driftlint: " + plural(a.over.size(), "more finding"))
      << "::" << github_escape_data(message) << "\n";
}

// A Markdown table of findings: place, severity, rule, message, every cell escaped.
std::string finding_table(const std::vector<const Finding*>& findings) {
  std::string out = "| place | severity | rule | message |\n| --- | --- | --- | --- |\n";
  for (const Finding* f : findings) {
    out += "| " + md_code(finding_location(*f)) + " | " + std::string(severity_name(f->severity)) + " | " +
           md_code(f->rule) + " | " + md(f->message) + " |\n";
  }
  return out;
}

}  // namespace

void write_github_report(std::ostream& out, const ReportInput& input) {
  Annotations a = annotations(input);
  for (const Finding* f : a.shown) write_annotation(out, input, *f);
  if (!a.over.empty()) write_overflow(out, input, a);
}

std::string github_step_summary(const ReportInput& input) {
  std::string out;
  Annotations a = annotations(input);
  if (!a.over.empty()) {
    out += "### driftlint: " + plural(a.over.size(), "finding") + " not annotated\n\nGitHub shows " +
           std::to_string(input.max_annotations) + " annotations per severity here (--max-annotations); these are the others.\n\n" +
           finding_table(a.over) + "\n";
  }
  for (const RepoInput& repo : input.load.repos) {
    std::string lines;
    size_t count = 0;
    for (const Finding& f : input.lint.findings) {
      if (f.suppressed || annotated(input, f) || f.repo != repo.name) continue;
      lines += finding_line(f);
      ++count;
    }
    if (count == 0) continue;
    out += "### driftlint: " + plural(count, "finding") + " in repo " + md_code(repo.name);
    if (repo.url) out += " (" + md_url(redact_url(*repo.url)) + ")";
    out += "\n\nNot annotated here: these files are not in this workflow's repository.\n\n" + lines + "\n";
  }
  return out;
}

}  // namespace driftlint
