// `driftlint completion SHELL` and `driftlint man`: what the package installs
// (CMake runs them after the build), generated from the command catalog.
#include <iostream>

#include "cli/command_catalog.h"
#include "cli/commands.h"

namespace driftlint::cli {

int run_completion(const std::vector<std::string>& args) {
  std::string shell = args.size() == 1 ? args[0] : "";
  if (shell == "bash") std::cout << bash_completion();
  else if (shell == "zsh") std::cout << zsh_completion();
  else if (shell == "fish") std::cout << fish_completion();
  else {
    print_error("usage: driftlint completion bash|zsh|fish");
    return kExitUsage;
  }
  return kExitClean;
}

int run_man(const std::vector<std::string>& args) {
  if (args.empty() || args == std::vector<std::string>{"--format", "roff"}) {
    std::cout << man_page();
  } else if (args == std::vector<std::string>{"--format", "markdown"}) {
    std::cout << options_markdown();
  } else {
    print_error("usage: driftlint man [--format roff|markdown]");
    return kExitUsage;
  }
  return kExitClean;
}

}  // namespace driftlint::cli
