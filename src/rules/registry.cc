#include "rules/registry.h"

#include "rules/duplicate_key.h"
#include "rules/duplicate_resource.h"
#include "rules/interactive_sleep.h"
#include "rules/namespace_gpu_quota.h"
#include "rules/yaml_syntax.h"

namespace driftlint {

const std::vector<RuleEntry>& rule_registry() {
  // One line per rule, alphabetical by id.
  static const std::vector<RuleEntry> kRules = {
      {&DuplicateKeyRule::static_info, &DuplicateKeyRule::create},
      {&DuplicateResourceRule::static_info, &DuplicateResourceRule::create},
      {&InteractiveSleepRule::static_info, &InteractiveSleepRule::create},
      {&NamespaceGpuQuotaRule::static_info, &NamespaceGpuQuotaRule::create},
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
