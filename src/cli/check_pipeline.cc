#include "cli/check_pipeline.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "base/files.h"
#include "base/strings.h"
#include "cli/check_config.h"
#include "cli/report_environment.h"
#include "cli/standard_input.h"
#include "config/config_trust.h"
#include "lint/fingerprint.h"
#include "lint/suppressions.h"
#include "load/load_index.h"
#include "load/repo_inputs.h"
#include "report/report.h"
#include "rules/declarative.h"
#include "rules/registry.h"
#include "schema/registry.h"

namespace driftlint::cli {

namespace {

// Paths in the config are relative to the config file's folder, like repo sources.
std::vector<std::string> relative_to_config(const Config& config, const std::vector<ConfigPath>& paths) {
  std::vector<std::string> out;
  for (const ConfigPath& path : paths) out.push_back(resolve_config_path(config, path.path));
  return out;
}

template <class T>
void append(std::vector<T>& to, std::vector<T>&& from) {
  to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
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
  options.jobs = o.threads();
  options.max_file_size = o.max_file_bytes();
  options.parse_limits.max_alias_expansion = o.max_alias_expansion;
  options.parse_limits.max_depth = o.max_nesting_depth;
  options.parse_limits.engine = o.yaml_engine;
  options.progress = o.progress_meter;
  return options;
}

// The runner's git credentials go to the hosts the user named: --token-host
// (and DRIFTLINT_TOKEN_HOSTS), --repo URLs, the repos of a config of the
// user's own; never to a host only a checkout's driftlint.yaml names.
CredentialPolicy credential_policy(const CheckOptions& o, const CheckSetup& setup) {
  CredentialPolicy policy;
  for (const std::string& host : o.token_hosts) policy.allow(host);
  for (const RepoConfig& repo : setup.cli_repos) {
    if (is_url_source(repo.source)) policy.allow_url(repo.source);
  }
  for (const RepoConfig& repo : setup.config.repos) {
    if (setup.config.trusted && is_url_source(repo.source)) policy.allow_url(repo.source);
  }
  return policy;
}

GitCacheOptions git_cache_options(const CheckOptions& o, const CheckSetup& setup) {
  const Config& config = setup.config;
  GitCacheOptions cache;
  cache.credentials = credential_policy(o, setup);
  cache.cache_dir = o.cache_dir;  // empty: the library's default
  cache.offline = o.offline;
  if (o.network_timeout) cache.network_timeout_seconds = o.network_timeout;
  else if (config.network_timeout_seconds) cache.network_timeout_seconds = *config.network_timeout_seconds;
  if (!o.quiet && o.progress != CheckOptions::Progress::Never && isatty(STDERR_FILENO)) {
    // One line redrawn in place while a clone or fetch runs.
    cache.progress = [](const std::string& line, bool done) {
      std::cerr << "\r\033[Kdriftlint: " << line << (done ? "\n" : "") << std::flush;
    };
  }
  return cache;
}

}  // namespace

void allow_config_network(CheckOptions& o, const CheckSetup& setup) {
  if (!setup.config.trusted) return;
  for (const std::string& host : setup.config.allow_network) {
    if (std::find(o.allow_network.begin(), o.allow_network.end(), host) == o.allow_network.end()) o.allow_network.push_back(host);
  }
}

Expected<CheckSetup> set_up_check(const CheckOptions& o) {
  CheckSetup setup;
  Expected<CheckConfig> config = read_check_config(o);
  if (!config) return config.error();
  setup.config = std::move(config->config);
  setup.base_config = std::move(config->base);
  setup.head_config = std::move(config->head);
  setup.errors = std::move(config->errors);
  if (!setup.config.file.empty()) setup.notes.push_back("configuration: " + setup.config.file);
  if (!setup.config.trusted && !setup.config.allow_network.empty()) {
    setup.notes.push_back(setup.config.file + ": allowNetwork is not honoured in a config driftlint found (it may be "
                          "the change under review): use --allow-network, or name a config of your own with --config");
  }
  append(setup.notes, std::move(config->notes));
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
  Expected<GpuResourceMatcher> gpu = GpuResourceMatcher::create(setup.config.accelerators);
  if (!gpu) return gpu.error();
  setup.gpu = std::make_unique<GpuResourceMatcher>(std::move(*gpu));
  return setup;
}

std::string cache_folder(const CheckOptions& o) { return o.cache_dir.empty() ? default_cache_dir() : o.cache_dir; }

CheckInputs read_inputs(const CheckOptions& o, const CheckSetup& setup, bool other_revisions) {
  CheckInputs in;
  in.load_options = load_options_for(o);
  in.load_options.content_ids = other_revisions || !o.changed_since.empty();
  if (o.no_cache && in.load_options.content_ids) in.renders = std::make_unique<RenderMemory>();
  if (!o.no_cache) {
    in.parse_cache = std::make_unique<ParseCache>(cache_folder(o), in.load_options.parse_limits);
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
  ResolvedRepos resolved = resolve_repos(setup.config, setup.cli_repos, paths, git_cache_options(o, setup));
  if (from_stdin) {
    Expected<RepoInput> piped = standard_input_repo(std::cin, o.max_file_bytes());
    if (piped) resolved.repos.push_back(std::move(*piped));
    else resolved.errors.push_back(piped.error().message);
  }
  append(in.errors, std::move(resolved.errors));
  in.repo_notes = std::move(resolved.notes);
  // `git status` runs beside the load where its answer is used (JSON, Markdown, a snapshot's revision).
  bool reports_dirty = std::any_of(o.outputs.begin(), o.outputs.end(), [](const OutputSpec& s) {
    return s.format == ReportFormat::Json || s.format == ReportFormat::Markdown;
  });
  if (reports_dirty || in.has_snapshot) {
    for (const RepoInput& r : resolved.repos) r.dirty.start_early();
  }
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

namespace {

// Per loaded file: whether an Argo CD app or a root build applies it (which
// copy of a CRD gives its schema).
std::vector<bool> deployed_files(const LoadResult& load, const CheckModel& model) {
  std::vector<bool> out(load.files.size(), false);
  for (size_t f = 0; f < out.size() && f < model.argo.file_apps.size(); ++f) out[f] = !model.argo.file_apps[f].empty();
  for (const RenderOutput* output : model.renders.outputs) {
    if (!output->rendered()) continue;
    for (const std::string& path : output->object_files) {
      if (std::optional<uint32_t> f = load.index().file(output->repo, path)) out[*f] = true;
    }
  }
  return out;
}

}  // namespace

CheckFindings find_findings(const CheckOptions& o, const CheckSetup& setup, const LoadResult& load,
                            const Snapshot* cluster, const CheckModel& model, RuleInputs rule_inputs, unsigned jobs,
                            ValidationMemo* validations, TwinValidations* twins, const BaseRun* base) {
  CheckFindings out;
  std::vector<bool> deployed = deployed_files(load, model);
  SchemaRegistry schemas(load, cluster, o.schema_dirs, out.errors, setup.config.kubernetes_version, &deployed,
                         setup.compiled_schemas.get());
  LintContext context{load, setup.config, *setup.gpu, cluster, &model.argo};
  context.objects = model.applied;
  context.renders = &model.renders;
  context.schemas = &schemas;
  context.validations = validations;
  context.twins = twins;
  context.jobs = jobs;
  PullRequestBase pull_request;
  if (base && base->findings) {
    pull_request.base_suppressions = &base->suppressions;
    pull_request.base_config = setup.base_config ? setup.base_config.get() : &setup.config;
    pull_request.head_config = setup.head_config ? setup.head_config.get() : &setup.config;
    context.pull_request = &pull_request;
  }
  out.lint = run_rules(setup.rules, context, setup.catalog, std::move(rule_inputs));
  out.notes = schemas.problems();
  return out;
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
  ReportInput input{inputs.load, findings.lint, inputs.cluster(), &model.argo, &model.coverage};
  input.show_suppressed = o.show_suppressed;
  input.show_existing = o.show_existing;
  input.baselined = *baselined;
  for (const ActiveRule& active : setup.rules) input.rules.push_back(&active.rule->info());
  if (Status s = set_report_environment(input, o); !s) return s.error();
  input.help_uri_base = o.help_uri_base.value_or(setup.config.help_uri_base.empty() ? kDefaultHelpUriBase
                                                                                    : setup.config.help_uri_base);
  std::vector<std::string> files;
  for (const OutputSpec& spec : o.outputs) {
    TextReportOptions text_options;
    text_options.quiet = o.quiet;
    text_options.every_hint = o.every_hint;
    text_options.group_by = o.group_by;
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
