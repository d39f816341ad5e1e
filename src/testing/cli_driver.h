// For tests: runs the built driftlint binary as a user would and captures
// what it printed.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "testing/workspace.h"

namespace driftlint {

// How a run ended and what it printed.
struct Outcome {
  int exit_code = -1;  // 128 + the signal when killed by one
  std::string out;
  std::string err;
};

// Runs DRIFTLINT_BINARY with `args` in `cwd`; stdout and stderr go through
// files in `scratch` (a folder of the caller's: runs at once need their own).
Outcome run_driftlint(const std::vector<std::string>& args, const std::filesystem::path& cwd,
                      const std::filesystem::path& scratch);

// The same with another copy of driftlint (an install at another path).
Outcome run_driftlint_at(const std::string& binary, const std::vector<std::string>& args,
                         const std::filesystem::path& cwd, const std::filesystem::path& scratch);

// The same, run in the workspace's folder and captured there.
inline Outcome run_driftlint(const std::vector<std::string>& args, const Workspace& workspace) {
  return run_driftlint(args, workspace.path(), workspace.path());
}

}  // namespace driftlint
