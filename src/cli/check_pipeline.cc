#include "cli/check_pipeline.h"

#include "cli/standard_input.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <algorithm>
#include <iostream>
#include <map>
#include <thread>

#include "base/files.h"
#include "cli/report_environment.h"
#include "base/strings.h"
#include "config/config_discovery.h"
#include "lint/fingerprint.h"
#include "load/base_revision.h"
#include "load/repo_inputs.h"
#include "report/diff_report.h"
#include "report/report.h"
#include "rules/declarative.h"
#include "rules/registry.h"
#include "schema/registry.h"

namespace driftlint::cli {

namespace {

// Paths in the config are relative to the config file's folder, like repo sources.
std::string relative_to_config(const Config& config, const std::string& path) {
  bool relative = !path.empty() && path[0] != '/' && !config.base_dir.empty();
  return relative ? (std::filesystem::path(config.base_dir) / path).string() : path;
}

std::vector<std::string> relative_to_config(const Config& config, const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const std::string& path : paths) out.push_back(relative_to_config(config, path));
  return out;
}

template <class T>
void append(std::vector<T>& to, std::vector<T>&& from) {
  to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

// --config, else the discovered driftlint.yaml (whatever PATHs or --repo
// are given: CI runs `--repo name=.@HEAD` and still means the repo's config).
Expected<Config> read_check_config(const CheckOptions& o) {
  std::string path = o.config_file;
  if (path.empty() && !o.no_config) {
    std::error_code ec;
    std::filesystem::path cwd = std::filesystem::current_path(ec);
    if (!ec) {
      Expected<std::optional<std::string>> found = find_config_file(cwd);
      if (!found) return found.error();
      path = found->value_or("");
    }
  }
  if (path.empty()) {
    Config config;
    config.gpu_resources = default_gpu_resources();
    return config;
  }
  return load_config(path, o.max_file_bytes());
}

// Repos on the command line (PATHs, --repo) replace the config's `repos:`
// key, as every option replaces its key; a --repo of the same name as a
// config entry keeps that entry's `url:` (what Argo CD calls the repo).
void command_line_repos_win(const CheckOptions& o, CheckSetup& setup) {
  if (o.paths.empty() && setup.cli_repos.empty()) return;
  for (RepoConfig& repo : setup.cli_repos) {
    for (const RepoConfig& configured : setup.config.repos) {
      if (configured.name == repo.name && !repo.url) repo.url = configured.url;
    }
  }
  setup.config.repos.clear();
}

Expected<std::vector<RuleEntry>> read_catalog(const CheckOptions& o, const Config& config) {
  std::vector<std::string> dirs = relative_to_config(config, config.rules_dirs);
  dirs.insert(dirs.end(), o.rules_dirs.begin(), o.rules_dirs.end());
  DeclarativeSpecs user_rules;
  for (const std::string& dir : dirs) {
    Expected<DeclarativeSpecs> loaded = load_declarative_rules(dir);
    if (!loaded) return loaded.error();
    user_rules.insert(user_rules.end(), loaded->begin(), loaded->end());
  }
  return rule_catalog(user_rules);
}

LoadOptions load_options_for(const CheckOptions& o) {
  LoadOptions options;
  options.jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  options.max_file_size = o.max_file_bytes();
  options.parse_limits.max_alias_expansion = o.max_alias_expansion;
  options.parse_limits.max_depth = o.max_nesting_depth;
  options.parse_limits.engine = o.yaml_engine;
  return options;
}

GitCacheOptions git_cache_options(const CheckOptions& o, const Config& config) {
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
  return cache;
}

}  // namespace

Expected<CheckSetup> set_up_check(const CheckOptions& o) {
  CheckSetup setup;
  Expected<Config> config = read_check_config(o);
  if (!config) return config.error();
  setup.config = std::move(*config);
  if (!setup.config.file.empty()) setup.notes.push_back("configuration: " + setup.config.file);
  // The effective release, kept in the config rules see: the flag's, else the config's, else the newest.
  if (!o.kubernetes_version.empty()) {
    setup.config.kubernetes_version = o.kubernetes_version;
  } else if (setup.config.kubernetes_version.empty()) {
    setup.config.kubernetes_version = KubernetesSchemas::newest();
  } else if (!KubernetesSchemas::of(setup.config.kubernetes_version)) {
    return Error{setup.config.file + ": kubernetesVersion " + setup.config.kubernetes_version + " is not bundled: use " +
                 join(KubernetesSchemas::versions(), ", ")};
  }
  for (const std::string& spec : o.repo_specs) {
    Expected<RepoConfig> repo = parse_repo_spec(spec);
    if (!repo) return repo.error();
    setup.cli_repos.push_back(std::move(*repo));
  }
  command_line_repos_win(o, setup);
  if (o.paths.empty() && setup.cli_repos.empty() && setup.config.repos.empty()) {
    return Error{"check: nothing to lint: give a PATH, --repo NAME=SOURCE, or a driftlint.yaml with repos"};
  }
  Expected<std::vector<RuleEntry>> catalog = read_catalog(o, setup.config);
  if (!catalog) return catalog.error();
  setup.catalog = std::move(*catalog);
  RuleSelection selection{o.enable, o.disable};
  if (o.report_unused_ignores) selection.enable.push_back("unused-suppression");
  Expected<std::vector<ActiveRule>> rules = instantiate_rules(setup.config, selection, setup.catalog);
  if (!rules) return rules.error();
  setup.rules = std::move(*rules);
  Expected<GpuResourceMatcher> gpu = GpuResourceMatcher::create(setup.config.gpu_resources);
  if (!gpu) return gpu.error();
  setup.gpu = std::make_unique<GpuResourceMatcher>(std::move(*gpu));
  return setup;
}

CheckInputs read_inputs(const CheckOptions& o, const CheckSetup& setup) {
  CheckInputs in;
  in.load_options = load_options_for(o);
  if (!o.no_cache) {
    in.parse_cache = std::make_unique<ParseCache>(o.cache_dir.empty() ? default_cache_dir() : o.cache_dir,
                                                  in.load_options.parse_limits);
    in.load_options.cache = in.parse_cache.get();
  }
  // --snapshot replaces the config's `snapshot:`, as every option its key.
  std::vector<std::string> snapshots =
      o.snapshots.empty() ? relative_to_config(setup.config, setup.config.snapshots) : o.snapshots;
  in.has_snapshot = !snapshots.empty();
  in.snapshot = load_snapshots(snapshots, in.load_options);
  append(in.errors, std::move(in.snapshot.errors));
  append(in.notes, std::move(in.snapshot.notes));

  std::vector<std::string> paths = o.paths;
  bool from_stdin = std::erase(paths, "-") > 0;
  ResolvedRepos resolved = resolve_repos(setup.config, setup.cli_repos, paths, git_cache_options(o, setup.config));
  if (from_stdin) {
    Expected<RepoInput> piped = standard_input_repo(std::cin, o.max_file_bytes());
    if (piped) resolved.repos.push_back(std::move(*piped));
    else resolved.errors.push_back(piped.error().message);
  }
  append(in.errors, std::move(resolved.errors));
  in.repo_notes = std::move(resolved.notes);
  // The parse cache is written while the rules run (the snapshot loader above
  // moves its files' trees away, so it writes before returning).
  LoadOptions repo_options = in.load_options;
  repo_options.store_cache_in_background = true;
  in.load = load_repos(std::move(resolved.repos), repo_options);
  append(in.errors, std::move(in.load.errors));
  append(in.notes, std::move(in.load.notes));
  // Nothing checked is not "clean" (a mistyped folder, a glob that matched nothing).
  if (in.load.files.empty() && in.errors.empty() && !o.allow_empty) {
    in.errors.push_back("nothing matched: no .yaml, .yml or .json file in what was given (--allow-empty to accept)");
  }
  return in;
}

CheckFindings find_findings(const CheckOptions& o, const CheckSetup& setup, const LoadResult& load,
                            const Snapshot* cluster, const CheckModel& model, unsigned jobs) {
  CheckFindings out;
  SchemaRegistry schemas(load, cluster, o.schema_dirs, out.errors, setup.config.kubernetes_version);
  LintContext context{load, setup.config, *setup.gpu, cluster, &model.argo};
  context.objects = model.applied;
  context.renders = &model.renders;
  context.schemas = &schemas;
  context.jobs = jobs;
  out.lint = run_rules(setup.rules, context, setup.catalog);
  out.notes = schemas.problems();
  return out;
}

void compare_to_base(const CheckOptions& o, const CheckSetup& setup, const CheckInputs& head, const CheckModel& head_model,
                     CheckFindings& findings) {
  if (o.changed_since.empty()) return;
  std::vector<ChangedSince> specs;
  for (const std::string& spec : o.changed_since) specs.push_back(parse_changed_since(spec));
  Expected<BaseRepos> repos = repos_at_base(head.load.repos, specs);
  if (!repos) {
    findings.errors.push_back(repos.error().message);
    return;
  }
  findings.changed_notes = std::move(repos->notes);
  std::unordered_map<std::string, const LoadedFile*> parsed = parsed_by_content(head.load);
  LoadOptions options = head.load_options;
  options.reuse = &parsed;
  LoadResult base = load_repos(std::move(repos->repos), options);
  unsigned jobs = head.load_options.jobs;
  CheckModel model = build_model(o, base, head.cluster(), jobs);
  CheckFindings at_base = find_findings(o, setup, base, head.cluster(), model, jobs);
  if (o.with_diff) findings.rendered_diff = diff_markdown(diff_apps(model.argo, base, head_model.argo, head.load));
  findings.lint.base = compare_with_base(findings.lint.findings, at_base.lint.findings);
  keep_new_findings(findings.lint.findings, o.show_existing);
  findings.lint.suppressed = static_cast<size_t>(std::count_if(
      findings.lint.findings.begin(), findings.lint.findings.end(), [](const Finding& f) { return f.suppressed; }));
}

namespace {

// --color: auto is a terminal without NO_COLOR (no-color.org: a flag given wins over it).
bool use_color(CheckOptions::Color color) {
  if (color != CheckOptions::Color::Auto) return color == CheckOptions::Color::Always;
  return isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
}

// Baselines: record what is there today; later report only what is new.
Expected<size_t> apply_baselines(const CheckOptions& o, CheckFindings& findings) {
  LintOutput& lint = findings.lint;
  if (!o.write_baseline.empty()) {
    std::vector<Finding> current;
    for (const Finding& f : lint.findings) {
      if (!f.suppressed) current.push_back(f);
    }
    if (!write_file_atomically(o.write_baseline, baseline_json(current))) {
      return Error{"--write-baseline " + o.write_baseline + ": cannot write"};
    }
    findings.confirmations.push_back("baseline written to " + o.write_baseline + ": " + std::to_string(current.size()) +
                                     (current.size() == 1 ? " finding" : " findings") + " recorded (--baseline " +
                                     o.write_baseline + " reports only new ones)");
  }
  if (o.baseline.empty()) return size_t{0};
  Expected<Baseline> baseline = read_baseline(o.baseline, o.max_file_bytes());
  if (!baseline) return baseline.error();
  return drop_baselined(lint.findings, std::move(*baseline));
}

}  // namespace

Expected<std::string> write_reports(const CheckOptions& o, const CheckSetup& setup, const CheckInputs& inputs,
                                    const CheckModel& model, CheckFindings& findings) {
  Expected<size_t> baselined = apply_baselines(o, findings);
  if (!baselined) return baselined.error();
  ReportInput input{inputs.load, findings.lint, inputs.cluster(), &model.argo};
  input.show_suppressed = o.show_suppressed;
  input.show_existing = o.show_existing;
  input.baselined = *baselined;
  for (const ActiveRule& active : setup.rules) input.rules.push_back(&active.rule->info());
  if (Status s = set_report_environment(input, o); !s) return s.error();
  std::vector<std::string> files;
  for (const OutputSpec& spec : o.outputs) {
    TextReportOptions text_options;
    text_options.quiet = o.quiet;
    text_options.color = spec.file == "-" && use_color(o.color);
    std::string text = render_report(spec.format, input, text_options);
    if (spec.format == ReportFormat::Github) {
      if (Status s = write_github_step_summary(input); !s) return s.error();
    }
    if (spec.format == ReportFormat::Markdown && !findings.rendered_diff.empty()) text += "\n" + findings.rendered_diff;
    if (spec.file == "-") {
      std::cout << text << std::flush;
    } else if (!write_file_atomically(spec.file, text)) {
      return Error{"--output " + spec.file + ": cannot write"};
    } else {
      files.push_back(spec.file);
    }
  }
  if (files.empty()) return std::string();
  return summary_line(input) + "; report written to " + join(files, ", ");
}

}  // namespace driftlint::cli
