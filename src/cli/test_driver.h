// For tests: runs the built driftlint binary and captures what it printed.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace driftlint {

struct Outcome {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs DRIFTLINT_BINARY with `args` in `cwd`; stdout and stderr go through
// files in `scratch`.
inline Outcome run_driftlint(const std::vector<std::string>& args, const std::filesystem::path& cwd,
                             const std::filesystem::path& scratch) {
  std::filesystem::path out = scratch / ".stdout", err = scratch / ".stderr";
  pid_t pid = fork();
  if (pid == 0) {
    if (chdir(cwd.c_str()) != 0) _exit(127);
    if (!freopen(out.c_str(), "w", stdout) || !freopen(err.c_str(), "w", stderr)) _exit(127);
    std::string binary = DRIFTLINT_BINARY;
    std::vector<std::string> copy = args;
    std::vector<char*> argv{binary.data()};
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Outcome r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

}  // namespace driftlint
