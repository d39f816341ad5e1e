// The list of all rules: the C++ rules (one line each in registry.cc) and the
// declarative ones compiled in from rules/*.rule.yaml.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lint/rule.h"

namespace driftlint {

// Every rule driftlint ships (the C++ rules and the declarative ones compiled
// in from rules/*.rule.yaml), sorted by id.
const std::vector<RuleEntry>& rule_registry();
const RuleEntry* find_rule(std::string_view id);
// The source file of each C++ rule (src/rules/<name>.cc), in registry order.
std::vector<std::string> cpp_rule_files();

struct DeclarativeSpec;
// The registry plus user rules (--rules-dir); an id used twice is an error.
Expected<std::vector<RuleEntry>> rule_catalog(const std::vector<std::shared_ptr<const DeclarativeSpec>>& user_rules);

}  // namespace driftlint
