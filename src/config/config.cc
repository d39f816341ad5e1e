#include "config/config.h"

#include <re2/re2.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "base/strings.h"
#include "yaml/parser.h"
#include "yaml/strict_reader.h"

namespace driftlint {
namespace {

using ConfigReader = StrictReader;

Expected<Config> read_config(yaml::Node root, const ConfigReader& r) {
  Config config;
  config.gpu_resources = default_gpu_resources();
  if (!root || root.is_null()) return config;
  if (!root.is_map()) return r.error(root, "the configuration must be a map of settings");
  if (Status s = r.known_keys(root, "", {"repos", "snapshot", "rulesDirs", "sharedNamespaces", "gpuResources",
                                         "ownership", "rules", "ignore", "networkTimeout"});
      !s) {
    return s.error();
  }

  if (yaml::Node repos = root.get("repos")) {
    if (!repos.is_sequence()) return r.error(repos, "'repos' must be a list of repos");
    std::set<std::string> names;
    for (yaml::Node entry : repos.elements()) {
      if (!entry.is_map()) return r.error(entry, "each entry of 'repos' must be a map");
      if (Status s = r.known_keys(entry, "repos[]", {"name", "source", "revision", "url"}); !s) {
        return s.error();
      }
      RepoConfig repo;
      repo.origin = r.at(entry);
      for (std::string_view required : {"name", "source"}) {
        if (!entry.get(required)) {
          return r.error(entry, "repos[] entry needs '" + std::string(required) + "'");
        }
      }
      auto name = r.string_value(entry.get("name"), "name");
      if (!name) return name.error();
      auto source = r.string_value(entry.get("source"), "source");
      if (!source) return source.error();
      repo.name = *name;
      repo.source = *source;
      if (repo.name.empty()) return r.error(entry.get("name"), "'name' must not be empty");
      if (!names.insert(repo.name).second) {
        return r.error(entry.get("name"), "repo name " + quote_for_message(repo.name) + " is used twice");
      }
      if (yaml::Node rev = entry.get("revision")) {
        auto v = r.string_value(rev, "revision");
        if (!v) return v.error();
        repo.revision = *v;
      }
      if (yaml::Node url = entry.get("url")) {
        auto v = r.string_value(url, "url");
        if (!v) return v.error();
        repo.url = *v;
      }
      config.repos.push_back(std::move(repo));
    }
  }

  if (yaml::Node timeout = root.get("networkTimeout")) {
    std::optional<int64_t> seconds = timeout.as_int();
    if (!seconds || *seconds < 1 || *seconds > kMaxNetworkTimeoutSeconds) {
      return r.error(timeout, "'networkTimeout' must be a whole number of seconds from 1 to " +
                                  std::to_string(kMaxNetworkTimeoutSeconds));
    }
    config.network_timeout_seconds = static_cast<unsigned>(*seconds);
  }

  if (yaml::Node snapshot = root.get("snapshot")) {
    auto list = r.string_list(snapshot, "snapshot");
    if (!list) return list.error();
    config.snapshots = std::move(*list);
  }

  if (yaml::Node dirs = root.get("rulesDirs")) {
    auto list = r.string_list(dirs, "rulesDirs");
    if (!list) return list.error();
    config.rules_dirs = std::move(*list);
  }

  if (yaml::Node shared = root.get("sharedNamespaces")) {
    auto list = r.string_list(shared, "sharedNamespaces");
    if (!list) return list.error();
    config.shared_namespaces = std::move(*list);
  }

  if (yaml::Node gpu = root.get("gpuResources")) {
    if (!gpu.is_sequence()) return r.error(gpu, "'gpuResources' must be a list of RE2 patterns");
    config.gpu_resources.clear();
    for (yaml::Node element : gpu.elements()) {
      auto pattern = r.string_value(element, "gpuResources[]");
      if (!pattern) return pattern.error();
      if (Status s = r.check_regex(element, *pattern, "gpuResources[]"); !s) return s.error();
      config.gpu_resources.push_back(std::move(*pattern));
    }
  }

  if (yaml::Node ownership = root.get("ownership")) {
    if (!ownership.is_sequence()) return r.error(ownership, "'ownership' must be a list");
    for (yaml::Node entry : ownership.elements()) {
      if (!entry.is_map()) return r.error(entry, "each entry of 'ownership' must be a map");
      if (Status s = r.known_keys(entry, "ownership[]", {"repo", "kind", "namespace", "name"}); !s) {
        return s.error();
      }
      if (!entry.get("repo")) return r.error(entry, "ownership[] entry needs 'repo'");
      OwnershipEntry owner;
      owner.origin = r.at(entry);
      auto repo = r.string_value(entry.get("repo"), "repo");
      if (!repo) return repo.error();
      owner.repo = *repo;
      if (yaml::Node kind = entry.get("kind")) {
        auto v = r.string_value(kind, "kind");
        if (!v) return v.error();
        owner.kind = *v;
      }
      if (yaml::Node ns = entry.get("namespace")) {
        auto v = r.string_value(ns, "namespace");
        if (!v) return v.error();
        owner.ns = *v;
      }
      owner.name_regex = ".*";
      if (yaml::Node name = entry.get("name")) {
        auto v = r.string_value(name, "name");
        if (!v) return v.error();
        if (Status s = r.check_regex(name, *v, "name"); !s) return s.error();
        owner.name_regex = *v;
      }
      config.ownership.push_back(std::move(owner));
    }
  }

  if (yaml::Node rules = root.get("rules")) {
    if (!rules.is_map()) return r.error(rules, "'rules' must be a map");
    if (Status s = r.known_keys(rules, "rules", {"disable", "enable", "severity", "options"}); !s) {
      return s.error();
    }
    for (auto [field, target] : {std::pair<std::string_view, std::vector<RuleReference>*>{
                                     "disable", &config.rules.disable},
                                 {"enable", &config.rules.enable}}) {
      yaml::Node list = rules.get(field);
      if (!list) continue;
      if (!list.is_sequence()) {
        return r.error(list, "'rules." + std::string(field) + "' must be a list of rule ids");
      }
      for (yaml::Node id : list.elements()) {
        auto v = r.string_value(id, "rules." + std::string(field) + "[]");
        if (!v) return v.error();
        target->push_back({*v, r.at(id)});
      }
    }
    if (yaml::Node severity = rules.get("severity")) {
      if (!severity.is_map()) return r.error(severity, "'rules.severity' must map rule ids to severities");
      for (auto [key, value] : severity.entries()) {
        auto level = parse_severity(value.text());
        if (!value.is_string() || !level) {
          return r.error(value, "severity for " + quote_for_message(key.text()) +
                                    " must be error, warning or notice");
        }
        config.rules.severity.push_back({{std::string(key.text()), r.at(key)}, *level});
      }
    }
    if (yaml::Node options = rules.get("options")) {
      if (!options.is_map()) return r.error(options, "'rules.options' must map rule ids to options");
      for (auto [key, value] : options.entries()) {
        if (!value.is_map() && !value.is_null()) {
          return r.error(value, "options for " + quote_for_message(key.text()) + " must be a map");
        }
        config.rules.options.push_back({{std::string(key.text()), r.at(key)}, value});
      }
    }
  }

  if (yaml::Node ignores = root.get("ignore")) {
    if (!ignores.is_sequence()) return r.error(ignores, "'ignore' must be a list");
    for (yaml::Node entry : ignores.elements()) {
      if (!entry.is_map()) return r.error(entry, "each entry of 'ignore' must be a map");
      if (Status s = r.known_keys(entry, "ignore[]", {"rule", "path", "object", "reason"}); !s) {
        return s.error();
      }
      IgnoreEntry ignore;
      ignore.origin = r.at(entry);
      if (!entry.get("rule") && !entry.get("path") && !entry.get("object")) {
        return r.error(entry, "an ignore entry needs at least one of 'rule', 'path', 'object'");
      }
      for (auto [key, target] : {std::pair<std::string_view, std::string*>{"rule", &ignore.rule},
                                 {"path", &ignore.path_glob},
                                 {"reason", &ignore.reason}}) {
        if (yaml::Node value = entry.get(key)) {
          auto v = r.string_value(value, std::string(key));
          if (!v) return v.error();
          *target = *v;
        }
      }
      if (yaml::Node object = entry.get("object")) {
        if (object.is_map()) {
          if (Status s = r.known_keys(object, "ignore[].object", {"kind", "namespace", "name"}); !s) {
            return s.error();
          }
          for (auto [key, target] :
               {std::pair<std::string_view, std::string*>{"kind", &ignore.object_kind},
                {"namespace", &ignore.object_ns},
                {"name", &ignore.object_name}}) {
            if (yaml::Node value = object.get(key)) {
              auto v = r.string_value(value, "object." + std::string(key));
              if (!v) return v.error();
              *target = *v;
            }
          }
        } else if (auto text = object.as_string()) {
          // "Kind/namespace/name" or "Kind/name".
          std::vector<std::string_view> parts = split(*text, '/');
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
        } else {
          return r.error(object, "'object' must be Kind/namespace/name, Kind/name or a map");
        }
      }
      config.ignores.push_back(std::move(ignore));
    }
  }
  return config;
}

}  // namespace

const std::vector<std::string>& default_gpu_resources() {
  static const std::vector<std::string> kDefaults = {
      R"(nvidia\.com/gpu)", R"(nvidia\.com/mig-.+)", R"(amd\.com/gpu)", R"(gpu\.intel\.com/.+)"};
  return kDefaults;
}

Expected<Config> parse_config(std::string_view text, const std::string& display_path) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  if (parsed.error) {
    return Error{display_path + ":" + std::to_string(parsed.error->position.line) + ":" +
                 std::to_string(parsed.error->position.column) + ": " + parsed.error->message};
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
  config->tree = parsed.tree;
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
