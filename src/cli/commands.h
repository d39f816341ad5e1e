// Subcommands. Only cli/ decides exit codes and prints to the terminal.
#pragma once

#include <string>
#include <vector>

namespace driftlint::cli {

enum ExitCode : int { kExitClean = 0, kExitFindings = 1, kExitUsage = 2 };

// args excludes the program and subcommand names.
int run_check(const std::vector<std::string>& args);
int run_snapshot(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_explain(const std::vector<std::string>& args);
int run_version(const std::vector<std::string>& args);

// Prints "driftlint: error: <message>" on stderr.
void print_error(const std::string& message);

}  // namespace driftlint::cli
