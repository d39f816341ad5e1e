#include "render/origin_annotations.h"

#include <string_view>

#include "yaml/parser.h"

namespace driftlint {

namespace {

size_t indentation(std::string_view line) {
  size_t n = line.find_first_not_of(' ');
  return n == std::string_view::npos ? line.size() : n;
}

bool blank(std::string_view line) { return line.find_first_not_of(' ') == std::string_view::npos; }

std::vector<std::string_view> lines_of(const std::string& text) {
  std::vector<std::string_view> out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    out.push_back(std::string_view(text).substr(at, end - at));
    at = end + 1;
  }
  return out;
}

constexpr std::string_view kKey = "config.kubernetes.io/origin: ";

}  // namespace

StrippedOutput strip_origin_annotations(const std::string& output) {
  StrippedOutput out;
  std::vector<std::string_view> lines = lines_of(output);
  std::vector<bool> drop(lines.size(), false);
  out.origins.emplace_back();
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if (line == "---") {
      out.origins.emplace_back();
      continue;
    }
    size_t indent = indentation(line);
    if (line.substr(indent, kKey.size()) != kKey) continue;
    std::string_view value = line.substr(indent + kKey.size());
    drop[i] = true;
    std::string origin;
    size_t j = i + 1;
    if (value == "|" || value == "|-" || value == "|+") {
      for (; j < lines.size() && (blank(lines[j]) || indentation(lines[j]) > indent); ++j) {
        drop[j] = true;
        std::string_view l = lines[j];
        origin += std::string(l.substr(std::min(l.size(), indent + 2))) + "\n";
      }
    } else {
      // A one-line (quoted) value: the parser unquotes it.
      yaml::ParsedFile parsed = yaml::parse_yaml(value);
      if (!parsed.documents.empty() && parsed.documents[0].root.is_scalar()) origin = parsed.documents[0].root.text();
    }
    out.origins.back() = origin;
    // An `annotations:` map left empty goes too.
    bool alone = i > 0 && lines[i - 1].substr(indentation(lines[i - 1])) == "annotations:" &&
                 indentation(lines[i - 1]) + 2 == indent &&
                 (j >= lines.size() || indentation(lines[j]) < indent || lines[j] == "---");
    if (alone) drop[i - 1] = true;
    i = j - 1;
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    if (drop[i]) continue;
    out.text.append(lines[i]);
    out.text += '\n';
  }
  return out;
}

}  // namespace driftlint
