// Runs the enabled rules over a load and applies the configuration:
// severities, ignores, ordering.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/expected.h"
#include "config/config.h"
#include "lint/base_comparison.h"
#include "lint/finding.h"
#include "lint/rule.h"
#include "lint/suppressions.h"
#include "load/policy_tests.h"

namespace driftlint {

struct RuleSelection {
  std::vector<std::string> enable;   // from --enable
  std::vector<std::string> disable;  // from --disable
};

struct ActiveRule {
  std::unique_ptr<Rule> rule;
  std::optional<Severity> severity;  // configured override
};

// Validates every rule id named in the config or on the command line and
// builds the enabled rules with their options, from `catalog` (every rule
// this run knows: rules/registry.h's rule_registry() or rule_catalog()).
Expected<std::vector<ActiveRule>> instantiate_rules(const Config& config, const RuleSelection& selection,
                                                    const std::vector<RuleEntry>& catalog);

struct LintOutput {
  std::vector<Finding> findings;  // sorted; suppressed ones flagged, not removed
  size_t suppressed = 0;
  // A pull-request run: what the base revision had (findings already there
  // are flagged `existing`, and left out unless --show-existing).
  std::optional<BaseComparison> base;
  // The in-source suppressions counted by key (SuppressionIndex::in_source_by_key):
  // what config-weakened compares a pull request's head with, when this run is its base.
  std::map<std::string, size_t> in_source_suppressions;
};

// What the rules need of a load besides its objects: the suppressions its
// files and the config declare, and the policy tests' fixtures. Neither
// needs the model, so a run makes them beside it, on another thread (a scan
// of every tree's text: 4 ms at 20,000 files, while the model is built on one).
struct RuleInputs {
  RuleInputs(const LoadResult& load, const Config& config) : suppressions(load, config), tests(policy_tests(load)) {}
  SuppressionIndex suppressions;
  ChainsawFiles tests;
};

// Runs the rules, applies suppressions (comments, annotations, config
// ignores), then runs the rules that report on suppressions. `inputs` are
// the load's and config's of `context`.
LintOutput run_rules(const std::vector<ActiveRule>& rules, const LintContext& context,
                     const std::vector<RuleEntry>& catalog, RuleInputs inputs);
inline LintOutput run_rules(const std::vector<ActiveRule>& rules, const LintContext& context,
                            const std::vector<RuleEntry>& catalog) {
  return run_rules(rules, context, catalog, RuleInputs(context.load, context.config));
}

}  // namespace driftlint
