// `driftlint plan`: what an Argo CD sync would do (plan/plan.h), against the
// cluster snapshot (--snapshot, or the config's) and against a base
// revision (--base), printed as text, Markdown or JSON.
#include <boost/program_options.hpp>

#include <algorithm>
#include <iostream>
#include <sstream>

#include "base/files.h"
#include "base/strings.h"
#include "cli/check_pipeline.h"
#include "cli/command_help.h"
#include "cli/commands.h"
#include "cli/subcommand_parser.h"
#include "load/base_revision.h"
#include "report/plan_report.h"

namespace driftlint::cli {

namespace {

namespace po = boost::program_options;

struct PlanOptions {
  CheckOptions check;  // where the repos come from, the snapshot, limits, cache, rendering
  std::vector<std::string> base, head;
  std::string format = "text";
  std::string output = "-";
  size_t max_comment = 60'000;
  bool fail_on_delete = false, fail_on_replace = false, fail_on_error = false;
};

constexpr const char* kUsage =
    "usage: driftlint plan [PATH...] [--config FILE|--no-config] [--repo NAME=SOURCE]... [--snapshot FILE]...\n"
    "                      [--base [REPO=]REV]... [--head [REPO=]REV]... [--format text|markdown|json] [-o FILE]\n"
    "                      [--max-comment-size N] [--fail-on-delete] [--fail-on-replace] [--fail-on-error]\n"
    "                      [-j N] [--cache-dir DIR] [--no-cache] [--no-render] [--render-timeout SECONDS]\n"
    "                      [--allow-network HOST]...\n";

po::options_description describe_options(PlanOptions& o) {
  po::options_description visible("driftlint plan options");
  visible.add_options()("help,h", "show this help")(
      "config", po::value<std::string>(&o.check.config_file), "configuration file (default: the nearest driftlint.yaml, as check)")(
      "no-config", po::bool_switch(&o.check.no_config), "read no driftlint.yaml")(
      "repo", po::value<std::vector<std::string>>(&o.check.repo_specs), "NAME=SOURCE[@REV]: a repo (repeatable)")(
      "snapshot", po::value<std::vector<std::string>>(&o.check.snapshots), "cluster snapshot: plan what live would become")(
      "base", po::value<std::vector<std::string>>(&o.base), "[REPO=]REV: plan what the change from this revision alters")(
      "head", po::value<std::vector<std::string>>(&o.head), "[REPO=]REV: plan this revision instead of the work tree")(
      "format", po::value<std::string>(&o.format), "text, markdown (one pull-request comment) or json")(
      "output,o", po::value<std::string>(&o.output), "write to FILE ('-' is standard output)")(
      "max-comment-size", po::value<size_t>(&o.max_comment), "markdown: the most characters written (default 60000)")(
      "fail-on-delete", po::bool_switch(&o.fail_on_delete), "exit 1 when the plan deletes an object (a prune, a cascade)")(
      "fail-on-replace", po::bool_switch(&o.fail_on_replace), "exit 1 when the plan deletes and recreates an object")(
      "fail-on-error", po::bool_switch(&o.fail_on_error), "exit 1 on an error: a sync that fails, a cascade delete, a shared object")(
      "jobs,j", po::value<unsigned>(&o.check.jobs), "threads")(
      "cache-dir", po::value<std::string>(&o.check.cache_dir), "the cache folder")(
      "allow-network", po::value<std::vector<std::string>>(&o.check.allow_network), "HOST[:PORT]: charts may be fetched from this host (as check)")(
      "no-cache", po::bool_switch(&o.check.no_cache), "neither read nor write the cache")(
      "no-render", po::bool_switch(&o.check.no_render), "render no kustomization or chart (such apps are not planned)")(
      "render-timeout", po::value<unsigned>(&o.check.render_timeout), "seconds one render may take (default 120)");
  return visible;
}

Expected<std::optional<PlanOptions>> parse(const std::vector<std::string>& args) {
  PlanOptions o;
  po::options_description visible = describe_options(o);
  Expected<po::variables_map> parsed = parse_options_and_paths(args, visible, o.check.paths, "plan");
  if (!parsed) return parsed.error();
  if (parsed->count("help")) {
    std::ostringstream help;
    help << kUsage << "\n" << visible;
    std::cout << help.str();
    return std::optional<PlanOptions>();
  }
  if (o.format != "text" && o.format != "markdown" && o.format != "json") {
    return Error{"plan: --format must be text, markdown or json, not '" + o.format + "'"};
  }
  if (o.check.render_timeout == 0 || o.check.render_timeout > 3600) {
    return Error{"plan: --render-timeout must be from 1 to 3600 seconds"};
  }
  o.check.outputs = {{ReportFormat::Text, "-"}};
  o.check.quiet = true;
  return std::optional<PlanOptions>(std::move(o));
}

int exit_status(const PlanOptions& o, const Plan& plan) {
  PlanTotals all = plan.live_totals;
  all.add(plan.change_totals);
  bool errors = std::any_of(plan.issues.begin(), plan.issues.end(), [](const PlanIssue& i) { return i.severity == Severity::Error; });
  if ((o.fail_on_delete && all.remove) || (o.fail_on_replace && all.replace) || (o.fail_on_error && errors)) return kExitFindings;
  return kExitClean;
}

int write(const PlanOptions& o, const Plan& plan) {
  std::string text = o.format == "markdown" ? plan_markdown(plan, o.max_comment) : o.format == "json" ? plan_json(plan) : plan_text(plan);
  if (o.output == "-") {
    std::cout << text << std::flush;
  } else if (!write_file_atomically(o.output, text)) {
    print_error("plan: --output " + o.output + ": cannot write");
    return kExitUsage;
  }
  return exit_status(o, plan);
}

int plan_with(const PlanOptions& o, CheckInputs& inputs) {
  std::vector<std::string> notes;
  Expected<std::unique_ptr<RevisionSide>> base =
      o.base.empty() ? Expected<std::unique_ptr<RevisionSide>>(nullptr) : side_at(o.check, inputs, o.base, "--base", notes);
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
  for (const std::string& e : inputs.errors) print_error(e);
  for (const std::string& n : notes) std::cerr << "driftlint: note: " << n << "\n";
  PlanInput input{head_model.argo, head_load};
  if (*base) {
    input.base = &(*base)->model.argo;
    input.base_load = &(*base)->load;
    input.base_label = join(o.base, ", ");
  }
  input.snapshot = inputs.cluster();
  int status = write(o, build_plan(input));
  inputs.load.wait_for_cache();
  return inputs.errors.empty() ? status : kExitUsage;
}

}  // namespace

int run_plan(const std::vector<std::string>& args) {
  Expected<std::optional<PlanOptions>> parsed = parse(args);
  if (!parsed) {
    print_error(parsed.error().message);
    return kExitUsage;
  }
  if (!*parsed) return kExitClean;
  PlanOptions& o = **parsed;
  Expected<CheckSetup> setup = set_up_check(o.check);
  if (!setup) {
    print_error(setup.error().message);
    return kExitUsage;
  }
  allow_config_network(o.check, *setup);
  CheckInputs inputs = read_inputs(o.check, *setup, !o.base.empty() || !o.head.empty());
  if (!inputs.cluster() && o.base.empty()) {
    print_error("plan: nothing to compare with: give --snapshot FILE (or `snapshot:` in driftlint.yaml) to plan what live "
                "would become, or --base REV to plan what a change alters");
    return kExitUsage;
  }
  return plan_with(o, inputs);
}

CommandHelp plan_help() {
  static PlanOptions options;
  return {kUsage, describe_options(options)};
}

}  // namespace driftlint::cli
