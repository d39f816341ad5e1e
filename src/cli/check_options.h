// `driftlint check`'s command line as typed options: what the pipeline
// (check_pipeline.h) runs on. Every value is checked here, once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "argocd/appset_budget.h"
#include "base/expected.h"
#include "base/progress.h"
#include "model/severity.h"
#include "render/render_budget.h"
#include "render/sandbox.h"
#include "report/report.h"
#include "yaml/parser.h"

namespace boost::program_options {
class options_description;
}

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
  enum class Progress { Auto, Always, Never } progress = Progress::Auto;  // --progress: the line on stderr
  bool every_hint = false;                                              // --hints each
  TextReportOptions::GroupBy group_by = TextReportOptions::GroupBy::None;
  size_t max_annotations = 10;               // --max-annotations: github annotations per severity
  size_t max_comment_size = 60'000;          // --max-comment-size: markdown characters (0: no limit)
  bool coverage = false;            // --coverage: each app's coverage on stderr
  bool fail_on_incomplete = false;  // --fail-on-incomplete: exit 1 when an app's sources were not all rendered
  std::optional<std::string> help_uri_base;  // --help-uri-base; nullopt: the config's, else the default
  driftlint::Progress* progress_meter = nullptr;        // set by run_check: the counters the progress line reads
  uint64_t max_file_size_mib = 64;
  uint64_t max_alias_expansion = 1'000'000;
  uint64_t max_nesting_depth = 1'000;
  // What expanding ApplicationSets may cost (argocd/appset_budget.h).
  uint64_t max_appset_apps = AppSetLimits{}.max_apps;
  uint64_t max_rendered_size_mib = AppSetLimits{}.max_rendered_bytes >> 20;
  uint64_t max_template_steps = AppSetLimits{}.max_template_steps;
  yaml::YamlEngine yaml_engine = yaml::YamlEngine::Libyaml;
  std::string cache_dir;
  // --token-host and DRIFTLINT_TOKEN_HOSTS: hosts the runner's git credentials
  // may go to besides those of --repo URLs (never the config's: it may be the
  // pull request's own).
  std::vector<std::string> token_hosts;
  std::vector<std::string> allow_network;  // --allow-network: hosts charts may be fetched from
  bool no_cache = false;
  bool offline = false;
  unsigned network_timeout = 0;  // 0: the config's, else the default
  bool strict_drift = false;
  bool no_render = false;          // judge files as they are; render no kustomization or chart
  unsigned render_timeout = 120;   // seconds one kustomize or helm run may take
  unsigned render_budget = kDefaultRenderBudgetSeconds;  // seconds all of them may take together
  uint64_t render_memory_mib = kDefaultRenderMemoryMiB;   // address space of one run
  // The budget's clock, shared by every renderer of the run (set with the
  // options: check_render_limits); null: no budget.
  std::shared_ptr<RenderBudget> render_budget_clock;
  std::vector<std::string> rules_dirs;
  std::vector<std::string> schema_dirs;
  std::string kubernetes_version;  // empty: the config's, else the newest bundled

  uint64_t max_file_bytes() const { return max_file_size_mib << 20; }
  // The threads the run uses: -j, else every core.
  unsigned threads() const { return jobs ? jobs : std::max(1u, std::thread::hardware_concurrency()); }
  AppSetLimits appset_limits() const { return {max_appset_apps, max_rendered_size_mib << 20, max_template_steps}; }
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
// Checks --render-timeout, --render-budget and --render-memory (check and
// diff alike; `command` names the one in messages) and starts the budget.
Status check_render_limits(CheckOptions& o, const std::string& command);
// The ApplicationSet budget flags, for `check` and `diff`: their help, and
// the check of their values ("diff: --max-appset-apps must be ...").
void add_appset_limit_options(boost::program_options::options_description& options, CheckOptions& o);
Status check_appset_limits(const CheckOptions& o, const std::string& command);

}  // namespace driftlint::cli
