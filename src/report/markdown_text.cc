#include "report/markdown_text.h"

#include <algorithm>

#include "base/source_position.h"

namespace driftlint {

namespace {

size_t longest_backtick_run(std::string_view text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

// "1." or "1)" (an ordered list item) at the start of `text`.
bool starts_ordered_item(std::string_view text) {
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  return digits > 0 && digits < text.size() && (text[digits] == '.' || text[digits] == ')');
}

}  // namespace

std::string md(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '\n':
      case '\r':
        out += ' ';
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '\\':
      case '|':
      case '*':
      case '_':
      case '`':
      case '[':
      case ']':
      case '~':
        out += '\\';
        out += c;
        break;
      default:
        out += c;
    }
  }
  // What would start a block where the text starts a line or a list item.
  size_t first = out.find_first_not_of(' ');
  if (first != std::string::npos) {
    char c = out[first];
    if (c == '#' || c == '+' || c == '-' || c == '=') {
      out.insert(first, 1, '\\');
    } else if (starts_ordered_item(std::string_view(out).substr(first))) {
      size_t mark = out.find_first_not_of("0123456789", first);
      out.insert(mark, 1, '\\');
    }
  }
  return out;
}

std::string md_code(std::string_view text) {
  std::string clean;
  for (char c : text) clean += (c == '\n' || c == '\r' || c == '|') ? ' ' : c;
  std::string fence(longest_backtick_run(clean) + 1, '`');
  // A space on each side keeps a backtick at either end from joining the fence.
  bool pad = fence.size() > 1;
  return fence + (pad ? " " : "") + clean + (pad ? " " : "") + fence;
}

std::string md_url(std::string_view url) {
  bool web = url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0;
  bool plain = url.find_first_of(" \t\r\n<>`|\"\\") == std::string_view::npos;
  if (web && plain) return "<" + std::string(url) + ">";
  return md_code(url);
}

std::string html_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '\n':
      case '\r':
        out += ' ';
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string md_code_block(std::string_view text, std::string_view info) {
  std::string fence(std::max<size_t>(3, longest_backtick_run(text) + 1), '`');
  std::string out = fence + std::string(info) + "\n" + std::string(text);
  if (!out.empty() && out.back() != '\n') out += '\n';
  return out + fence + "\n";
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
