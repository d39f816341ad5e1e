#include "config/config.h"

#include <re2/re2.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <set>
#include <sstream>

#include "base/strings.h"
#include "yaml/parser.h"
#include "yaml/strict_reader.h"

namespace driftlint {
namespace {

using ConfigReader = StrictReader;

// Each section reader below is given its section's node, absent (null
// handle) when the file does not have the section, and reads it into its part
// of the Config; the first error found is the one returned.

// The entries of a list section ("repos", "ownership", "ignore") are maps with
// known keys; `read_entry` reads one entry after those checks.
template <class ReadEntry>
Status read_map_entries(const ConfigReader& r, yaml::Node list, const std::string& section,
                        std::initializer_list<std::string_view> keys, ReadEntry read_entry) {
  for (yaml::Node entry : list.elements()) {
    if (!entry.is_map()) return r.error(entry, "each entry of '" + section + "' must be a map");
    if (Status s = r.known_keys(entry, section + "[]", keys); !s) return s;
    if (Status s = read_entry(entry); !s) return s;
  }
  return {};
}

Status read_repo(const ConfigReader& r, yaml::Node entry, std::set<std::string>& names,
                 std::vector<RepoConfig>& repos) {
  RepoConfig repo;
  repo.origin = r.at(entry);
  for (std::string_view required : {"name", "source"}) {
    if (!entry.get(required)) return r.error(entry, "repos[] entry needs '" + std::string(required) + "'");
  }
  if (Status s = r.optional_string(entry, "name", repo.name); !s) return s;
  if (Status s = r.optional_string(entry, "source", repo.source); !s) return s;
  if (repo.name.empty()) return r.error(entry.get("name"), "'name' must not be empty");
  if (!names.insert(repo.name).second) {
    return r.error(entry.get("name"), "repo name " + quote_for_message(repo.name) + " is used twice");
  }
  if (Status s = r.optional_string(entry, "revision", repo.revision); !s) return s;
  if (Status s = r.optional_string(entry, "url", repo.url); !s) return s;
  repos.push_back(std::move(repo));
  return {};
}

Status read_repos(const ConfigReader& r, yaml::Node section, std::vector<RepoConfig>& repos) {
  if (!section) return {};
  if (!section.is_sequence()) return r.error(section, "'repos' must be a list of repos");
  std::set<std::string> names;  // a name may be used once
  return read_map_entries(r, section, "repos", {"name", "source", "revision", "url"},
                          [&](yaml::Node entry) { return read_repo(r, entry, names, repos); });
}

Status read_network_timeout(const ConfigReader& r, yaml::Node section, std::optional<unsigned>& seconds) {
  if (!section) return {};
  std::optional<int64_t> value = section.as_int();
  if (!value || *value < 1 || *value > kMaxNetworkTimeoutSeconds) {
    return r.error(section, "'networkTimeout' must be a whole number of seconds from 1 to " +
                                std::to_string(kMaxNetworkTimeoutSeconds));
  }
  seconds = static_cast<unsigned>(*value);
  return {};
}

// "1.<minor>", quoted or not (`1.35` reads as a number); which releases are
// bundled is the schema layer's to say.
Status read_kubernetes_version(const ConfigReader& r, yaml::Node section, std::string& version) {
  if (!section) return {};
  static const RE2 shape(R"(1\.\d{1,3})");
  if (!section.is_scalar() || !RE2::FullMatch(section.text(), shape)) {
    return r.error(section, "'kubernetesVersion' must be a Kubernetes release such as \"1.36\"");
  }
  version = std::string(section.text());
  return {};
}

// Namespace names, as the API server takes them (a DNS-1123 label): a number
// or a boolean is a typo or a YAML surprise (`42`, `no`), not a namespace.
Status read_namespaces(const ConfigReader& r, yaml::Node section, std::vector<std::string>& namespaces) {
  if (!section) return {};
  static const RE2 label("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
  std::vector<yaml::Node> elements;
  if (section.is_sequence()) {
    for (yaml::Node element : section.elements()) elements.push_back(element);
  } else {
    elements.push_back(section);
  }
  for (yaml::Node element : elements) {
    if (!element.is_string()) {
      return r.error(element, "'sharedNamespaces' must be a list of namespace names" +
                                  std::string(element.is_scalar() ? ", not " + quote_for_message(element.text()) +
                                                                        " (quote it if a namespace has that name)"
                                                                  : ""));
    }
    if (!RE2::FullMatch(element.text(), label)) {
      return r.error(element, quote_for_message(element.text()) +
                                  " is not a namespace name (lower-case letters, digits and '-', at most 63)");
    }
    namespaces.emplace_back(element.text());
  }
  return {};
}

// A list given replaces the defaults rather than adding to them.
// `gpuResources` is the older name of `accelerators`, still read.
Status read_accelerators(const ConfigReader& r, yaml::Node root, std::vector<std::string>& patterns) {
  yaml::Node section = root.get("accelerators");
  std::string name = "accelerators";
  if (yaml::Node older = root.get("gpuResources")) {
    if (section) return r.error(older, "'gpuResources' is the older name of 'accelerators': set only 'accelerators'");
    section = older;
    name = "gpuResources";
  }
  if (!section) return {};
  if (!section.is_sequence()) return r.error(section, "'" + name + "' must be a list of RE2 patterns");
  patterns.clear();
  for (yaml::Node element : section.elements()) {
    auto pattern = r.regex_value(element, name + "[]");
    if (!pattern) return pattern.error();
    patterns.push_back(std::move(*pattern));
  }
  return {};
}

Status read_owner(const ConfigReader& r, yaml::Node entry, std::vector<OwnershipEntry>& ownership) {
  if (!entry.get("repo")) return r.error(entry, "ownership[] entry needs 'repo'");
  OwnershipEntry owner;
  owner.origin = r.at(entry);
  owner.name_regex = ".*";
  if (Status s = r.optional_string(entry, "repo", owner.repo); !s) return s;
  if (Status s = r.optional_string(entry, "kind", owner.kind); !s) return s;
  if (Status s = r.optional_string(entry, "namespace", owner.ns); !s) return s;
  if (Status s = r.optional_regex(entry, "name", owner.name_regex); !s) return s;
  ownership.push_back(std::move(owner));
  return {};
}

Status read_ownership(const ConfigReader& r, yaml::Node section, std::vector<OwnershipEntry>& ownership) {
  if (!section) return {};
  if (!section.is_sequence()) return r.error(section, "'ownership' must be a list");
  return read_map_entries(r, section, "ownership", {"repo", "kind", "namespace", "name"},
                          [&](yaml::Node entry) { return read_owner(r, entry, ownership); });
}

// rules.disable and rules.enable: lists of rule ids.
Status read_rule_ids(const ConfigReader& r, yaml::Node rules, const std::string& field,
                     std::vector<RuleReference>& ids) {
  yaml::Node list = rules.get(field);
  if (!list) return {};
  if (!list.is_sequence()) return r.error(list, "'rules." + field + "' must be a list of rule ids");
  for (yaml::Node id : list.elements()) {
    auto v = r.string_value(id, "rules." + field + "[]");
    if (!v) return v.error();
    ids.push_back({*v, r.at(id)});
  }
  return {};
}

Status read_rule_severities(const ConfigReader& r, yaml::Node rules,
                            std::vector<std::pair<RuleReference, Severity>>& severities) {
  yaml::Node severity = rules.get("severity");
  if (!severity) return {};
  if (!severity.is_map()) return r.error(severity, "'rules.severity' must map rule ids to severities");
  for (auto [key, value] : severity.entries()) {
    auto level = parse_severity(value.text());
    if (!value.is_string() || !level) {
      return r.error(value, "severity for " + quote_for_message(key.text()) +
                                " must be error, warning or notice");
    }
    severities.push_back({{std::string(key.text()), r.at(key)}, *level});
  }
  return {};
}

Status read_rule_options(const ConfigReader& r, yaml::Node rules,
                         std::vector<std::pair<RuleReference, yaml::Node>>& options) {
  yaml::Node section = rules.get("options");
  if (!section) return {};
  if (!section.is_map()) return r.error(section, "'rules.options' must map rule ids to options");
  for (auto [key, value] : section.entries()) {
    if (!value.is_map() && !value.is_null()) {
      return r.error(value, "options for " + quote_for_message(key.text()) + " must be a map");
    }
    options.push_back({{std::string(key.text()), r.at(key)}, value});
  }
  return {};
}

Status read_rules(const ConfigReader& r, yaml::Node section, RuleSettings& rules) {
  if (!section) return {};
  if (!section.is_map()) return r.error(section, "'rules' must be a map");
  if (Status s = r.known_keys(section, "rules", {"disable", "enable", "severity", "options"}); !s) return s;
  if (Status s = read_rule_ids(r, section, "disable", rules.disable); !s) return s;
  if (Status s = read_rule_ids(r, section, "enable", rules.enable); !s) return s;
  if (Status s = read_rule_severities(r, section, rules.severity); !s) return s;
  return read_rule_options(r, section, rules.options);
}

// ignore[].object as "Kind/namespace/name" or "Kind/name".
Status read_ignore_object_path(const ConfigReader& r, yaml::Node object, std::string_view text,
                               IgnoreEntry& ignore) {
  std::vector<std::string_view> parts = split(text, '/');
  if (parts.size() == 3) {
    ignore.object_kind = parts[0];
    ignore.object_ns = parts[1];
    ignore.object_name = parts[2];
  } else if (parts.size() == 2) {
    ignore.object_kind = parts[0];
    ignore.object_name = parts[1];
  } else {
    return r.error(object, "'object' must be Kind/namespace/name, Kind/name or a map");
  }
  return {};
}

// ignore[].object as a map of kind, namespace and name, or as a path.
Status read_ignore_object(const ConfigReader& r, yaml::Node entry, IgnoreEntry& ignore) {
  yaml::Node object = entry.get("object");
  if (!object) return {};
  if (object.is_map()) {
    if (Status s = r.known_keys(object, "ignore[].object", {"kind", "namespace", "name"}); !s) return s;
    if (Status s = r.optional_string(object, "kind", ignore.object_kind, "object.kind"); !s) return s;
    if (Status s = r.optional_string(object, "namespace", ignore.object_ns, "object.namespace"); !s) return s;
    return r.optional_string(object, "name", ignore.object_name, "object.name");
  }
  if (auto text = object.as_string()) return read_ignore_object_path(r, object, *text, ignore);
  return r.error(object, "'object' must be Kind/namespace/name, Kind/name or a map");
}

Status read_ignore(const ConfigReader& r, yaml::Node entry, std::vector<IgnoreEntry>& ignores) {
  IgnoreEntry ignore;
  ignore.origin = r.at(entry);
  if (!entry.get("rule") && !entry.get("path") && !entry.get("object")) {
    return r.error(entry, "an ignore entry needs at least one of 'rule', 'path', 'object'");
  }
  if (Status s = r.optional_string(entry, "rule", ignore.rule); !s) return s;
  if (Status s = r.optional_string(entry, "path", ignore.path_glob); !s) return s;
  if (Status s = r.optional_string(entry, "reason", ignore.reason); !s) return s;
  if (Status s = read_ignore_object(r, entry, ignore); !s) return s;
  ignores.push_back(std::move(ignore));
  return {};
}

Status read_ignores(const ConfigReader& r, yaml::Node section, std::vector<IgnoreEntry>& ignores) {
  if (!section) return {};
  if (!section.is_sequence()) return r.error(section, "'ignore' must be a list");
  return read_map_entries(r, section, "ignore", {"rule", "path", "object", "reason"},
                          [&](yaml::Node entry) { return read_ignore(r, entry, ignores); });
}

// `snapshot:` and `rulesDirs:`: a path or a list of them.
Status read_paths(const ConfigReader& r, yaml::Node section, const std::string& key, std::vector<ConfigPath>& paths) {
  if (!section) return {};
  if (section.is_map()) return r.error(section, "'" + key + "' must be a path or a list of paths");
  std::vector<yaml::Node> elements;
  if (section.is_sequence()) {
    for (yaml::Node element : section.elements()) elements.push_back(element);
  } else {
    elements.push_back(section);
  }
  for (yaml::Node element : elements) {
    Expected<std::string> path = r.string_value(element, section.is_sequence() ? key + "[]" : key);
    if (!path) return path.error();
    paths.push_back({std::move(*path), r.at(element)});
  }
  return {};
}

// Where the sections that findings may point at start.
void record_section_origins(const ConfigReader& r, yaml::Node root, Config& config) {
  for (const char* key : {"rules", "ignore"}) {
    if (yaml::Node key_node = root.key_node(key)) config.section_origins[key] = r.at(key_node);
  }
  yaml::Node rules = root.get("rules");
  if (!rules.is_map()) return;
  for (const char* key : {"enable", "disable", "severity", "options"}) {
    if (yaml::Node key_node = rules.key_node(key)) config.section_origins[std::string("rules.") + key] = r.at(key_node);
  }
}

// The sections are read in this order whatever their order in the file, so a
// file with several errors always reports the same one.
Status read_sections(const ConfigReader& r, yaml::Node root, Config& config) {
  if (Status s = read_repos(r, root.get("repos"), config.repos); !s) return s;
  if (Status s = read_network_timeout(r, root.get("networkTimeout"), config.network_timeout_seconds); !s) {
    return s;
  }
  if (Status s = read_kubernetes_version(r, root.get("kubernetesVersion"), config.kubernetes_version); !s) return s;
  if (Status s = r.optional_string(root, "helpUriBase", config.help_uri_base); !s) return s;
  if (Status s = r.optional_bool(root, "failOnIncomplete", config.fail_on_incomplete); !s) return s;
  if (Status s = r.optional_string_list(root, "allowNetwork", config.allow_network); !s) return s;
  if (Status s = read_paths(r, root.get("snapshot"), "snapshot", config.snapshots); !s) return s;
  if (Status s = read_paths(r, root.get("rulesDirs"), "rulesDirs", config.rules_dirs); !s) return s;
  if (Status s = read_namespaces(r, root.get("sharedNamespaces"), config.shared_namespaces); !s) return s;
  if (Status s = read_accelerators(r, root, config.accelerators); !s) return s;
  if (Status s = read_ownership(r, root.get("ownership"), config.ownership); !s) return s;
  if (Status s = read_rules(r, root.get("rules"), config.rules); !s) return s;
  return read_ignores(r, root.get("ignore"), config.ignores);
}

Expected<Config> read_config(yaml::Node root, const ConfigReader& r) {
  Config config;
  config.accelerators = default_accelerators();
  if (!root || root.is_null()) return config;
  if (!root.is_map()) return r.error(root, "the configuration must be a map of settings");
  if (Status s = r.known_keys(root, "", {"repos", "snapshot", "rulesDirs", "sharedNamespaces", "accelerators",
                                         "gpuResources", "ownership", "rules", "ignore", "networkTimeout",
                                         "kubernetesVersion", "helpUriBase", "failOnIncomplete", "allowNetwork"});
      !s) {
    return s.error();
  }
  if (Status s = read_sections(r, root, config); !s) return s.error();
  record_section_origins(r, root, config);
  return config;
}

}  // namespace

const std::vector<std::string>& default_accelerators() {
  static const std::vector<std::string> kDefaults = {
      R"(nvidia\.com/gpu)",   R"(nvidia\.com/mig-.+)", R"(amd\.com/gpu)",          R"(gpu\.intel\.com/.+)",
      R"(google\.com/tpu)",   R"(habana\.ai/gaudi)",   R"(aws\.amazon\.com/neuron.*)"};
  return kDefaults;
}

Expected<Config> parse_config(std::string_view text, const std::string& display_path) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  if (parsed.error) {
    return error_at(display_path, parsed.error->position, parsed.error->message);
  }
  ConfigReader reader(display_path);
  if (!parsed.duplicate_keys.empty()) {
    const yaml::DuplicateKey& d = parsed.duplicate_keys.front();
    return reader.error(d.key, "key " + quote_for_message(d.key.text()) + " is set twice (first at line " +
                                   std::to_string(d.first.position().line) + ")");
  }
  size_t non_empty = 0;
  yaml::Node root;
  for (const yaml::Document& doc : parsed.documents) {
    if (doc.root && !doc.root.is_null()) {
      ++non_empty;
      root = doc.root;
    }
  }
  if (non_empty > 1) return Error{display_path + ": holds more than one YAML document"};
  Expected<Config> config = read_config(root, reader);
  if (!config) return config;
  config->file = display_path;
  config->trees = {parsed.tree};
  return config;
}

Expected<Config> load_config(const std::string& path, uint64_t max_bytes) {
  Expected<std::string> text = read_regular_file(path, max_bytes);
  if (!text) return Error{"configuration " + text.error().message};
  Expected<Config> config = parse_config(*text, path);
  if (!config) return config;
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  config->base_dir = parent.empty() ? "." : parent.string();
  return config;
}

}  // namespace driftlint
