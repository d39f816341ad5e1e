#include "render/chart_schema.h"

#include <algorithm>
#include <cctype>

#include "base/tar_gz.h"
#include "fs/repo_path.h"
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

// A packaged subchart: a .tgz in a charts/ folder of the chart (`in_chart` starts with '/').
bool is_package(std::string_view in_chart) {
  return in_chart.size() > 4 && in_chart.substr(in_chart.size() - 4) == ".tgz" &&
         in_chart.find("/charts/") != std::string_view::npos;
}

constexpr int kMaxPackageDepth = 4;

void package_schemas(const std::string& name, std::string_view archive, uint64_t max_bytes, int depth,
                     ChartSchemas& out) {
  auto wanted = [&](std::string_view file) { return is_values_schema(file) || is_package("/" + std::string(file)); };
  auto files = depth < kMaxPackageDepth ? files_in_tar_gz(archive, max_bytes, wanted)
                                        : Expected<std::vector<std::pair<std::string, std::string>>>(
                                              Error{"packages nest deeper than " + std::to_string(kMaxPackageDepth)});
  if (!files) {
    out.unreadable.push_back(name + " (" + files.error().message + ")");
    return;
  }
  for (auto& [file, text] : *files) {
    if (is_values_schema(file)) out.schemas.emplace_back(name + ":" + file, std::move(text));
    else package_schemas(name + ":" + file, text, max_bytes, depth + 1, out);
  }
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

ChartSchemas chart_schemas(const std::map<std::string, std::string>& files, const std::string& folder,
                           uint64_t max_bytes) {
  ChartSchemas out;
  for (const auto& [path, text] : files) {
    if (!path_is_under(path, folder)) continue;
    std::string in_chart = "/" + path.substr(folder.empty() ? 0 : folder.size() + 1);
    if (is_values_schema(path)) out.schemas.emplace_back(path, text);
    else if (is_package(in_chart)) package_schemas(path, text, max_bytes, 0, out);
  }
  return out;
}

SchemaScan scan_values_schema(std::string_view json) {
  SchemaScan scan;
  yaml::ParsedFile parsed = yaml::parse_yaml(json);
  if (parsed.error || parsed.documents.size() != 1) {
    scan.parsed = false;
    return scan;
  }
  // Every map of the document, in document order (no recursion: depth is the
  // input's to choose; node ids do not follow the text, so sorted by position).
  const yaml::Tree& tree = *parsed.tree;
  std::vector<yaml::Node> maps;
  for (uint32_t id = 0; id < tree.node_count(); ++id) {
    if (tree.node(id).is_map()) maps.push_back(tree.node(id));
  }
  std::stable_sort(maps.begin(), maps.end(), [](yaml::Node a, yaml::Node b) { return a.position() < b.position(); });
  for (yaml::Node node : maps) {
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
