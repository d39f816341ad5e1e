// Subcommands. Only cli/ decides exit codes and prints to the terminal.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace driftlint::cli {

// 2 is the user's to fix (usage, configuration, input); 3 is driftlint's
// own failure (a bug, or memory exhausted outside parsing), worth a report.
enum ExitCode : int { kExitClean = 0, kExitFindings = 1, kExitUsage = 2, kExitInternal = 3 };

// Runs `command`, turning anything it throws into a one-line internal error
// and exit 3.
int run_guarded(const std::function<int()>& command);

// args excludes the program and subcommand names.
int run_check(const std::vector<std::string>& args);
int run_diff(const std::vector<std::string>& args);
int run_plan(const std::vector<std::string>& args);
int run_snapshot(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_explain(const std::vector<std::string>& args);
int run_version(const std::vector<std::string>& args);
int run_completion(const std::vector<std::string>& args);
int run_man(const std::vector<std::string>& args);

// Prints "driftlint: error: <message>" on stderr.
void print_error(const std::string& message);

}  // namespace driftlint::cli
