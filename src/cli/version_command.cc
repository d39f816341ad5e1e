#include <iostream>

#include "cli/commands.h"

namespace driftlint::cli {

int run_version(const std::vector<std::string>& args) {
  if (!args.empty()) {
    print_error("version takes no arguments");
    return kExitUsage;
  }
  std::cout << "driftlint " << DRIFTLINT_VERSION << "\n";
  return kExitClean;
}

}  // namespace driftlint::cli
