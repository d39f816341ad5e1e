// The list of all rules. Only registry.cc includes the rules' headers.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "lint/rule.h"

namespace driftlint {

struct RuleEntry {
  std::function<const RuleInfo&()> info;
  std::function<Expected<std::unique_ptr<Rule>>(const RuleOptionsInput& input)> create;
};

// Every rule driftlint ships (the C++ rules and the declarative ones compiled
// in from rules/*.rule.yaml), sorted by id.
const std::vector<RuleEntry>& rule_registry();
const RuleEntry* find_rule(std::string_view id);

struct DeclarativeSpec;
// The registry plus user rules (--rules-dir); an id used twice is an error.
Expected<std::vector<RuleEntry>> rule_catalog(const std::vector<std::shared_ptr<const DeclarativeSpec>>& user_rules);

}  // namespace driftlint
