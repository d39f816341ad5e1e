// Pull-request mode's base (--changed-since), and the other revisions of
// `diff` and `plan`: each repo read at a revision from its object database,
// unchanged files' parses taken from the work tree's load.
#include <algorithm>
#include <iterator>
#include <optional>

#include "base/parallel.h"
#include "base/strings.h"
#include "cli/base_findings_cache.h"
#include "cli/check_pipeline.h"
#include "lint/base_comparison.h"
#include "load/base_revision.h"
#include "load/reused_parses.h"
#include "report/diff_report.h"
#include "report/plan_report.h"

namespace driftlint::cli {

namespace {

// The head's repos at `revisions`, [REPO=]REV values of `option`.
Expected<BaseRepos> repos_at(const CheckInputs& head, const std::vector<std::string>& revisions,
                             const std::string& option) {
  std::vector<ChangedSince> specs;
  for (const std::string& v : revisions) specs.push_back(parse_changed_since(v));
  return repos_at_base(head.load.repos, specs, option);
}

// `repos` read, each file whose content the head's load parsed taking that parse.
LoadResult load_reusing(const CheckInputs& head, std::vector<RepoInput> repos, Progress* progress) {
  ParsedByContent head_files = parsed_by_content(head.load);
  LoadOptions options = head.load_options;
  options.reuse = &head_files;
  options.progress = progress;
  return load_repos(std::move(repos), options);
}

}  // namespace

BaseRun find_base(const CheckOptions& o, const CheckSetup& setup, const CheckInputs& head) {
  BaseRun run;
  if (o.changed_since.empty()) return run;
  Expected<BaseRepos> repos = repos_at(head, o.changed_since, "--changed-since");
  if (!repos) {
    run.errors.push_back(repos.error().message);
    return run;
  }
  run.notes = std::move(repos->notes);
  // A kept base (base_findings_cache.h) is neither loaded, nor modelled, nor linted.
  std::string cache_dir = cache_folder(o);
  std::optional<std::string> key =
      base_findings_key(o, {&setup.config, setup.base_config.get(), setup.head_config.get()}, repos->repos);
  if (std::optional<KeptBase> kept = key ? read_base_findings(cache_dir, *key) : std::nullopt) {
    run.findings = std::make_unique<CheckFindings>();
    run.findings->lint.findings = std::move(kept->findings);
    run.suppressions = std::move(kept->suppressions);
    run.findings_from_cache = true;
    return run;
  }
  run.to_load = std::move(repos->repos);
  run.findings_key = std::move(key);
  return run;
}

void load_base(const CheckInputs& head, BaseRun& run) {
  if (!run.to_load) return;
  // No progress of its own: it takes most parses ready-made, and with two
  // threads the line shown is the head's model's, built meanwhile.
  run.load = std::make_unique<LoadResult>(load_reusing(head, std::move(*run.to_load), nullptr));
  run.to_load.reset();
}

void judge_base(const CheckOptions& o, const CheckSetup& setup, const CheckInputs& head, ValidationMemo* validations,
                BaseRun& run) {
  if (!run.load) return;  // none, unreadable, or its findings kept
  std::future<RuleInputs> rule_inputs = prepare_rule_inputs(o, setup, *run.load);
  // Paired while the base is modelled (which leaves a core idle a third of its time).
  std::future<std::unique_ptr<TwinValidations>> twins = run_beside(
      head.load_options.jobs, [&run, &head] { return std::make_unique<TwinValidations>(*run.load, head.load); });
  run.model = build_model(o, *run.load, head);
  run.twins = twins.get();
  run.findings = std::make_unique<CheckFindings>(find_findings(o, setup, *run.load, head.cluster(), run.model, rule_inputs.get(),
                                                               head.load_options.jobs, validations, run.twins.get()));
  run.suppressions = std::move(run.findings->lint.in_source_suppressions);
  if (run.findings_key && worth_caching(run.load->errors, run.findings->errors, run.findings->lint.findings)) {
    write_base_findings(cache_folder(o), *run.findings_key, KeptBase{run.findings->lint.findings, run.suppressions});
  }
}

Expected<std::unique_ptr<RevisionSide>> side_at(const CheckOptions& o, const CheckInputs& inputs,
                                                const std::vector<std::string>& revisions, const std::string& option,
                                                std::vector<std::string>& notes) {
  Expected<BaseRepos> repos = repos_at(inputs, revisions, option);
  if (!repos) return repos.error();
  for (std::string& n : repos->notes) notes.push_back(std::move(n));
  auto side = std::make_unique<RevisionSide>();
  side->load = load_reusing(inputs, std::move(repos->repos), inputs.load_options.progress);
  side->model = build_model(o, side->load, inputs);
  return side;
}

void compare_to_base(const CheckOptions& o, const CheckInputs& head, const CheckModel& head_model, BaseRun& base,
                     CheckFindings& findings) {
  if (o.changed_since.empty()) return;
  findings.errors.insert(findings.errors.end(), std::make_move_iterator(base.errors.begin()),
                         std::make_move_iterator(base.errors.end()));
  findings.changed_notes = std::move(base.notes);
  if (!base.findings) return;
  if (o.with_diff && base.load) {
    findings.rendered_diff = diff_markdown(diff_apps(base.model.argo, *base.load, head_model.argo, head.load)) + "\n" +
                             plan_summary_markdown(build_plan({head_model.argo, head.load, &base.model.argo, base.load.get(),
                                                               join(o.changed_since, ", "), head.cluster()}));
  }
  findings.lint.base = compare_with_base(findings.lint.findings, base.findings->lint.findings);
  keep_new_findings(findings.lint.findings, o.show_existing);
  findings.lint.suppressed = static_cast<size_t>(std::count_if(
      findings.lint.findings.begin(), findings.lint.findings.end(), [](const Finding& f) { return f.suppressed; }));
}

}  // namespace driftlint::cli
