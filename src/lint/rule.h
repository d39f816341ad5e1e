// The rule interface. A rule is one class in one file under src/rules/ (a
// RuleBase), listed by one line in src/rules/registry.cc; its RuleInfo is the
// source of its documentation page under rules/.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "base/expected.h"
#include "config/config.h"
#include "lint/finding.h"
#include "model/gpu_resources.h"
#include "load/loader.h"
#include "load/policy_tests.h"
#include "render/render_set.h"
#include "yaml/tree.h"

namespace driftlint {

struct ArgoModel;
struct Snapshot;
class SuppressionIndex;
class SchemaRegistry;
class ValidationMemo;
class TwinValidations;

struct RuleOption {
  std::string name;
  std::string type;           // e.g. "list of RE2 patterns"
  std::string default_value;  // as YAML
  std::string description;
};

struct RuleInfo {
  std::string id;  // kebab-case
  Severity default_severity = Severity::Error;
  bool enabled_by_default = true;
  std::string summary;    // one sentence: opens the doc page
  std::string rationale;  // why it matters
  std::string hint;       // what to do about it
  std::string example;    // a YAML snippet that fires
  std::vector<RuleOption> options;
  // Runs after suppressions are applied (it reports on how they were used).
  bool after_suppressions = false;
  // Reports on the suppressions themselves, so they do not apply to its findings.
  bool unsuppressible = false;
  // Can only fire with a cluster snapshot (--snapshot).
  bool needs_snapshot = false;
  // Reads every manifest deeply (schema validation): started first when rules
  // run in parallel, so the others fill the remaining threads.
  bool expensive = false;
  // Judges only objects outside policy tests: the engine hands the rule no
  // object of a Kyverno CLI or Chainsaw test's fixtures (wrong or outdated on
  // purpose, never deployed), and the rule's page says so.
  bool skips_policy_test_inputs = false;
  // How often a finding is right (SARIF's and GitHub code scanning's
  // properties.precision: very-high, high, medium or low).
  std::string precision = "high";
};

// The rule's "why", with what the engine does for it (policy tests).
std::string rule_rationale(const RuleInfo& info);

struct RuleEntry;

// A pull-request run's base, for the rules that judge the change itself
// (config-weakened): the head is linted with `config`, which in this mode
// holds the base's rules and ignore entries.
struct PullRequestBase {
  const Config* base_config = nullptr;  // driftlint.yaml at the base revision
  const Config* head_config = nullptr;  // as the change has it
  // The base's in-source suppressions, counted (lint/suppressions.h).
  const std::map<std::string, size_t>* base_suppressions = nullptr;
};

// Everything a rule may read. Built once per run.
struct LintContext {
  const LoadResult& load;
  const Config& config;
  const GpuResourceMatcher& gpu;
  const Snapshot* snapshot = nullptr;  // the cluster, when --snapshot was given
  const ArgoModel* argo = nullptr;     // Argo CD's view of the repos and the cluster
  const SchemaRegistry* schemas = nullptr;          // bundled, --schema-dir and CRD schemas; rules build one when absent
  ValidationMemo* validations = nullptr;  // schema validations kept from earlier runs and revisions (validation_memo.h)
  TwinValidations* twins = nullptr;  // a pull-request run's: the base's validations of the head's objects (twin_validations.h)
  const SuppressionIndex* suppressions = nullptr;  // set by the engine
  const std::set<std::string>* rule_ids = nullptr;     // every known rule id, set by the engine
  const std::vector<RuleEntry>* catalog = nullptr;      // every known rule, set by the engine
  const PullRequestBase* pull_request = nullptr;  // a pull-request run's head: its base
  const std::set<std::string>* active_rules = nullptr;  // the rules of this run, set by the engine
  const ChainsawFiles* policy_tests = nullptr;  // what policy tests do with their files, set by the engine
  unsigned jobs = 1;  // threads the engine may run rules on
  const RenderSet* renders = nullptr;  // every kustomize and Helm build of the run
  // The objects rules judge: what is applied. Rules that read files (syntax,
  // duplicate keys, which files an app deploys) read `load` instead. A view:
  // the engine hands each rule a context of its own, and 20,000 pointers
  // copied into each came to half a megabyte at the rules' peak.
  std::span<const Manifest* const> objects;

  // An object from a policy test's inputs (load/policy_tests.h): wrong on
  // purpose and never deployed, so rules that judge how workloads run skip it.
  bool is_policy_test_input(const Manifest& m) const { return policy_tests->fixtures.count(m.file) > 0; }
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual const RuleInfo& info() const = 0;
  virtual void check(const LintContext& context, std::vector<Finding>& out) const = 0;

  // A finding located at `at` inside a manifest, with the rule's id, severity and hint.
  Finding finding_at(const LintContext& context, const Manifest& manifest, yaml::Node at,
                     std::string message) const;
  // A finding tied to a repo (and, when known, a path in it) but to no line.
  Finding finding_in_repo(const LintContext& context, uint32_t repo, std::optional<std::string> path,
                          std::string message) const;
  // A finding located in a file but tied to no object.
  Finding finding_in_file(const LintContext& context, const LoadedFile& file, yaml::Position at,
                          std::string message) const;
};

// The options of one rule from the configuration (an invalid node when none),
// with where they came from for error messages.
struct RuleOptionsInput {
  yaml::Node options;
  std::string config_file;
};

// Reports "file:line:col: unknown option 'x' for rule 'y'" for keys not listed.
Status check_rule_option_keys(const RuleOptionsInput& input, const RuleInfo& info);

// What every C++ rule shares: `info()` from the rule's `static_info()`, and a
// `create` for rules without options (a rule with options declares its own).
template <class Derived>
class RuleBase : public Rule {
 public:
  static Expected<std::unique_ptr<Rule>> create(const RuleOptionsInput& input) {
    if (Status s = check_rule_option_keys(input, Derived::static_info()); !s) return s.error();
    return std::unique_ptr<Rule>(new Derived());
  }
  const RuleInfo& info() const override { return Derived::static_info(); }
};

// A rule as the engine knows it: its documentation and how to build it.
struct RuleEntry {
  std::function<const RuleInfo&()> info;
  std::function<Expected<std::unique_ptr<Rule>>(const RuleOptionsInput& input)> create;
};

template <class R>
RuleEntry rule_entry() {
  return RuleEntry{&R::static_info, &R::create};
}

}  // namespace driftlint
