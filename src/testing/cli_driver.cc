#include "testing/cli_driver.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

namespace driftlint {

namespace {

// In the forked child: stdout and stderr to the files, then driftlint; 127 when that fails.
[[noreturn]] void exec_driftlint(std::string binary, const std::vector<std::string>& args,
                                 const std::filesystem::path& cwd, const std::filesystem::path& out,
                                 const std::filesystem::path& err) {
  if (chdir(cwd.c_str()) != 0) _exit(127);
  if (!freopen(out.c_str(), "w", stdout) || !freopen(err.c_str(), "w", stderr)) _exit(127);
  std::vector<std::string> copy = args;
  std::vector<char*> argv{binary.data()};
  for (std::string& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  execv(binary.c_str(), argv.data());
  _exit(127);
}

}  // namespace

Outcome run_driftlint(const std::vector<std::string>& args, const std::filesystem::path& cwd,
                      const std::filesystem::path& scratch) {
  return run_driftlint_at(DRIFTLINT_BINARY, args, cwd, scratch);
}

Outcome run_driftlint_at(const std::string& binary, const std::vector<std::string>& args,
                         const std::filesystem::path& cwd, const std::filesystem::path& scratch) {
  std::filesystem::path out = scratch / ".stdout", err = scratch / ".stderr";
  pid_t pid = fork();
  if (pid == 0) exec_driftlint(binary, args, cwd, out, err);
  int status = 0;
  waitpid(pid, &status, 0);
  Outcome r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_whole_file(out);
  r.err = read_whole_file(err);
  return r;
}

}  // namespace driftlint
