// driftlint.yaml: the repos to lint, the cluster facts rules need, and how
// rules are tuned. Every error names the file, line and key.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/expected.h"
#include "base/files.h"
#include "model/severity.h"
#include "yaml/tree.h"

namespace driftlint {

struct RepoConfig {
  std::string name;
  std::string source;  // a path (relative to the config file's folder) or a git URL
  std::optional<std::string> revision;
  std::optional<std::string> url;
  std::string origin;  // "file:line" or "--repo", for messages
};

struct OwnershipEntry {
  std::string repo;
  std::string kind;       // "" = any
  std::string ns;         // "" = any
  std::string name_regex; // RE2, full match
  std::string origin;
};

struct IgnoreEntry {
  std::string rule;        // "" or "*" = every rule
  std::string path_glob;   // "" = any path
  std::string object_kind, object_ns, object_name;  // "" = any
  std::string reason;
  std::string origin;
};

struct RuleReference {
  std::string rule;
  std::string origin;  // "file:line:col"
};

// A path the config names (snapshot, rulesDirs), with where it names it.
struct ConfigPath {
  std::string path;    // as written: relative to the config file's folder, or absolute
  std::string origin;  // "file:line:col"
  bool operator==(const ConfigPath&) const = default;
};

struct RuleSettings {
  std::vector<RuleReference> disable;
  std::vector<RuleReference> enable;
  std::vector<std::pair<RuleReference, Severity>> severity;
  std::vector<std::pair<RuleReference, yaml::Node>> options;
};

struct Config {
  std::string file;      // where it was read from; empty for the built-in defaults
  std::string base_dir;  // relative sources and snapshots resolve against this
  // Whose file it is (config/config_trust.h): a driftlint.yaml in a git
  // checkout may be the pull request's own, so its paths must stay inside
  // `confined_to` and its repos' hosts get no credentials. A --config file
  // outside any checkout (and the built-in defaults) is the user's own.
  bool trusted = true;
  std::string confined_to;  // absolute; "" when trusted
  std::vector<RepoConfig> repos;
  std::vector<ConfigPath> snapshots;
  std::vector<ConfigPath> rules_dirs;  // declarative rule folders, relative to base_dir
  std::vector<std::string> shared_namespaces;
  // Extended resources that are accelerators (`accelerators`, RE2 full match).
  std::vector<std::string> accelerators;
  std::vector<OwnershipEntry> ownership;
  RuleSettings rules;
  std::vector<IgnoreEntry> ignores;
  // Connect and idle timeout of git fetches and clones (--network-timeout).
  std::optional<unsigned> network_timeout_seconds;
  bool fail_on_incomplete = false;  // failOnIncomplete: as --fail-on-incomplete
  // allowNetwork: hosts charts may be fetched from, as --allow-network; only
  // a config of the user's own (trusted) counts: never a checkout's.
  std::vector<std::string> allow_network;
  // The Kubernetes release whose API the built-in kinds are judged against
  // ("1.36"); empty: --kubernetes-version's, else the newest bundled.
  std::string kubernetes_version;
  // SARIF rules' helpUri is this plus "<rule>.md" (--help-uri-base wins); empty: the default.
  std::string help_uri_base;
  // Where sections start ("rules", "rules.enable", "ignore", ...: "file:line:col"),
  // for findings about a section rather than an entry.
  std::map<std::string, std::string> section_origins;
  // Keep rule option nodes alive: the file's tree, and in a pull-request run
  // the base revision's too (its `rules:` are the ones used).
  std::vector<std::shared_ptr<const yaml::Tree>> trees;
};

constexpr int64_t kMaxNetworkTimeoutSeconds = 3600;

// The default accelerator resource names (RE2, full match): NVIDIA GPUs and
// MIG slices, AMD and Intel GPUs, Google TPUs, Habana Gaudi, AWS Neuron.
const std::vector<std::string>& default_accelerators();

Expected<Config> parse_config(std::string_view text, const std::string& display_path);
Expected<Config> load_config(const std::string& path, uint64_t max_bytes = kDefaultMaxFileBytes);

}  // namespace driftlint
