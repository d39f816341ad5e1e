// driftlint: lint GitOps repos of Kubernetes manifests and their drift from
// the live cluster. main only dispatches; each subcommand has its own file.
#include <malloc.h>

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
    "  diff [PATH...]    what a change does to every Argo CD app, rendered (see driftlint diff --help)\n"
    "  plan [PATH...]    what an Argo CD sync would do: creates, updates, prunes, replaces (see driftlint plan --help)\n"
    "  snapshot          write a cluster snapshot with kubectl (read-only)\n"
    "  rules             list the rules or write their documentation\n"
    "  explain RULE      explain one rule\n"
    "  version           print the version (also: driftlint --version)\n"
    "\n"
    "driftlint --help and driftlint <command> --help print help; driftlint --version the version.\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace driftlint::cli;
#ifdef __GLIBC__
  // A run allocates and frees a lot of short-lived memory (file contents,
  // parser buffers) beside trees that live to the end. By default glibc hands
  // freed memory back to the kernel, and the next allocation faults it in
  // again, page by page, with the threads contending for the address space:
  // on the 2-core benchmark machine keeping it cut -j2 runs by 14 %
  // (docs/performance.md). Peak memory does not grow.
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // the most glibc allows on 64-bit
#endif
  if (argc < 2) {
    std::cerr << kUsage;
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
    if (command == "help" || command == "--help" || command == "-h") {
      std::cout << kUsage;
      return kExitClean;
    }
    print_error("unknown command '" + command + "' (expected check, diff, plan, snapshot, rules, explain or version)");
    std::cerr << kUsage;
    return static_cast<int>(kExitUsage);
  });
}
