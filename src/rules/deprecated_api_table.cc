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

// "Kyverno 1.13", "Argo Workflows v3.6": the last word is the version.
Expected<std::optional<ComponentRelease>> read_release(const StrictReader& r, yaml::Node entry, const char* key) {
  yaml::Node node = entry.get(key);
  if (!node.valid()) return std::optional<ComponentRelease>();
  auto text = r.string_value(node, key);
  if (!text) return text.error();
  size_t space = text->rfind(' ');
  if (space == std::string::npos || space == 0 || space + 1 == text->size()) {
    return r.error(node, std::string("'") + key + "' must be a component and a release, e.g. 'Kubernetes 1.22'");
  }
  return std::optional<ComponentRelease>(ComponentRelease{text->substr(0, space), text->substr(space + 1)});
}

Expected<Deprecation> read_when(const StrictReader& r, yaml::Node entry) {
  Deprecation d;
  auto deprecated = read_release(r, entry, "deprecated");
  if (!deprecated) return deprecated.error();
  auto removed = read_release(r, entry, "removed");
  if (!removed) return removed.error();
  d.deprecated = *deprecated;
  d.removed = *removed;
  if (!d.deprecated && !d.removed) return r.error(entry, "an entry needs 'deprecated' or 'removed' (or both)");
  if (d.deprecated && d.removed && d.deprecated->component != d.removed->component) {
    return r.error(entry.get("removed"), "'deprecated' and 'removed' name different components");
  }
  if (!entry.get("use").valid()) return r.error(entry, "an entry needs 'use'");
  auto use = r.string_value(entry.get("use"), "use");
  if (!use) return use.error();
  d.use = *use;
  return d;
}

Expected<std::vector<std::string>> read_kinds(const StrictReader& r, yaml::Node entry, bool required) {
  if (!entry.get("kinds").valid()) {
    if (required) return r.error(entry, "an entry needs 'kinds'");
    return std::vector<std::string>();
  }
  return r.string_list(entry.get("kinds"), "kinds");
}

Expected<std::string> required_string(const StrictReader& r, yaml::Node entry, const char* key) {
  if (!entry.get(key).valid()) return r.error(entry, std::string("an entry needs '") + key + "'");
  return r.string_value(entry.get(key), key);
}

Expected<DeprecatedApi> read_api(const StrictReader& r, yaml::Node e) {
  if (Status s = r.known_keys(e, "apis", {"apiVersion", "kinds", "deprecated", "removed", "use"}); !s) return s.error();
  DeprecatedApi a;
  auto api_version = required_string(r, e, "apiVersion");
  if (!api_version) return api_version.error();
  a.api_version = *api_version;
  auto kinds = read_kinds(r, e, false);
  if (!kinds) return kinds.error();
  a.kinds = *kinds;
  auto when = read_when(r, e);
  if (!when) return when.error();
  a.when = *when;
  return a;
}

Expected<DeprecatedField> read_field(const StrictReader& r, yaml::Node e) {
  if (Status s = r.known_keys(e, "fields", {"group", "kinds", "path", "deprecated", "removed", "use"}); !s) {
    return s.error();
  }
  DeprecatedField f;
  auto group = required_string(r, e, "group");
  if (!group) return group.error();
  f.group = *group;
  auto kinds = read_kinds(r, e, true);
  if (!kinds) return kinds.error();
  f.kinds = *kinds;
  auto path_text = required_string(r, e, "path");
  if (!path_text) return path_text.error();
  auto path = parse_field_path(*path_text);
  if (!path) return r.error(e.get("path"), path.error().message);
  f.path = std::move(*path);
  auto when = read_when(r, e);
  if (!when) return when.error();
  f.when = *when;
  return f;
}

}  // namespace

Expected<DeprecationTable> read_deprecation_table(std::string_view text, const std::string& file) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  if (parsed.error || parsed.documents.empty()) return Error{file + ": does not parse"};
  StrictReader r(file);
  yaml::Node root = parsed.documents[0].root;
  if (Status s = r.known_keys(root, "", {"apis", "fields"}); !s) return s.error();
  DeprecationTable table;
  for (yaml::Node e : root.get("apis").elements()) {
    auto api = read_api(r, e);
    if (!api) return api.error();
    table.apis.push_back(std::move(*api));
  }
  for (yaml::Node e : root.get("fields").elements()) {
    auto field = read_field(r, e);
    if (!field) return field.error();
    table.fields.push_back(std::move(*field));
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
