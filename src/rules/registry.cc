#include "rules/registry.h"

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

const std::vector<RuleEntry>& rule_registry() {
  // One line per rule, alphabetical by id.
  static const std::vector<RuleEntry> kRules = {
      {&AppSourceMissingRule::static_info, &AppSourceMissingRule::create},
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
  return kRules;
}

const RuleEntry* find_rule(std::string_view id) {
  for (const RuleEntry& entry : rule_registry()) {
    if (entry.info().id == id) return &entry;
  }
  return nullptr;
}

}  // namespace driftlint
