// driftlint: lint GitOps repos of Kubernetes manifests and their drift from
// the live cluster. main only dispatches; each subcommand has its own file.
#include <malloc.h>

#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "base/huge_pages.h"
#include "cli/command_catalog.h"
#include "cli/commands.h"

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
  driftlint::prefer_huge_pages_for_heap();
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
