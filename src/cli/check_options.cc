#include "cli/check_options.h"

#include <boost/program_options.hpp>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "base/strings.h"
#include "cli/command_help.h"
#include "cli/subcommand_parser.h"
#include "config/config.h"
#include "git/credentials.h"
#include "schema/kubernetes_schemas.h"

namespace driftlint::cli {

namespace po = boost::program_options;

namespace {

std::string usage() {
  return "usage: driftlint check [PATH...|-] [--config FILE|--no-config] [--repo NAME=SOURCE[@REV]]...\n"
         "                       [--snapshot FILE]... [--strict-drift]\n"
         "                       [--format " + report_format_list("|", "|") + "] [--output [FORMAT=]FILE]...\n"
         "                       [--sarif-repo NAME] [--show-suppressed] [--report-unused-ignores]\n"
         "                       [--baseline FILE] [--write-baseline FILE]\n"
         "                       [--fail-on error|warning|notice|none] [--fail-on-incomplete] [--coverage] [--enable RULE]...\n"
         "                       [--disable RULE]... [--changed-since|--base [REPO=]REV] [--show-existing] [--diff]\n"
         "                       [-j N] [--quiet] [--color auto|always|never] [--progress auto|always|never]\n"
         "                       [--hints once|each] [--group-by file|rule] [--max-annotations N] [--max-comment-size N]\n"
         "                       [--help-uri-base URL] [--allow-empty]\n"
         "                       [--cache-dir DIR] [--offline] [--network-timeout SECONDS] [--token-host HOST]...\n"
         "                       [--allow-network HOST]...\n"
         "                       [--no-render] [--render-timeout SECONDS] [--render-budget SECONDS]\n"
         "                       [--render-memory MIB]\n"
         "                       [--rules-dir DIR]... [--schema-dir DIR]...\n"
         "                       [--kubernetes-version " + join(KubernetesSchemas::versions(), "|") + "]\n";
}

const std::string& kubernetes_version_help() {
  static const std::string text = "the Kubernetes release built-in kinds are validated against: " +
                                  join(KubernetesSchemas::versions(), ", ") + " (default: the config's kubernetesVersion, else " +
                                  KubernetesSchemas::newest() + ")";
  return text;
}

// The options as typed on the command line, before they are checked.
struct Typed {
  std::string format = "text";
  std::vector<std::string> outputs;
  std::string fail_on = "error";
  std::string yaml_parser = "libyaml";
  std::string color = "auto";
  std::string progress = "auto";
  std::string hints = "once";
  std::string group_by;
  std::string help_uri_base;
  std::vector<std::string> base;  // --base, joined to --changed-since
};

po::options_description visible_options(CheckOptions& o, Typed& t) {
  const std::string formats = report_format_list();
  po::options_description visible("driftlint check options");
  visible.add_options()("help,h", "show this help")(
      "config", po::value<std::string>(&o.config_file), "configuration file (default: driftlint.yaml, driftlint.yml, .driftlint.yaml or .driftlint.yml in the working folder, else in the nearest folder above up to the git checkout's root; the command line wins key by key)")(
      "no-config", po::bool_switch(&o.no_config), "read no driftlint.yaml: built-in defaults and the command line only")(
      "repo", po::value<std::vector<std::string>>(&o.repo_specs), "NAME=SOURCE[@REV]: a repo to lint (repeatable)")(
      "snapshot", po::value<std::vector<std::string>>(&o.snapshots), "cluster snapshot file or folder (repeatable)")(
      "strict-drift", po::bool_switch(&o.strict_drift), "also report keys only the live object has (notices)")(
      "format", po::value<std::string>(&t.format), formats.c_str())(
      "output,o", po::value<std::vector<std::string>>(&t.outputs), "[FORMAT=]FILE: write a report to FILE ('-' is standard output); repeatable, one per format; without FORMAT= a .sarif, .json, .xml or .md name says it")(
      "sarif-repo", po::value<std::string>(&o.sarif_repo), "NAME: SARIF reports hold only repo NAME's findings (one SARIF upload per repository)")(
      "show-suppressed", po::bool_switch(&o.show_suppressed), "list suppressed findings too (text and JSON; SARIF always keeps them)")(
      "report-unused-ignores", po::bool_switch(&o.report_unused_ignores), "report suppressions that matched nothing (rule unused-suppression)")(
      "baseline", po::value<std::string>(&o.baseline), "report only findings that FILE (from --write-baseline) does not list")(
      "write-baseline", po::value<std::string>(&o.write_baseline), "record today's findings in FILE by fingerprint")(
      "fail-on", po::value<std::string>(&t.fail_on), "error, warning, notice or none (default error)")(
      "enable", po::value<std::vector<std::string>>(&o.enable), "turn a rule on (repeatable)")(
      "rules-dir", po::value<std::vector<std::string>>(&o.rules_dirs), "add the declarative rules (.yaml) of DIR (repeatable)")(
      "schema-dir", po::value<std::vector<std::string>>(&o.schema_dirs), "add the CRDs and JSON Schemas (x-kubernetes-group-version-kind) of DIR (repeatable)")(
      "kubernetes-version", po::value<std::string>(&o.kubernetes_version), kubernetes_version_help().c_str())(
      "disable", po::value<std::vector<std::string>>(&o.disable), "turn a rule off (repeatable)")(
      "changed-since", po::value<std::vector<std::string>>(&o.changed_since), "[REPO=]REV: pull-request mode: lint REV too (from git, never checked out) and report only the findings it does not have, wherever they are")(
      "base", po::value<std::vector<std::string>>(&t.base), "[REPO=]REV: the same as --changed-since")(
      "show-existing", po::bool_switch(&o.show_existing), "pull-request mode: list the findings the base has too, marked as already there")(
      "diff", po::bool_switch(&o.with_diff), "pull-request mode: end the Markdown report with the rendered diff of every app (as `driftlint diff`)")(
      "jobs,j", po::value<unsigned>(&o.jobs), "parse with N threads (default: all cores)")(
      "quiet,q", po::bool_switch(&o.quiet), "print findings only: no hints, no summary")(
      "color", po::value<std::string>(&t.color), "auto (default: on a terminal, unless NO_COLOR is set), always or never: colour in the text report")(
      "progress", po::value<std::string>(&t.progress), "auto (default: on a terminal; grouped on GitHub Actions), always or never: one line on stderr updated while a phase (walking, parsing, builds) runs over a second")(
      "hints", po::value<std::string>(&t.hints), "once (default: a rule's hint after its first finding) or each (after every finding): text report")(
      "group-by", po::value<std::string>(&t.group_by), "file or rule: the text report under a heading per file or per rule")(
      "coverage", po::bool_switch(&o.coverage), "list each Argo CD app's coverage: rendered, plain files, failed or not rendered, and why")(
      "fail-on-incomplete", po::bool_switch(&o.fail_on_incomplete), "exit 1 when an app's sources were not all rendered (a build failed, a chart or plugin not rendered): what it deploys was not checked")(
      "max-comment-size", po::value<size_t>(&o.max_comment_size), "markdown format: the most characters written (default 60000, within GitHub's 65,536 per comment; 0: no limit); findings past it are counted, not listed")(
      "max-annotations", po::value<size_t>(&o.max_annotations), "github format: annotations per severity (default 10, what GitHub shows per step); the rest are counted in one more and listed in $GITHUB_STEP_SUMMARY")(
      "help-uri-base", po::value<std::string>(&t.help_uri_base), "SARIF: each rule's helpUri is URL<rule>.md (default: the config's helpUriBase, else the rule pages of driftlint's repository; '' for none)")(
      "allow-empty", po::bool_switch(&o.allow_empty), "no file matched is no error (default: exit 2, as nothing was checked)")(
      "cache-dir", po::value<std::string>(&o.cache_dir), "where clones of git URLs and parsed files are kept (default $DRIFTLINT_CACHE_DIR, else $XDG_CACHE_HOME/driftlint or ~/.cache/driftlint)")(
      "no-cache", po::bool_switch(&o.no_cache), "parse and validate every file; neither read nor write the parse cache or the kept validations")(
      "offline", po::bool_switch(&o.offline), "use cached clones of git URLs as they are; never fetch")(
      "token-host", po::value<std::vector<std::string>>(&o.token_hosts), "HOST[:PORT]: DRIFTLINT_GIT_TOKEN, git's credential helpers, GIT_ASKPASS and ssh-agent may be used for this host too (repeatable; also DRIFTLINT_TOKEN_HOSTS); --repo URLs' hosts need no flag, hosts only a driftlint.yaml in a checkout names get nothing, and plain http:// never does")(
      "network-timeout", po::value<unsigned>(&o.network_timeout), "seconds a clone or fetch may wait to connect or for the server's next bytes (default 60)")(
      "allow-network", po::value<std::vector<std::string>>(&o.allow_network), "HOST[:PORT]: apps' `chart:` sources, charts' repository dependencies and kustomizations' remote bases may be fetched from this host (repeatable; also the config's allowNetwork); default: none, and never a link-local address")(
      "no-render", po::bool_switch(&o.no_render), "judge files as they are: render no kustomization or Helm chart")(
      "render-timeout", po::value<unsigned>(&o.render_timeout), "seconds one kustomize or helm run may take before it is killed (default 120)")(
      "render-budget", po::value<unsigned>(&o.render_budget), "seconds all kustomize and helm runs may take together; builds left when it is spent are not rendered (a note says which; default 900)")(
      "render-memory", po::value<uint64_t>(&o.render_memory_mib), "MiB of address space one kustomize or helm run may map; a build that needs more fails (default 2048)")(
      "max-file-size", po::value<uint64_t>(&o.max_file_size_mib), "largest file parsed, in MiB (default 64)")(
      "max-alias-expansion", po::value<uint64_t>(&o.max_alias_expansion), "nodes YAML aliases may add to one document (default 1000000)")(
      "max-nesting-depth", po::value<uint64_t>(&o.max_nesting_depth), "deepest nesting of maps and lists parsed (default 1000)")(
      "yaml-parser", po::value<std::string>(&t.yaml_parser), "libyaml (default) or yaml-cpp");
  add_appset_limit_options(visible, o);
  return visible;
}

// The formats a file name's extension fits ("x.json" is JSON, SARIF or Code
// Quality), the first the one it implies; empty: any.
std::vector<ReportFormat> formats_for_name(const std::string& file) {
  auto ends = [&](std::string_view ext) { return file.size() > ext.size() && file.ends_with(ext); };
  if (ends(".sarif")) return {ReportFormat::Sarif};
  if (ends(".json")) return {ReportFormat::Json, ReportFormat::Sarif, ReportFormat::Codequality};
  if (ends(".xml")) return {ReportFormat::Junit};
  if (ends(".md")) return {ReportFormat::Markdown};
  return {};
}

// "-o sarif=x.sarif" names its format; "-o x.sarif" has its name say it
// unless --format says another, which is refused rather than written under
// a name that lies; "-o x" takes --format's.
Expected<OutputSpec> output_spec(const std::string& value, ReportFormat format, bool format_given) {
  size_t eq = value.find('=');
  std::optional<ReportFormat> named = eq == std::string::npos ? std::nullopt : parse_report_format(value.substr(0, eq));
  if (named) return OutputSpec{*named, value.substr(eq + 1)};
  std::vector<ReportFormat> fits = formats_for_name(value);
  if (fits.empty() || std::find(fits.begin(), fits.end(), format) != fits.end()) {
    if (format_given || fits.empty()) return OutputSpec{format, value};
  } else if (format_given) {
    return Error{"check: --output " + value + ": the name says " + std::string(report_format_name(fits[0])) +
                 " but --format is " + std::string(report_format_name(format)) + " (write -o " +
                 std::string(report_format_name(format)) + "=" + value + " if that is meant)"};
  }
  return OutputSpec{fits[0], value};
}

Expected<std::vector<OutputSpec>> output_specs(const std::vector<std::string>& values, ReportFormat format,
                                               bool format_given) {
  std::vector<OutputSpec> out;
  for (const std::string& value : values) {
    Expected<OutputSpec> spec = output_spec(value, format, format_given);
    if (!spec) return spec.error();
    if (spec->file.empty()) return Error{"check: --output " + value + ": no file name"};
    out.push_back(std::move(*spec));
  }
  if (out.empty()) out.push_back({format, "-"});
  size_t to_stdout = 0;
  for (const OutputSpec& spec : out) to_stdout += spec.file == "-";
  if (to_stdout > 1) return Error{"check: only one --output can be standard output ('-')"};
  return out;
}

std::optional<CheckOptions::Color> parse_color(const std::string& value) {
  if (value == "auto") return CheckOptions::Color::Auto;
  if (value == "always") return CheckOptions::Color::Always;
  if (value == "never") return CheckOptions::Color::Never;
  return std::nullopt;
}

// --progress, --hints, --group-by and --help-uri-base.
Status check_report_style(const po::variables_map& vm, const Typed& t, CheckOptions& o) {
  using P = CheckOptions::Progress;
  if (t.progress == "auto" || t.progress == "always" || t.progress == "never") {
    o.progress = t.progress == "auto" ? P::Auto : t.progress == "always" ? P::Always : P::Never;
  } else {
    return Error{"check: --progress must be auto, always or never, not '" + t.progress + "'"};
  }
  if (t.hints != "once" && t.hints != "each") return Error{"check: --hints must be once or each, not '" + t.hints + "'"};
  o.every_hint = t.hints == "each";
  using G = TextReportOptions::GroupBy;
  if (!t.group_by.empty() && t.group_by != "file" && t.group_by != "rule") {
    return Error{"check: --group-by must be file or rule, not '" + t.group_by + "'"};
  }
  o.group_by = t.group_by.empty() ? G::None : t.group_by == "file" ? G::File : G::Rule;
  if (vm.count("help-uri-base")) o.help_uri_base = t.help_uri_base;
  return {};
}

// Checks the values and turns the typed ones into CheckOptions' own types.
Status check_values(const po::variables_map& vm, const Typed& t, CheckOptions& o) {
  std::optional<ReportFormat> format = parse_report_format(t.format);
  if (!format) return Error{"check: --format must be " + report_format_list() + ", not '" + t.format + "'"};
  if (t.fail_on != "none") {
    o.fail_on = parse_severity(t.fail_on);
    if (!o.fail_on) return Error{"check: --fail-on must be error, warning, notice or none, not '" + t.fail_on + "'"};
  } else {
    o.fail_on = std::nullopt;
  }
  if (o.no_config && !o.config_file.empty()) return Error{"check: --config and --no-config contradict each other"};
  if (vm.count("jobs") && o.jobs == 0) return Error{"check: -j must be at least 1"};
  if (o.max_file_size_mib == 0 || o.max_file_size_mib > (1ull << 20)) {
    return Error{"check: --max-file-size must be between 1 and 1048576 MiB"};
  }
  if (vm.count("network-timeout") && (o.network_timeout == 0 || o.network_timeout > kMaxNetworkTimeoutSeconds)) {
    return Error{"check: --network-timeout must be from 1 to " + std::to_string(kMaxNetworkTimeoutSeconds) + " seconds"};
  }
  if (Status s = check_render_limits(o, "check"); !s) return s;
  if (o.max_nesting_depth == 0 || o.max_nesting_depth > 100'000) {
    return Error{"check: --max-nesting-depth must be between 1 and 100000"};
  }
  if (Status s = check_appset_limits(o, "check"); !s) return s;
  o.changed_since.insert(o.changed_since.end(), t.base.begin(), t.base.end());
  if (o.show_existing && o.changed_since.empty()) return Error{"check: --show-existing needs --changed-since (or --base)"};
  if (o.with_diff && o.changed_since.empty()) return Error{"check: --diff needs --changed-since (or --base)"};
  if (!o.kubernetes_version.empty() && !KubernetesSchemas::of(o.kubernetes_version)) {
    return Error{"check: --kubernetes-version must be " + join(KubernetesSchemas::versions(), ", ") + ", not '" +
                 o.kubernetes_version + "'"};
  }
  std::optional<yaml::YamlEngine> engine = yaml::parse_yaml_engine(t.yaml_parser);
  if (!engine) return Error{"check: --yaml-parser must be libyaml or yaml-cpp, not '" + t.yaml_parser + "'"};
  o.yaml_engine = *engine;
  std::optional<CheckOptions::Color> color = parse_color(t.color);
  if (!color) return Error{"check: --color must be auto, always or never, not '" + t.color + "'"};
  o.color = *color;
  if (Status s = check_report_style(vm, t, o); !s) return s;
  if (std::count(o.paths.begin(), o.paths.end(), "-") > 1) return Error{"check: '-' (standard input) can be given once"};
  Expected<std::vector<OutputSpec>> outputs = output_specs(t.outputs, *format, vm.count("format") > 0);
  if (!outputs) return outputs.error();
  o.outputs = std::move(*outputs);
  return check_token_hosts(o, "check");
}

}  // namespace

Status check_token_hosts(CheckOptions& o, const std::string& command) {
  for (const std::string& host : o.allow_network) {
    if (!CredentialPolicy::valid_host(host)) {
      return Error{command + ": --allow-network must be a host name (charts.example.com, registry.example:5000), not '" +
                   host + "'"};
    }
  }
  for (const std::string& host : o.token_hosts) {
    if (!CredentialPolicy::valid_host(host)) {
      return Error{command + ": --token-host must be a host name (git.example.com, git.example.com:8443), not '" +
                   host + "'"};
    }
  }
  const char* env = std::getenv("DRIFTLINT_TOKEN_HOSTS");
  std::string_view list = env ? env : "";
  constexpr std::string_view kSeparators = ", \t\n";
  for (size_t start = list.find_first_not_of(kSeparators); start != std::string_view::npos;) {
    size_t end = std::min(list.find_first_of(kSeparators, start), list.size());
    std::string host(list.substr(start, end - start));
    if (!CredentialPolicy::valid_host(host)) {
      return Error{command + ": DRIFTLINT_TOKEN_HOSTS must list host names (git.example.com, git.example.com:8443), not '" +
                   host + "'"};
    }
    o.token_hosts.push_back(std::move(host));
    start = list.find_first_not_of(kSeparators, end);
  }
  return {};
}

Status check_render_limits(CheckOptions& o, const std::string& command) {
  if (o.render_timeout == 0 || o.render_timeout > 3600) {
    return Error{command + ": --render-timeout must be from 1 to 3600 seconds"};
  }
  if (o.render_budget == 0 || o.render_budget > 86'400) {
    return Error{command + ": --render-budget must be from 1 to 86400 seconds"};
  }
  // Go (helm, kubectl, kustomize) reserves about 600 MiB of address space as it starts.
  if (o.render_memory_mib < 1024 || o.render_memory_mib > (1u << 20)) {
    return Error{command + ": --render-memory must be from 1024 to 1048576 MiB"};
  }
  o.render_budget_clock = std::make_shared<RenderBudget>(std::chrono::seconds(o.render_budget));
  return {};
}

void add_appset_limit_options(po::options_description& options, CheckOptions& o) {
  options.add_options()(
      "max-appset-apps", po::value<uint64_t>(&o.max_appset_apps), "most Applications one ApplicationSet may generate (default 10000)")(
      "max-rendered-size", po::value<uint64_t>(&o.max_rendered_size_mib), "MiB the ApplicationSet templates of a run may render in all (default 256)")(
      "max-template-steps", po::value<uint64_t>(&o.max_template_steps), "steps the ApplicationSet templates of a run may take in all (default 50000000)");
}

Status check_appset_limits(const CheckOptions& o, const std::string& command) {
  if (o.max_appset_apps == 0 || o.max_appset_apps > 10'000'000) {
    return Error{command + ": --max-appset-apps must be between 1 and 10000000"};
  }
  if (o.max_rendered_size_mib == 0 || o.max_rendered_size_mib > (1ull << 20)) {
    return Error{command + ": --max-rendered-size must be between 1 and 1048576 MiB"};
  }
  if (o.max_template_steps == 0 || o.max_template_steps > 1'000'000'000'000) {
    return Error{command + ": --max-template-steps must be between 1 and 1000000000000"};
  }
  return {};
}

Expected<CheckCommandLine> parse_check_command_line(const std::vector<std::string>& args) {
  CheckCommandLine line;
  Typed typed;
  po::options_description visible = visible_options(line.options, typed);
  Expected<po::variables_map> parsed = parse_options_and_paths(args, visible, line.options.paths, "check");
  if (!parsed) return parsed.error();
  const po::variables_map& vm = *parsed;
  if (vm.count("help")) {
    std::ostringstream help;
    help << usage() << "\n" << visible;
    line.help = help.str();
    return line;
  }
  if (Status s = check_values(vm, typed, line.options); !s) return s.error();
  return line;
}

CommandHelp check_help() {
  static CheckOptions options;
  static Typed typed;
  return {usage(), visible_options(options, typed)};
}

}  // namespace driftlint::cli
