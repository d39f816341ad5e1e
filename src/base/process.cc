#include "base/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pthread.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string_view>

namespace driftlint {

namespace {

void write_all_ignoring_sigpipe(int fd, const std::string& input) {
  // A child that exits without reading must not kill us with SIGPIPE:
  // block it for this write and drop one that is pending, thread-locally.
  sigset_t pipe_only, previous;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
  for (size_t done = 0; done < input.size();) {
    ssize_t n = write(fd, input.data() + done, input.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  // Linux raises SIGPIPE even for a partial write: drop it if pending.
  sigset_t pending;
  sigpending(&pending);
  if (sigismember(&pending, SIGPIPE)) {
    timespec zero{0, 0};
    sigtimedwait(&pipe_only, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  ProcessResult result;
  if (argv.empty()) return result;
  int in_pipe[2], out_pipe[2], err_pipe[2], exec_pipe[2];
  int* pipes[] = {in_pipe, out_pipe, err_pipe, exec_pipe};
  int made = 0;
  for (; made < 4; ++made) {
    if (pipe2(pipes[made], O_CLOEXEC) != 0) break;
  }
  if (made < 4) {
    for (int i = 0; i < made; ++i) {
      close(pipes[i][0]);
      close(pipes[i][1]);
    }
    return result;
  }
  // Built before fork: the child may only call async-signal-safe functions.
  std::vector<std::string> copy = argv;
  std::vector<char*> args;
  for (std::string& a : copy) args.push_back(a.data());
  args.push_back(nullptr);
  // The child's environment too: setenv() in the child allocates, and with
  // other threads running (git status, the cache writer) an allocator lock
  // may be held at the moment of fork, so the child would wait forever
  // (seen under AddressSanitizer: the child spun at 100 % CPU).
  std::map<std::string, std::string> overrides{{"GIT_TERMINAL_PROMPT", "0"}};
  for (const auto& [name, value] : options.environment) overrides[name] = value;
  std::vector<std::string> environment;
  for (char** e = environ; e && *e; ++e) {
    std::string_view entry(*e);
    if (!overrides.count(std::string(entry.substr(0, entry.find('='))))) environment.emplace_back(entry);
  }
  for (const auto& [name, value] : overrides) {
    std::string entry = name;
    entry += '=';
    entry += value;
    environment.push_back(std::move(entry));
  }
  std::vector<char*> envp;
  for (std::string& e : environment) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    for (int* p : pipes) {
      close(p[0]);
      close(p[1]);
    }
    return result;
  }
  if (pid == 0) {
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    setsid();  // no controlling terminal: nothing can prompt on /dev/tty
    execvpe(args[0], args.data(), envp.data());
    char failed = 1;  // tells the parent exec failed (exec_pipe closes on success)
    (void)!write(exec_pipe[1], &failed, 1);
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  close(exec_pipe[1]);
  char exec_failed = 0;
  ssize_t got;
  while ((got = read(exec_pipe[0], &exec_failed, 1)) < 0 && errno == EINTR) {
  }
  close(exec_pipe[0]);
  result.started = got <= 0;
  if (result.started && !options.input.empty()) write_all_ignoring_sigpipe(in_pipe[1], options.input);
  close(in_pipe[1]);

  auto deadline = std::chrono::steady_clock::now() + options.timeout;
  char buffer[16384];
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      result.timed_out = true;
      break;
    }
    pollfd p[2] = {{out_open ? out_pipe[0] : -1, POLLIN, 0}, {err_open ? err_pipe[0] : -1, POLLIN, 0}};
    int ready = poll(p, 2, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) break;
    if (ready == 0) {
      result.timed_out = true;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (!p[i].revents) continue;
      ssize_t n = read(p[i].fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      bool& open = i == 0 ? out_open : err_open;
      if (n <= 0) {
        open = false;
        continue;
      }
      std::string& target = i == 0 ? result.out : result.err;
      size_t room = options.max_output > target.size() ? options.max_output - target.size() : 0;
      if (static_cast<size_t>(n) > room && i == 0) result.truncated = true;
      target.append(buffer, std::min(room, static_cast<size_t>(n)));
    }
  }
  close(out_pipe[0]);
  close(err_pipe[0]);
  if (result.timed_out) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

bool program_available(const std::string& program) {
  if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string dirs(path);
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    if (dir.empty()) dir = ".";
    if (access((dir + "/" + program).c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace driftlint
