// driftlint: lint GitOps repos of Kubernetes manifests and their drift from
// the live cluster. main only dispatches; each subcommand has its own file.
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace {

constexpr const char* kUsage =
    "usage: driftlint <command> [options]\n"
    "\n"
    "commands:\n"
    "  check [PATH...]   lint manifests (see driftlint check --help)\n"
    "  snapshot          write a cluster snapshot with kubectl (read-only)\n"
    "  rules             list the rules or write their documentation\n"
    "  explain RULE      explain one rule\n"
    "  version           print the version\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace driftlint::cli;
  if (argc < 2) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  std::string command = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  try {
    if (command == "check") return run_check(args);
    if (command == "snapshot") return run_snapshot(args);
    if (command == "rules") return run_rules(args);
    if (command == "explain") return run_explain(args);
    if (command == "version" || command == "--version") return run_version(args);
    if (command == "help" || command == "--help" || command == "-h") {
      std::cout << kUsage;
      return kExitClean;
    }
    print_error("unknown command '" + command + "' (expected check, snapshot, rules, explain or version)");
    std::cerr << kUsage;
    return kExitUsage;
  } catch (const std::exception& e) {
    print_error(std::string("internal error: ") + e.what());
    return kExitUsage;
  }
}
