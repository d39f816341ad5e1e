#include <iostream>

#include "cli/commands.h"
#include "report/rule_docs.h"
#include "rules/registry.h"

namespace driftlint::cli {

int run_explain(const std::vector<std::string>& args) {
  if (args.size() != 1 || args[0].rfind("-", 0) == 0) {
    print_error("usage: driftlint explain RULE");
    return kExitUsage;
  }
  const RuleEntry* entry = find_rule(args[0]);
  if (!entry) {
    print_error("unknown rule '" + args[0] + "' (driftlint rules lists them)");
    return kExitUsage;
  }
  std::cout << rule_explanation(entry->info());
  return kExitClean;
}

}  // namespace driftlint::cli
