#include <functional>
#include <future>
#include <iostream>

#include "base/parallel.h"
#include "cli/check_pipeline.h"
#include "cli/kept_validations.h"
#include "cli/commands.h"
#include "cli/progress_line.h"

namespace driftlint::cli {

namespace {

void print_notes(const std::vector<std::string>& notes) {
  for (const std::string& note : notes) std::cerr << "driftlint: note: " << note << "\n";
}

// One line of what was rendered and judged; with --coverage, a line per app.
void print_coverage(const CheckOptions& o, const Coverage& c) {
  if (c.apps.empty() && c.builds_rendered + c.builds_failed + c.builds_not_rendered == 0) return;
  std::string line = coverage_line(c);
  size_t incomplete = c.incomplete_apps();
  if (incomplete && !o.coverage) line += " (--coverage lists the " + std::to_string(incomplete) + " incomplete)";
  print_notes({line});
  if (!o.coverage) return;
  for (const Coverage::App& app : c.apps) {
    std::string detail = "coverage: app '" + app.name + "': " + app_state_name(app.state);
    print_notes({app.why.empty() ? detail : detail + ": " + app.why});
  }
  for (const Coverage::AppSet& s : c.application_sets) print_notes({"coverage: " + app_set_line(s)});
}

// What the run met on the way, in the order it met it; errors even with --quiet.
void print_diagnostics(const CheckOptions& o, const CheckSetup& setup, const CheckInputs& inputs,
                       const CheckModel& model, const CheckFindings& findings) {
  if (!o.quiet) print_notes(inputs.repo_notes);
  if (!o.quiet) print_notes(findings.changed_notes);
  for (const std::string& e : setup.errors) print_error(e);
  for (const std::string& e : inputs.errors) print_error(e);
  for (const std::string& e : findings.errors) print_error(e);
  if (o.quiet) return;
  print_notes(inputs.notes);
  print_notes(model.notes);
  print_coverage(o, model.coverage);
  print_notes(findings.notes);
  for (const auto& [repo, skipped] : inputs.load.skipped) {
    if (template_rendered(&model.coverage, repo, skipped)) continue;
    std::cerr << "driftlint: note: skipped " << inputs.load.repo_name(repo) << "/" << skipped.path << ": "
              << skipped.reason << "\n";
  }
}

bool fails(const LintOutput& lint, std::optional<Severity> fail_on) {
  if (!fail_on) return false;
  for (const Finding& f : lint.findings) {
    if (!f.suppressed && !f.existing && f.severity >= *fail_on) return true;
  }
  return false;
}

// The one place a check's outcome becomes its exit code.
int exit_code(const CheckOptions& o, const CheckSetup& setup, const CheckInputs& inputs, const CheckModel& model,
              const CheckFindings& findings) {
  if (!setup.errors.empty() || !inputs.errors.empty() || !findings.errors.empty()) return kExitUsage;
  if (fails(findings.lint, o.fail_on)) return kExitFindings;
  // A pull request can turn the gate on, never off: the base's config keeps it.
  bool by_config = setup.config.fail_on_incomplete || (setup.base_config && setup.base_config->fail_on_incomplete);
  if (size_t incomplete = model.coverage.incomplete_apps(); (o.fail_on_incomplete || by_config) && incomplete) {
    std::cerr << "driftlint: " << incomplete << (incomplete == 1 ? " app was" : " apps were")
              << " not completely rendered, so what it deploys was not all checked: exit 1 ("
              << (o.fail_on_incomplete ? "--fail-on-incomplete" : "failOnIncomplete in " + setup.config.file) << ")\n";
    return kExitFindings;
  }
  return kExitClean;
}

int usage_error(const Error& error) {
  print_error(error.message);
  return kExitUsage;
}

}  // namespace

int run_check(const std::vector<std::string>& args) {
  Expected<CheckCommandLine> line = parse_check_command_line(args);
  if (!line) return usage_error(line.error());
  if (line->help) {
    std::cout << *line->help;
    return kExitClean;
  }
  ProgressLine progress(ProgressLine::mode_for(line->options.progress, line->options.quiet), std::cerr);
  line->options.progress_meter = progress.counters();
  const CheckOptions& o = line->options;
  Expected<CheckSetup> setup = set_up_check(o);
  if (!setup) return usage_error(setup.error());
  allow_config_network(line->options, *setup);
  if (!o.quiet) print_notes(setup->notes);
  // Read while the repos are listed (on one thread) and loaded, unless on one thread.
  std::future<std::unique_ptr<ValidationMemo>> kept =
      run_beside(o.threads(), [&o] { return open_validations(o); });
  CheckInputs inputs = read_inputs(o, *setup);
  unsigned jobs = inputs.load_options.jobs;
  std::future<RuleInputs> rule_inputs = prepare_rule_inputs(o, *setup, inputs.load);
  // A pull-request run whose base must be read models the head on a thread
  // of its own meanwhile. Not the other way round: the main thread's heap is
  // in huge pages, a new thread's in small ones, and the base's load there
  // faulted twice as often and saved nothing.
  BaseRun base = find_base(o, *setup, inputs);
  std::future<CheckModel> modelled =
      run_beside(base.to_load ? jobs : 1, [&] { return build_model(o, inputs.load, inputs); });
  load_base(inputs, base);
  CheckModel model = modelled.get();
  std::unique_ptr<ValidationMemo> validations = kept.get();
  judge_base(o, *setup, inputs, validations.get(), base);
  CheckFindings findings =
      find_findings(o, *setup, inputs.load, inputs.cluster(), model, rule_inputs.get(), jobs, validations.get(),
                    base.twins.get(), &base);
  keep_validations(o, validations.get());
  compare_to_base(o, inputs, model, base, findings);
  progress.stop();
  print_diagnostics(o, *setup, inputs, model, findings);
  Expected<std::string> written = write_reports(o, *setup, inputs, model, findings);
  if (!written) return usage_error(written.error());
  if (!o.quiet && !written->empty()) std::cerr << "driftlint: " << *written << "\n";
  if (!o.quiet) for (const std::string& line : findings.confirmations) std::cerr << "driftlint: " << line << "\n";
  std::vector<std::string> cache_notes = inputs.load.wait_for_cache();
  if (!o.quiet) print_notes(cache_notes);
  int code = exit_code(o, *setup, inputs, model, findings);
  inputs.load.leave_to_exit();
  if (base.load) base.load->leave_to_exit();
  return code;
}

}  // namespace driftlint::cli
