// The list of all rules. Only registry.cc includes the rules' headers.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "lint/rule.h"

namespace driftlint {

struct RuleEntry {
  const RuleInfo& (*info)();
  Expected<std::unique_ptr<Rule>> (*create)(const RuleOptionsInput& input);
};

// Every rule, sorted by id.
const std::vector<RuleEntry>& rule_registry();
const RuleEntry* find_rule(std::string_view id);

}  // namespace driftlint
