// driftlint: lint GitOps repos of Kubernetes manifests and their drift from
// the live cluster. main only dispatches; each subcommand has its own file.
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "base/heap.h"
#include "cli/command_catalog.h"
#include "cli/commands.h"

int main(int argc, char** argv) {
  using namespace driftlint::cli;
  driftlint::tune_heap();  // base/heap.h: kept memory, huge pages
  if (argc < 2) {
    std::cerr << main_usage();
    return kExitUsage;
  }
  std::string command = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  return run_guarded([&]() -> int {
    if (command == "check") return run_check(args);
    if (command == "diff") return run_diff(args);
    if (command == "plan") return run_plan(args);
    if (command == "snapshot") return run_snapshot(args);
    if (command == "rules") return run_rules(args);
    if (command == "explain") return run_explain(args);
    if (command == "version" || command == "--version") return run_version(args);
    if (command == "completion") return run_completion(args);
    if (command == "man") return run_man(args);
    if (command == "help" || command == "--help" || command == "-h") {
      std::cout << main_usage();
      return kExitClean;
    }
    print_error("unknown command '" + command + "' (expected check, diff, plan, snapshot, rules, explain, completion, man or version)");
    std::cerr << main_usage();
    return static_cast<int>(kExitUsage);
  });
}
