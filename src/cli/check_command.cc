#include <unistd.h>

#include <boost/program_options.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <sstream>
#include <thread>

#include "argocd/model.h"
#include "base/files.h"
#include "base/strings.h"
#include "cli/commands.h"
#include "config/config.h"
#include "config/repo_spec.h"
#include "lint/changed_files.h"
#include "lint/engine.h"
#include "lint/fingerprint.h"
#include "model/gpu_resources.h"
#include "load/loader.h"
#include "load/parse_cache.h"
#include "load/repo_inputs.h"
#include "report/report.h"
#include "rules/declarative.h"
#include "rules/registry.h"
#include "schema/registry.h"
#include "snapshot/snapshot.h"

namespace driftlint::cli {

namespace po = boost::program_options;

namespace {

constexpr const char* kCheckUsage =
    "usage: driftlint check [PATH...] [--config FILE] [--repo NAME=SOURCE[@REV]]...\n"
    "                       [--snapshot FILE]... [--strict-drift]\n"
    "                       [--format text|json|markdown|sarif|github|junit] [--output [FORMAT=]FILE]...\n"
    "                       [--show-suppressed] [--report-unused-ignores]\n"
    "                       [--baseline FILE] [--write-baseline FILE]\n"
    "                       [--fail-on error|warning|notice|none] [--enable RULE]...\n"
    "                       [--disable RULE]... [--changed-since [REPO=]REV] [-j N] [--quiet]\n"
    "                       [--cache-dir DIR] [--offline] [--network-timeout SECONDS]\n"
    "                       [--rules-dir DIR]... [--schema-dir DIR]...\n";

struct CheckOptions {
  std::vector<std::string> paths;
  std::string config_file;
  std::vector<std::string> repo_specs;
  std::vector<std::string> snapshots;
  std::string format = "text";
  std::vector<std::string> outputs;
  bool show_suppressed = false;
  bool report_unused_ignores = false;
  std::string baseline;
  std::string write_baseline;
  std::string fail_on = "error";
  std::vector<std::string> enable;
  std::vector<std::string> disable;
  std::vector<std::string> changed_since;
  unsigned jobs = 0;
  bool quiet = false;
  uint64_t max_file_size_mib = 64;
  uint64_t max_alias_expansion = 1'000'000;
  uint64_t max_nesting_depth = 1'000;
  std::string yaml_parser = "libyaml";
  std::string cache_dir;
  bool no_cache = false;
  bool offline = false;
  unsigned network_timeout = 0;  // 0: the config's, else 60
  bool strict_drift = false;
  std::vector<std::string> rules_dirs;
  std::vector<std::string> schema_dirs;
};

bool is_format(const std::string& f) {
  return f == "text" || f == "json" || f == "markdown" || f == "sarif" || f == "github" || f == "junit";
}

struct OutputSpec {
  std::string format;
  std::string file;  // "-": standard output
};

// "-o sarif=x.sarif" names its format; "-o x" takes --format's.
Expected<std::vector<OutputSpec>> output_specs(const CheckOptions& o) {
  std::vector<OutputSpec> out;
  for (const std::string& value : o.outputs) {
    size_t eq = value.find('=');
    if (eq != std::string::npos && is_format(value.substr(0, eq))) {
      out.push_back({value.substr(0, eq), value.substr(eq + 1)});
    } else {
      out.push_back({o.format, value});
    }
    if (out.back().file.empty()) return Error{"check: --output " + value + ": no file name"};
  }
  if (out.empty()) out.push_back({o.format, "-"});
  size_t to_stdout = 0;
  for (const OutputSpec& spec : out) to_stdout += spec.file == "-";
  if (to_stdout > 1) return Error{"check: only one --output can be standard output ('-')"};
  return out;
}

// Parses the command line; returns an exit code when the run should stop.
std::optional<int> parse_options(const std::vector<std::string>& args, CheckOptions& o) {
  po::options_description visible("driftlint check options");
  visible.add_options()("help,h", "show this help")(
      "config", po::value<std::string>(&o.config_file), "configuration file (default: ./driftlint.yaml when no PATH or --repo is given)")(
      "repo", po::value<std::vector<std::string>>(&o.repo_specs), "NAME=SOURCE[@REV]: a repo to lint (repeatable)")(
      "snapshot", po::value<std::vector<std::string>>(&o.snapshots), "cluster snapshot file or folder (repeatable)")(
      "strict-drift", po::bool_switch(&o.strict_drift), "also report keys only the live object has (notices)")(
      "format", po::value<std::string>(&o.format), "text, json, markdown, sarif, github or junit")(
      "output,o", po::value<std::vector<std::string>>(&o.outputs), "[FORMAT=]FILE: write a report to FILE ('-' is standard output); repeatable, one per format")(
      "show-suppressed", po::bool_switch(&o.show_suppressed), "list suppressed findings too (text and JSON; SARIF always keeps them)")(
      "report-unused-ignores", po::bool_switch(&o.report_unused_ignores), "report suppressions that matched nothing (rule unused-suppression)")(
      "baseline", po::value<std::string>(&o.baseline), "report only findings that FILE (from --write-baseline) does not list")(
      "write-baseline", po::value<std::string>(&o.write_baseline), "record today's findings in FILE by fingerprint")(
      "fail-on", po::value<std::string>(&o.fail_on), "error, warning, notice or none (default error)")(
      "enable", po::value<std::vector<std::string>>(&o.enable), "turn a rule on (repeatable)")(
      "rules-dir", po::value<std::vector<std::string>>(&o.rules_dirs), "add the declarative rules (.yaml) of DIR (repeatable)")(
      "schema-dir", po::value<std::vector<std::string>>(&o.schema_dirs), "add the CRDs and JSON Schemas (x-kubernetes-group-version-kind) of DIR (repeatable)")(
      "disable", po::value<std::vector<std::string>>(&o.disable), "turn a rule off (repeatable)")(
      "changed-since", po::value<std::vector<std::string>>(&o.changed_since), "[REPO=]REV: report only findings in files changed since REV (pull-request mode)")(
      "jobs,j", po::value<unsigned>(&o.jobs), "parse with N threads (default: all cores)")(
      "quiet,q", po::bool_switch(&o.quiet), "print findings only: no hints, no summary")(
      "cache-dir", po::value<std::string>(&o.cache_dir), "where clones of git URLs and parsed files are kept (default $DRIFTLINT_CACHE_DIR, else $XDG_CACHE_HOME/driftlint or ~/.cache/driftlint)")(
      "no-cache", po::bool_switch(&o.no_cache), "parse every file; neither read nor write the parse cache")(
      "offline", po::bool_switch(&o.offline), "use cached clones of git URLs as they are; never fetch")(
      "network-timeout", po::value<unsigned>(&o.network_timeout), "seconds a clone or fetch may wait to connect or for the server's next bytes (default 60)")(
      "max-file-size", po::value<uint64_t>(&o.max_file_size_mib), "largest file parsed, in MiB (default 64)")(
      "max-alias-expansion", po::value<uint64_t>(&o.max_alias_expansion), "nodes YAML aliases may add to one document (default 1000000)")(
      "max-nesting-depth", po::value<uint64_t>(&o.max_nesting_depth), "deepest nesting of maps and lists parsed (default 1000)")(
      "yaml-parser", po::value<std::string>(&o.yaml_parser), "libyaml (default) or yaml-cpp");
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::vector<std::string>>(&o.paths));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("path", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    print_error(std::string("check: ") + e.what() + " (driftlint check --help lists the options)");
    return kExitUsage;
  }
  if (vm.count("help")) {
    std::cout << kCheckUsage << "\n" << visible;
    return kExitClean;
  }
  if (!is_format(o.format)) {
    print_error("check: --format must be text, json, markdown, sarif, github or junit, not '" + o.format + "'");
    return kExitUsage;
  }
  if (o.fail_on != "error" && o.fail_on != "warning" && o.fail_on != "notice" && o.fail_on != "none") {
    print_error("check: --fail-on must be error, warning, notice or none, not '" + o.fail_on + "'");
    return kExitUsage;
  }
  if (vm.count("jobs") && o.jobs == 0) {
    print_error("check: -j must be at least 1");
    return kExitUsage;
  }
  if (o.max_file_size_mib == 0 || o.max_file_size_mib > (1ull << 20)) {
    print_error("check: --max-file-size must be between 1 and 1048576 MiB");
    return kExitUsage;
  }
  if (vm.count("network-timeout") && (o.network_timeout == 0 || o.network_timeout > kMaxNetworkTimeoutSeconds)) {
    print_error("check: --network-timeout must be from 1 to " + std::to_string(kMaxNetworkTimeoutSeconds) + " seconds");
    return kExitUsage;
  }
  if (o.max_nesting_depth == 0 || o.max_nesting_depth > 100'000) {
    print_error("check: --max-nesting-depth must be between 1 and 100000");
    return kExitUsage;
  }
  if (!yaml::parse_yaml_engine(o.yaml_parser)) {
    print_error("check: --yaml-parser must be libyaml or yaml-cpp, not '" + o.yaml_parser + "'");
    return kExitUsage;
  }
  return std::nullopt;
}

// Paths in the config are relative to the config file's folder, like repo sources.
std::string relative_to_config(const Config& config, const std::string& path) {
  bool relative = !path.empty() && path[0] != '/' && !config.base_dir.empty();
  return relative ? (std::filesystem::path(config.base_dir) / path).string() : path;
}

bool fails(const LintOutput& lint, const std::string& fail_on) {
  if (fail_on == "none") return false;
  Severity threshold = *parse_severity(fail_on);
  for (const Finding& f : lint.findings) {
    if (!f.suppressed && f.severity >= threshold) return true;
  }
  return false;
}

}  // namespace

int run_check(const std::vector<std::string>& args) {
  CheckOptions o;
  if (auto exit = parse_options(args, o)) return *exit;

  // Configuration: --config, else ./driftlint.yaml when nothing else names the input.
  Config config;
  config.gpu_resources = default_gpu_resources();
  std::string config_path = o.config_file;
  if (config_path.empty() && o.paths.empty() && o.repo_specs.empty()) {
    std::error_code ec;
    if (std::filesystem::exists("driftlint.yaml", ec)) config_path = "driftlint.yaml";
  }
  if (!config_path.empty()) {
    Expected<Config> loaded = load_config(config_path, o.max_file_size_mib << 20);
    if (!loaded) {
      print_error(loaded.error().message);
      return kExitUsage;
    }
    config = std::move(*loaded);
  }

  std::vector<RepoConfig> cli_repos;
  for (const std::string& spec : o.repo_specs) {
    Expected<RepoConfig> repo = parse_repo_spec(spec);
    if (!repo) {
      print_error(repo.error().message);
      return kExitUsage;
    }
    cli_repos.push_back(std::move(*repo));
  }
  if (o.paths.empty() && cli_repos.empty() && config.repos.empty()) {
    print_error("check: nothing to lint: give a PATH, --repo NAME=SOURCE, or a driftlint.yaml with repos");
    return kExitUsage;
  }

  DeclarativeSpecs user_rules;
  std::vector<std::string> rules_dirs;
  for (const std::string& dir : config.rules_dirs) rules_dirs.push_back(relative_to_config(config, dir));
  rules_dirs.insert(rules_dirs.end(), o.rules_dirs.begin(), o.rules_dirs.end());
  for (const std::string& dir : rules_dirs) {
    Expected<DeclarativeSpecs> loaded = load_declarative_rules(dir);
    if (!loaded) {
      print_error(loaded.error().message);
      return kExitUsage;
    }
    user_rules.insert(user_rules.end(), loaded->begin(), loaded->end());
  }
  Expected<std::vector<RuleEntry>> catalog = rule_catalog(user_rules);
  if (!catalog) {
    print_error(catalog.error().message);
    return kExitUsage;
  }
  Expected<std::vector<OutputSpec>> outputs = output_specs(o);
  if (!outputs) {
    print_error(outputs.error().message);
    return kExitUsage;
  }
  RuleSelection selection{o.enable, o.disable};
  if (o.report_unused_ignores) selection.enable.push_back("unused-suppression");
  Expected<std::vector<ActiveRule>> rules = instantiate_rules(config, selection, *catalog);
  if (!rules) {
    print_error(rules.error().message);
    return kExitUsage;
  }
  Expected<GpuResourceMatcher> gpu = GpuResourceMatcher::create(config.gpu_resources);
  if (!gpu) {
    print_error(gpu.error().message);
    return kExitUsage;
  }

  std::vector<std::string> input_errors;
  std::vector<std::string> notes;
  std::vector<std::string> snapshots;
  for (const std::string& path : config.snapshots) snapshots.push_back(relative_to_config(config, path));
  snapshots.insert(snapshots.end(), o.snapshots.begin(), o.snapshots.end());
  LoadOptions load_options;
  load_options.jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  load_options.max_file_size = o.max_file_size_mib << 20;
  load_options.parse_limits.max_alias_expansion = o.max_alias_expansion;
  load_options.parse_limits.max_depth = o.max_nesting_depth;
  load_options.parse_limits.engine = *yaml::parse_yaml_engine(o.yaml_parser);
  std::optional<ParseCache> parse_cache;
  if (!o.no_cache) {
    parse_cache.emplace(o.cache_dir.empty() ? default_cache_dir() : o.cache_dir, load_options.parse_limits);
    load_options.cache = &*parse_cache;
  }
  SnapshotLoad snapshot = load_snapshots(snapshots, load_options);
  for (std::string& e : snapshot.errors) input_errors.push_back(std::move(e));
  for (std::string& n : snapshot.notes) notes.push_back(std::move(n));

  GitCacheOptions cache;
  cache.cache_dir = o.cache_dir;  // empty: the library's default
  cache.offline = o.offline;
  if (o.network_timeout) {
    cache.network_timeout_seconds = o.network_timeout;
  } else if (config.network_timeout_seconds) {
    cache.network_timeout_seconds = *config.network_timeout_seconds;
  }
  if (!o.quiet && isatty(STDERR_FILENO)) {
    // One line redrawn in place while a clone or fetch runs.
    cache.progress = [](const std::string& line, bool done) {
      std::cerr << "\r\033[Kdriftlint: " << line << (done ? "\n" : "") << std::flush;
    };
  }
  ResolvedRepos resolved = resolve_repos(config, cli_repos, o.paths, cache);
  for (std::string& e : resolved.errors) input_errors.push_back(std::move(e));
  if (!o.quiet) {
    for (const std::string& note : resolved.notes) std::cerr << "driftlint: note: " << note << "\n";
  }

  // The parse cache is written while the rules run (the snapshot loader above
  // moves its files' trees away, so it writes before returning).
  load_options.store_cache_in_background = true;
  LoadResult load = load_repos(std::move(resolved.repos), load_options);
  for (std::string& e : load.errors) input_errors.push_back(std::move(e));
  for (std::string& n : load.notes) notes.push_back(std::move(n));

  // Pull-request mode: the diff against the base (a scan of the work tree)
  // runs while the model and the rules do; it only reads `load`.
  std::future<Expected<ChangedFiles>> changed_files;
  if (!o.changed_since.empty()) {
    std::vector<ChangedSince> specs;
    for (const std::string& spec : o.changed_since) specs.push_back(parse_changed_since(spec));
    changed_files = std::async(std::launch::async, [&load, specs] { return compute_changed_files(load, specs); });
  }

  ArgoModelOptions argo_options;
  argo_options.strict_drift = o.strict_drift;
  const Snapshot* cluster = snapshots.empty() ? nullptr : &snapshot.snapshot;
  ArgoModel argo = build_argo_model(load, cluster, argo_options);
  for (const std::string& n : argo.notes) notes.push_back(n);
  if (argo.has_apps()) {
    for (size_t r = 0; r < load.repos.size(); ++r) {
      if (argo.repo_identity[r].empty()) {
        notes.push_back("repo " + load.repos[r].name + " has no URL (set `url:` in the config, or an `origin` remote): " +
                        "Argo CD apps cannot be matched to it");
      }
    }
  }

  SchemaRegistry schemas(load, cluster, o.schema_dirs, input_errors);
  LintContext context{load, config, *gpu, cluster, &argo};
  context.schemas = &schemas;
  context.jobs = load_options.jobs;
  LintOutput lint = run_rules(*rules, context, *catalog);
  for (std::string& problem : schemas.problems()) notes.push_back(std::move(problem));

  if (changed_files.valid()) {
    Expected<ChangedFiles> changed = changed_files.get();
    if (!changed) {
      input_errors.push_back(changed.error().message);
    } else {
      keep_changed_only(lint, *changed);
      if (!o.quiet) {
        for (const std::string& note : changed->notes) std::cerr << "driftlint: note: " << note << "\n";
      }
    }
  }

  for (const std::string& e : input_errors) print_error(e);
  if (!o.quiet) {
    for (const std::string& n : notes) std::cerr << "driftlint: note: " << n << "\n";
    for (const auto& [repo, skipped] : load.skipped) {
      std::cerr << "driftlint: note: skipped " << load.repo_name(repo) << "/" << skipped.path << ": "
                << skipped.reason << "\n";
    }
  }

  // Baselines: record what is there today; later report only what is new.
  if (!o.write_baseline.empty()) {
    std::vector<Finding> current;
    for (const Finding& f : lint.findings) {
      if (!f.suppressed) current.push_back(f);
    }
    if (!write_file_atomically(o.write_baseline, baseline_json(current))) {
      print_error("--write-baseline " + o.write_baseline + ": cannot write");
      return kExitUsage;
    }
  }
  size_t baselined = 0;
  if (!o.baseline.empty()) {
    Expected<Baseline> baseline = read_baseline(o.baseline, o.max_file_size_mib << 20);
    if (!baseline) {
      print_error(baseline.error().message);
      return kExitUsage;
    }
    baselined = drop_baselined(lint.findings, std::move(*baseline));
  }

  ReportInput input{load, lint, cluster, &argo};
  input.show_suppressed = o.show_suppressed;
  input.baselined = baselined;
  for (const ActiveRule& active : *rules) input.rules.push_back(&active.rule->info());
  bool wrote_file = false;
  for (const OutputSpec& spec : *outputs) {
    TextReportOptions text_options;
    text_options.quiet = o.quiet;
    text_options.color = spec.file == "-" && isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
    std::string text = render_report(spec.format, input, text_options);
    if (spec.file == "-") {
      std::cout << text << std::flush;
    } else if (!write_file_atomically(spec.file, text)) {
      print_error("--output " + spec.file + ": cannot write");
      return kExitUsage;
    } else {
      wrote_file = true;
    }
  }
  if (wrote_file && !o.quiet) {
    std::vector<std::string> files;
    for (const OutputSpec& spec : *outputs) {
      if (spec.file != "-") files.push_back(spec.file);
    }
    std::cerr << "driftlint: " << summary_line(input) << "; report written to " << join(files, ", ") << "\n";
  }
  for (const std::string& n : load.wait_for_cache()) {
    if (!o.quiet) std::cerr << "driftlint: note: " << n << "\n";
  }
  if (!input_errors.empty()) return kExitUsage;
  return fails(lint, o.fail_on) ? kExitFindings : kExitClean;
}

}  // namespace driftlint::cli
