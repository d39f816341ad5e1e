#include "rules/registry.h"

#include <algorithm>

#include "rules/declarative.h"

namespace driftlint {

// Every C++ rule: one line each, sorted (RegistryTest checks it). X(name)
// is the rule in src/rules/name.cc, which defines `RuleEntry name_rule()`.
#define DRIFTLINT_CPP_RULES(X) \
  X(app_source_missing) \
  X(app_wave_ungated) \
  X(config_weakened) \
  X(crd_in_other_app) \
  X(deprecated_api) \
  X(duplicate_app) \
  X(duplicate_key) \
  X(duplicate_resource) \
  X(flavor_matches_no_node) \
  X(gpu_limit_mismatch) \
  X(gpu_quota_exceeds_capacity) \
  X(gpu_runtime_class) \
  X(image_not_latest) \
  X(interactive_sleep) \
  X(live_drift) \
  X(live_missing) \
  X(missing_semaphore_key) \
  X(namespace_gpu_quota) \
  X(namespace_owner) \
  X(not_deployed) \
  X(preemption_disabled) \
  X(render_failed) \
  X(schema_missing) \
  X(schema_violation) \
  X(self_heal_revert) \
  X(semaphore_merge_overwrite) \
  X(semaphore_not_gpu_ceiling) \
  X(shared_resource) \
  X(stale_checkout) \
  X(suppression_unknown_rule) \
  X(suppression_without_reason) \
  X(unused_suppression) \
  X(wrong_owner_repo) \
  X(yaml_syntax)

#define DRIFTLINT_DECLARE_RULE(name) RuleEntry name##_rule();
DRIFTLINT_CPP_RULES(DRIFTLINT_DECLARE_RULE)
#undef DRIFTLINT_DECLARE_RULE

namespace {

RuleEntry declarative_entry(std::shared_ptr<const DeclarativeSpec> spec) {
  return RuleEntry{[spec]() -> const RuleInfo& { return spec->info; },
                   [spec](const RuleOptionsInput& input) -> Expected<std::unique_ptr<Rule>> {
                     if (Status s = check_rule_option_keys(input, spec->info); !s) return s.error();
                     return std::unique_ptr<Rule>(new DeclarativeRule(spec));
                   }};
}

void sort_by_id(std::vector<RuleEntry>& rules) {
  std::sort(rules.begin(), rules.end(), [](const RuleEntry& a, const RuleEntry& b) { return a.info().id < b.info().id; });
}

}  // namespace

const std::vector<RuleEntry>& rule_registry() {
  static const std::vector<RuleEntry> kRules = [] {
#define DRIFTLINT_RULE_ENTRY(name) name##_rule(),
    std::vector<RuleEntry> rules = {DRIFTLINT_CPP_RULES(DRIFTLINT_RULE_ENTRY)};
#undef DRIFTLINT_RULE_ENTRY
    for (const auto& spec : builtin_declarative_rules()) rules.push_back(declarative_entry(spec));
    sort_by_id(rules);  // the declarative rules among the C++ ones
    return rules;
  }();
  return kRules;
}

std::vector<std::string> cpp_rule_files() {
#define DRIFTLINT_RULE_FILE(name) #name ".cc",
  return {DRIFTLINT_CPP_RULES(DRIFTLINT_RULE_FILE)};
#undef DRIFTLINT_RULE_FILE
}

Expected<std::vector<RuleEntry>> rule_catalog(const std::vector<std::shared_ptr<const DeclarativeSpec>>& user_rules) {
  std::vector<RuleEntry> rules = rule_registry();
  for (const auto& spec : user_rules) {
    for (const RuleEntry& e : rules) {
      if (e.info().id == spec->info.id) {
        return Error{spec->file + ": rule id '" + spec->info.id + "' is already used by " +
                     (find_rule(spec->info.id) ? "a built-in rule" : "another rule file")};
      }
    }
    rules.push_back(declarative_entry(spec));
  }
  sort_by_id(rules);
  return rules;
}

const RuleEntry* find_rule(std::string_view id) {
  for (const RuleEntry& entry : rule_registry()) {
    if (entry.info().id == id) return &entry;
  }
  return nullptr;
}

}  // namespace driftlint
