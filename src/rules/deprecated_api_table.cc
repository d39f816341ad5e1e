#include "rules/deprecated_api_table.h"

#include <algorithm>

#include "base/embedded_files.h"
#include "yaml/parser.h"
#include "yaml/strict_reader.h"

namespace driftlint {

namespace {

bool has_kind(const std::vector<std::string>& kinds, const std::string& kind) {
  return kinds.empty() || std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

}  // namespace

Expected<DeprecationTable> read_deprecation_table(std::string_view text, const std::string& file) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  if (parsed.error || parsed.documents.empty()) return Error{file + ": does not parse"};
  StrictReader r(file);
  yaml::Node root = parsed.documents[0].root;
  if (Status s = r.known_keys(root, "", {"apis", "fields"}); !s) return s.error();
  DeprecationTable table;
  auto str = [&](yaml::Node entry, const char* key) -> Expected<std::string> {
    if (!entry.get(key).valid()) return r.error(entry, std::string("an entry needs '") + key + "'");
    return r.string_value(entry.get(key), key);
  };
  for (yaml::Node e : root.get("apis").elements()) {
    if (Status s = r.known_keys(e, "apis", {"apiVersion", "kinds", "status", "in", "use"}); !s) return s.error();
    DeprecatedApi a;
    for (auto [key, target] : {std::pair<const char*, std::string*>{"apiVersion", &a.api_version}, {"status", &a.status}, {"in", &a.in}, {"use", &a.use}}) {
      auto v = str(e, key);
      if (!v) return v.error();
      *target = *v;
    }
    if (e.get("kinds").valid()) {
      auto kinds = r.string_list(e.get("kinds"), "kinds");
      if (!kinds) return kinds.error();
      a.kinds = *kinds;
    }
    table.apis.push_back(std::move(a));
  }
  for (yaml::Node e : root.get("fields").elements()) {
    if (Status s = r.known_keys(e, "fields", {"group", "kinds", "path", "status", "in", "use"}); !s) return s.error();
    DeprecatedField f;
    for (auto [key, target] : {std::pair<const char*, std::string*>{"group", &f.group}, {"status", &f.status}, {"in", &f.in}, {"use", &f.use}}) {
      auto v = str(e, key);
      if (!v) return v.error();
      *target = *v;
    }
    auto kinds = r.string_list(e.get("kinds"), "kinds");
    if (!kinds) return kinds.error();
    f.kinds = *kinds;
    auto path_text = str(e, "path");
    if (!path_text) return path_text.error();
    auto path = parse_field_path(*path_text);
    if (!path) return r.error(e.get("path"), path.error().message);
    f.path = std::move(*path);
    table.fields.push_back(std::move(f));
  }
  return table;
}

const Expected<DeprecationTable>& deprecation_table() {
  static const Expected<DeprecationTable> t = read_deprecation_table(embedded_file("rules/deprecated-apis.yaml"), "rules/deprecated-apis.yaml");
  return t;
}

const DeprecatedApi* deprecated_api_row(const DeprecationTable& table, const std::string& api_version,
                                        const std::string& kind) {
  for (const DeprecatedApi& a : table.apis) {
    if (a.api_version == api_version && has_kind(a.kinds, kind)) return &a;
  }
  return nullptr;
}

}  // namespace driftlint
