// Runs a program and collects what it prints, with a time limit and an output
// bound, never through a shell and never with a terminal it could prompt on.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace driftlint {

struct ProcessOptions {
  std::string input;  // written to its standard input
  std::chrono::milliseconds timeout{30'000};
  size_t max_output = 1u << 20;  // bytes kept of stdout (and of stderr); more is cut
  std::vector<std::pair<std::string, std::string>> environment;  // added to ours
};

struct ProcessResult {
  bool started = false;    // false: the program could not be run (not installed)
  bool timed_out = false;  // killed at the time limit
  int exit_code = -1;      // -1 when it did not exit normally
  bool truncated = false;  // stdout was longer than max_output
  std::string out;
  std::string err;
  bool ok() const { return started && !timed_out && exit_code == 0; }
};

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options = {});

// Whether `program` can be found on PATH (or is an executable path).
bool program_available(const std::string& program);

// The absolute path `program` runs from (found on PATH unless it holds a
// '/'), or "" when it is not there: for a tool that starts it in another
// environment (kustomize's --helm-command).
std::string program_path(const std::string& program);

}  // namespace driftlint
