// `driftlint check`'s command line as typed options: what the pipeline
// (check_pipeline.h) runs on. Every value is checked here, once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/expected.h"
#include "model/severity.h"
#include "report/report.h"
#include "yaml/parser.h"

namespace driftlint::cli {

struct OutputSpec {
  ReportFormat format = ReportFormat::Text;
  std::string file;  // "-": standard output
};

struct CheckOptions {
  std::vector<std::string> paths;
  std::string config_file;  // --config; empty: the discovered driftlint.yaml (config_discovery.h)
  bool no_config = false;   // --no-config: built-in defaults only
  std::vector<std::string> repo_specs;
  std::vector<std::string> snapshots;
  std::vector<OutputSpec> outputs;  // at least one; at most one is standard output
  bool allow_empty = false;  // --allow-empty: no file matched is no error
  enum class Color { Auto, Always, Never } color = Color::Auto;  // of the text report on standard output
  bool show_suppressed = false;
  std::string sarif_repo;  // --sarif-repo: SARIF reports hold this repo's findings only
  bool report_unused_ignores = false;
  std::string baseline;
  std::string write_baseline;
  std::optional<Severity> fail_on = Severity::Error;  // nullopt: --fail-on none
  std::vector<std::string> enable;
  std::vector<std::string> disable;
  std::vector<std::string> changed_since;  // --changed-since and --base: the base revision(s)
  bool show_existing = false;
  bool with_diff = false;  // pull-request mode: the Markdown report ends with the rendered diff
  unsigned jobs = 0;  // 0: all cores
  bool quiet = false;
  uint64_t max_file_size_mib = 64;
  uint64_t max_alias_expansion = 1'000'000;
  uint64_t max_nesting_depth = 1'000;
  yaml::YamlEngine yaml_engine = yaml::YamlEngine::Libyaml;
  std::string cache_dir;
  // --token-host and DRIFTLINT_TOKEN_HOSTS: hosts the runner's git credentials
  // may go to besides those of --repo URLs (never the config's: it may be the
  // pull request's own).
  std::vector<std::string> token_hosts;
  bool no_cache = false;
  bool offline = false;
  unsigned network_timeout = 0;  // 0: the config's, else the default
  bool strict_drift = false;
  bool no_render = false;          // judge files as they are; render no kustomization or chart
  unsigned render_timeout = 120;   // seconds one kustomize or helm run may take
  std::vector<std::string> rules_dirs;
  std::vector<std::string> schema_dirs;
  std::string kubernetes_version;  // empty: the config's, else the newest bundled

  uint64_t max_file_bytes() const { return max_file_size_mib << 20; }
};

// What the command line asks for: a run, or the help text.
struct CheckCommandLine {
  CheckOptions options;
  std::optional<std::string> help;  // set for --help: print it and stop
};

// A usage error ("check: --format must be ...") when an option is wrong.
Expected<CheckCommandLine> parse_check_command_line(const std::vector<std::string>& args);

// Checks --token-host values and adds DRIFTLINT_TOKEN_HOSTS's (comma- or
// space-separated); `command` names the subcommand in errors.
Status check_token_hosts(CheckOptions& o, const std::string& command);

}  // namespace driftlint::cli
