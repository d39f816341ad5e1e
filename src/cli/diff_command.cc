// `driftlint diff`: what a change does to every Argo CD app, rendered at the
// base and at the head and compared (argocd/app_diff). The head is the work
// tree (or --head REV); the base, --base REV (default HEAD) read from each
// repo's object database.
#include <boost/program_options.hpp>

#include <iostream>
#include <sstream>

#include "base/files.h"
#include "cli/check_pipeline.h"
#include "cli/command_help.h"
#include "cli/commands.h"
#include "cli/subcommand_parser.h"
#include "load/base_revision.h"
#include "report/diff_report.h"

namespace driftlint::cli {

namespace {

namespace po = boost::program_options;

struct DiffOptions {
  CheckOptions check;  // where the repos come from, limits, cache, rendering
  std::vector<std::string> base = {"HEAD"}, head;
  std::string format = "text";
  std::string output = "-";
  size_t max_comment = 60'000;
};

constexpr const char* kUsage =
    "usage: driftlint diff [PATH...] [--config FILE|--no-config] [--repo NAME=SOURCE]... [--base [REPO=]REV]...\n"
    "                      [--head [REPO=]REV]... [--format text|markdown|json] [-o FILE]\n"
    "                      [--max-comment-size N] [--snapshot FILE]... [-j N] [--cache-dir DIR] [--no-cache]\n"
    "                      [--token-host HOST]... [--allow-network HOST]...\n"
    "                      [--no-render] [--render-timeout SECONDS] [--render-budget SECONDS]\n"
    "                      [--render-memory MIB] [--max-appset-apps N] [--max-rendered-size MIB] [--max-template-steps N]\n";

po::options_description visible_options(DiffOptions& o, std::vector<std::string>& base) {
  po::options_description visible("driftlint diff options");
  visible.add_options()("help,h", "show this help")(
      "config", po::value<std::string>(&o.check.config_file), "configuration file (default: the nearest driftlint.yaml, as check)")(
      "no-config", po::bool_switch(&o.check.no_config), "read no driftlint.yaml")(
      "repo", po::value<std::vector<std::string>>(&o.check.repo_specs), "NAME=SOURCE[@REV]: a repo (repeatable)")(
      "base", po::value<std::vector<std::string>>(&base), "[REPO=]REV: the revision compared against (default HEAD)")(
      "head", po::value<std::vector<std::string>>(&o.head), "[REPO=]REV: compare this revision instead of the work tree")(
      "format", po::value<std::string>(&o.format), "text, markdown (one pull-request comment) or json")(
      "output,o", po::value<std::string>(&o.output), "write to FILE ('-' is standard output)")(
      "max-comment-size", po::value<size_t>(&o.max_comment), "markdown: the most characters written (default 60000)")(
      "snapshot", po::value<std::vector<std::string>>(&o.check.snapshots), "cluster snapshot (namespaces and kinds)")(
      "jobs,j", po::value<unsigned>(&o.check.jobs), "threads")(
      "cache-dir", po::value<std::string>(&o.check.cache_dir), "the cache folder")(
      "allow-network", po::value<std::vector<std::string>>(&o.check.allow_network), "HOST[:PORT]: charts may be fetched from this host (as check)")(
      "token-host", po::value<std::vector<std::string>>(&o.check.token_hosts), "HOST[:PORT]: git credentials may go to this host too (as check)")(
      "no-cache", po::bool_switch(&o.check.no_cache), "neither read nor write the cache")(
      "no-render", po::bool_switch(&o.check.no_render), "render no kustomization or chart")(
      "render-timeout", po::value<unsigned>(&o.check.render_timeout), "seconds one render may take (default 120)")(
      "render-budget", po::value<unsigned>(&o.check.render_budget), "seconds all renders of both sides may take together (default 900)")(
      "render-memory", po::value<uint64_t>(&o.check.render_memory_mib), "MiB of address space one render may map (default 2048)");
  add_appset_limit_options(visible, o.check);
  return visible;
}

Expected<std::optional<DiffOptions>> parse(const std::vector<std::string>& args) {
  DiffOptions o;
  std::vector<std::string> base;
  po::options_description visible = visible_options(o, base);
  Expected<po::variables_map> parsed = parse_options_and_paths(args, visible, o.check.paths, "diff");
  if (!parsed) return parsed.error();
  const po::variables_map& vm = *parsed;
  if (vm.count("help")) {
    std::ostringstream help;
    help << kUsage << "\n" << visible;
    std::cout << help.str();
    return std::optional<DiffOptions>();
  }
  if (!base.empty()) o.base = base;
  if (o.format != "text" && o.format != "markdown" && o.format != "json") {
    return Error{"diff: --format must be text, markdown or json, not '" + o.format + "'"};
  }
  if (Status s = check_render_limits(o.check, "diff"); !s) return s.error();
  if (Status s = check_appset_limits(o.check, "diff"); !s) return s.error();
  if (Status s = check_token_hosts(o.check, "diff"); !s) return s.error();
  o.check.outputs = {{ReportFormat::Text, "-"}};
  o.check.quiet = true;
  return std::optional<DiffOptions>(std::move(o));
}

int write(const DiffOptions& o, const RenderedDiff& diff) {
  std::string text = o.format == "markdown" ? diff_markdown(diff, o.max_comment)
                     : o.format == "json"   ? diff_json(diff)
                                            : diff_text(diff);
  if (o.output == "-") {
    std::cout << text << std::flush;
  } else if (!write_file_atomically(o.output, text)) {
    print_error("diff: --output " + o.output + ": cannot write");
    return kExitUsage;
  }
  return kExitClean;
}

}  // namespace

int run_diff(const std::vector<std::string>& args) {
  Expected<std::optional<DiffOptions>> parsed = parse(args);
  if (!parsed) {
    print_error(parsed.error().message);
    return kExitUsage;
  }
  if (!*parsed) return kExitClean;
  DiffOptions& o = **parsed;
  Expected<CheckSetup> setup = set_up_check(o.check);
  if (!setup) {
    print_error(setup.error().message);
    return kExitUsage;
  }
  allow_config_network(o.check, *setup);
  CheckInputs inputs = read_inputs(o.check, *setup, true);
  std::vector<std::string> notes;
  Expected<std::unique_ptr<RevisionSide>> base = side_at(o.check, inputs, o.base, "--base", notes);
  Expected<std::unique_ptr<RevisionSide>> head =
      o.head.empty() ? Expected<std::unique_ptr<RevisionSide>>(nullptr) : side_at(o.check, inputs, o.head, "--head", notes);
  if (!base || !head) {
    print_error((!base ? base.error() : head.error()).message);
    return kExitUsage;
  }
  CheckModel work_tree;
  if (o.head.empty()) work_tree = build_model(o.check, inputs.load, inputs);
  const LoadResult& head_load = o.head.empty() ? inputs.load : (*head)->load;
  const CheckModel& head_model = o.head.empty() ? work_tree : (*head)->model;
  for (const std::string& e : setup->errors) print_error(e);
  for (const std::string& e : inputs.errors) print_error(e);
  for (const std::string& n : notes) std::cerr << "driftlint: note: " << n << "\n";
  int status = write(o, diff_apps((*base)->model.argo, (*base)->load, head_model.argo, head_load));
  inputs.load.wait_for_cache();
  inputs.load.leave_to_exit();
  (*base)->load.leave_to_exit();
  if (*head) (*head)->load.leave_to_exit();
  return inputs.errors.empty() && setup->errors.empty() ? status : kExitUsage;
}

CommandHelp diff_help() {
  static DiffOptions options;
  static std::vector<std::string> base;
  return {kUsage, visible_options(options, base)};
}

}  // namespace driftlint::cli
