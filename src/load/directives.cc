#include "load/directives.h"

#include <algorithm>

#include "base/strings.h"

namespace driftlint {

void parse_ignore_spec(std::string_view spec, std::vector<std::string>& rules, std::string& reason) {
  size_t dashes = spec.find("--");
  std::string_view list = dashes == std::string_view::npos ? spec : spec.substr(0, dashes);
  if (dashes != std::string_view::npos) reason = std::string(trim(spec.substr(dashes + 2)));
  for (std::string_view part : split(list, ',')) {
    std::string_view rule = trim(part);
    if (!rule.empty()) rules.emplace_back(rule);
  }
}

namespace {

struct Line {
  std::string_view text;
  uint32_t number;
};

// The comment's position in a line: a '#' at the start or after white space,
// outside quotes (enough for the lines a directive sits on).
size_t comment_start(std::string_view line) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) return i;
  }
  return std::string_view::npos;
}

bool is_blank_or_comment(std::string_view line) {
  std::string_view t = trim(line);
  return t.empty() || t[0] == '#';
}

}  // namespace

std::vector<IgnoreDirective> scan_ignore_directives(std::string_view text, const yaml::ParsedFile& parsed) {
  std::vector<IgnoreDirective> out;
  std::vector<Line> lines;
  uint32_t number = 1;
  for (std::string_view l : split(text, '\n')) {
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    lines.push_back({l, number++});
  }
  uint32_t last_line = static_cast<uint32_t>(lines.size());
  // Where each document's content starts, to give a directive above one the whole document.
  std::vector<uint32_t> starts;
  for (const yaml::Document& d : parsed.documents) {
    if (d.root.valid()) starts.push_back(d.root.position().line);
  }
  std::sort(starts.begin(), starts.end());
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i].text;
    size_t hash = comment_start(line);
    if (hash == std::string_view::npos) continue;
    std::string_view comment = trim(line.substr(hash + 1));
    if (comment.rfind(kIgnoreMarker, 0) != 0) continue;
    std::string_view rest = comment.substr(kIgnoreMarker.size());
    IgnoreDirective d;
    d.line = lines[i].number;
    d.column = static_cast<uint32_t>(hash + 1);
    if (rest.rfind("-file", 0) == 0) {
      rest.remove_prefix(5);
      d.scope = IgnoreDirective::Scope::File;
      d.from_line = 1;
      d.to_line = last_line;
    } else if (!trim(line.substr(0, hash)).empty()) {
      d.scope = IgnoreDirective::Scope::Line;  // a trailing comment: its own line
      d.from_line = d.to_line = d.line;
    } else {
      // A comment alone on its line covers the next content line, or the
      // whole document when that line starts one.
      size_t next = i + 1;
      while (next < lines.size() && (is_blank_or_comment(lines[next].text) || trim(lines[next].text) == "---")) ++next;
      uint32_t target = next < lines.size() ? lines[next].number : last_line;
      auto doc = std::find(starts.begin(), starts.end(), target);
      if (doc != starts.end()) {
        d.scope = IgnoreDirective::Scope::Document;
        d.from_line = d.line;
        d.to_line = doc + 1 != starts.end() ? *(doc + 1) - 1 : last_line;
      } else {
        d.scope = IgnoreDirective::Scope::Line;
        d.from_line = d.to_line = target;
      }
    }
    if (!rest.empty() && rest[0] != ' ' && rest[0] != '\t') continue;  // "driftlint:ignored" is not ours
    parse_ignore_spec(rest, d.rules, d.reason);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace driftlint
