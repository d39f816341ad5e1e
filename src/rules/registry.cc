#include "rules/registry.h"

#include <algorithm>

#include "rules/declarative.h"
#include "rules/schema_missing.h"
#include "rules/schema_violation.h"
#include "rules/suppression_unknown_rule.h"
#include "rules/suppression_without_reason.h"
#include "rules/unused_suppression.h"
#include "rules/deprecated_api.h"
#include "rules/flavor_matches_no_node.h"
#include "rules/gpu_limit_mismatch.h"
#include "rules/gpu_quota_exceeds_capacity.h"
#include "rules/missing_semaphore_key.h"
#include "rules/preemption_disabled.h"
#include "rules/semaphore_merge_overwrite.h"
#include "rules/semaphore_not_gpu_ceiling.h"

#include "rules/app_source_missing.h"
#include "rules/duplicate_key.h"
#include "rules/duplicate_resource.h"
#include "rules/interactive_sleep.h"
#include "rules/live_drift.h"
#include "rules/live_missing.h"
#include "rules/namespace_gpu_quota.h"
#include "rules/not_deployed.h"
#include "rules/self_heal_revert.h"
#include "rules/stale_checkout.h"
#include "rules/wrong_owner_repo.h"
#include "rules/yaml_syntax.h"

namespace driftlint {

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
  // One line per rule (sorted by id below).
  std::vector<RuleEntry> rules = {
      {&AppSourceMissingRule::static_info, &AppSourceMissingRule::create},
      {&SchemaMissingRule::static_info, &SchemaMissingRule::create},
      {&SchemaViolationRule::static_info, &SchemaViolationRule::create},
      {&SuppressionUnknownRuleRule::static_info, &SuppressionUnknownRuleRule::create},
      {&SuppressionWithoutReasonRule::static_info, &SuppressionWithoutReasonRule::create},
      {&UnusedSuppressionRule::static_info, &UnusedSuppressionRule::create},
      {&DeprecatedApiRule::static_info, &DeprecatedApiRule::create},
      {&FlavorMatchesNoNodeRule::static_info, &FlavorMatchesNoNodeRule::create},
      {&GpuLimitMismatchRule::static_info, &GpuLimitMismatchRule::create},
      {&GpuQuotaExceedsCapacityRule::static_info, &GpuQuotaExceedsCapacityRule::create},
      {&MissingSemaphoreKeyRule::static_info, &MissingSemaphoreKeyRule::create},
      {&PreemptionDisabledRule::static_info, &PreemptionDisabledRule::create},
      {&SemaphoreMergeOverwriteRule::static_info, &SemaphoreMergeOverwriteRule::create},
      {&SemaphoreNotGpuCeilingRule::static_info, &SemaphoreNotGpuCeilingRule::create},
      {&DuplicateKeyRule::static_info, &DuplicateKeyRule::create},
      {&DuplicateResourceRule::static_info, &DuplicateResourceRule::create},
      {&InteractiveSleepRule::static_info, &InteractiveSleepRule::create},
      {&LiveDriftRule::static_info, &LiveDriftRule::create},
      {&LiveMissingRule::static_info, &LiveMissingRule::create},
      {&NamespaceGpuQuotaRule::static_info, &NamespaceGpuQuotaRule::create},
      {&NotDeployedRule::static_info, &NotDeployedRule::create},
      {&SelfHealRevertRule::static_info, &SelfHealRevertRule::create},
      {&StaleCheckoutRule::static_info, &StaleCheckoutRule::create},
      {&WrongOwnerRepoRule::static_info, &WrongOwnerRepoRule::create},
      {&YamlSyntaxRule::static_info, &YamlSyntaxRule::create},
  };
  for (const auto& spec : builtin_declarative_rules()) rules.push_back(declarative_entry(spec));
  sort_by_id(rules);
  return rules;
  }();
  return kRules;
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
