#include "render/chart_schema.h"

#include <algorithm>
#include <cctype>

#include "yaml/parser.h"

namespace driftlint {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

// Read without any I/O: a fragment of this document, a URN, or one of the
// metaschemas the validator carries (all of json-schema.org's, checked
// with helm 4.1: http or https, with or without '#').
bool reads_nothing(std::string_view value) {
  std::string v = lower(value);
  return starts_with(v, "#") || starts_with(v, "urn:") || starts_with(v, "http://json-schema.org/") ||
         starts_with(v, "https://json-schema.org/");
}

bool is_http(std::string_view value) {
  std::string v = lower(value);
  return starts_with(v, "http://") || starts_with(v, "https://");
}

}  // namespace

bool is_values_schema(std::string_view path) {
  return path == "values.schema.json" ||
         (path.size() > 19 && path.substr(path.size() - 19) == "/values.schema.json");
}

SchemaScan scan_values_schema(std::string_view json) {
  SchemaScan scan;
  yaml::ParsedFile parsed = yaml::parse_yaml(json);
  if (parsed.error || parsed.documents.size() != 1) {
    scan.parsed = false;
    return scan;
  }
  // Every map of the document, in node order (no recursion: depth is the input's to choose).
  const yaml::Tree& tree = *parsed.tree;
  for (uint32_t id = 0; id < tree.node_count(); ++id) {
    yaml::Node node = tree.node(id);
    if (!node.is_map()) continue;
    for (const char* keyword : {"$ref", "$dynamicRef", "$recursiveRef", "$schema"}) {
      std::optional<std::string_view> value = node.get(keyword).as_string();
      if (value && !reads_nothing(*value)) {
        scan.outside.push_back({keyword, std::string(*value), is_http(*value)});
      }
    }
  }
  return scan;
}

}  // namespace driftlint
