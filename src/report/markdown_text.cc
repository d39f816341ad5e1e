#include "report/markdown_text.h"

#include <algorithm>

#include "base/source_position.h"

namespace driftlint {

std::string md(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '\n':
      case '\r':
        out += ' ';
        break;
      case '|':
        out += "\\|";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '*':
      case '_':
      case '`':
      case '[':
      case ']':
        out += '\\';
        out += c;
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string md_code(std::string_view text) {
  std::string clean;
  size_t longest = 0, run = 0;  // the longest run of backticks: a shorter fence would end the span there
  for (char c : text) {
    clean += (c == '\n' || c == '\r' || c == '|') ? ' ' : c;
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`');
  return fence + (fence.size() > 1 ? " " : "") + clean + (fence.size() > 1 ? " " : "") + fence;
}

std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string finding_location(const Finding& f) {
  std::string out = f.repo.value_or("");
  if (f.path) out += (out.empty() ? "" : "/") + *f.path;
  if (f.line) out = format_place(out, {f.line, 0});
  return out.empty() ? std::string("(cluster)") : out;
}

std::string finding_line(const Finding& f, const std::string& link) {
  std::string where = md_code(finding_location(f));
  if (!link.empty()) where = "[" + where + "](" + link + ")";
  return "- **" + std::string(severity_name(f.severity)) + "** " + md_code(f.rule) + " at " + where + ": " + md(f.message) +
         "\n";
}

}  // namespace driftlint
