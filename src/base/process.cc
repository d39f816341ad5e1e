#include "base/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pthread.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
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

void close_both(int* p) {
  close(p[0]);
  close(p[1]);
}

// stdin, stdout, stderr and the exec-failure pipe, all close-on-exec.
struct ChildPipes {
  int in[2], out[2], err[2], exec[2];
  std::array<int*, 4> all() { return {in, out, err, exec}; }
};

bool open_pipes(ChildPipes& pipes) {
  std::array<int*, 4> p = pipes.all();
  for (size_t made = 0; made < p.size(); ++made) {
    if (pipe2(p[made], O_CLOEXEC) != 0) {
      for (size_t i = 0; i < made; ++i) close_both(p[i]);
      return false;
    }
  }
  return true;
}

// The child's environment, built before fork: setenv() in the child
// allocates, and with other threads running (git status, the cache writer) an
// allocator lock may be held at the moment of fork, so the child would wait
// forever (seen under AddressSanitizer: the child spun at 100 % CPU).
std::vector<std::string> child_environment(const ProcessOptions& options) {
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
  return environment;
}

// A null-terminated array of pointers into `strings`, for exec.
std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// In the forked child: only async-signal-safe calls from here on.
[[noreturn]] void exec_child(const ChildPipes& pipes, char* const* args, char* const* envp) {
  dup2(pipes.in[0], STDIN_FILENO);
  dup2(pipes.out[1], STDOUT_FILENO);
  dup2(pipes.err[1], STDERR_FILENO);
  setsid();  // no controlling terminal: nothing can prompt on /dev/tty
  execvpe(args[0], args, envp);
  char failed = 1;  // tells the parent exec failed (the pipe closes on success)
  (void)!write(pipes.exec[1], &failed, 1);
  _exit(127);
}

// Reads the child's stdout and stderr until both close or the deadline passes.
void read_output(int out_fd, int err_fd, const ProcessOptions& options, ProcessResult& result) {
  auto deadline = std::chrono::steady_clock::now() + options.timeout;
  char buffer[16384];
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      result.timed_out = true;
      return;
    }
    pollfd p[2] = {{out_open ? out_fd : -1, POLLIN, 0}, {err_open ? err_fd : -1, POLLIN, 0}};
    int ready = poll(p, 2, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return;
    if (ready == 0) {
      result.timed_out = true;
      return;
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
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  ProcessResult result;
  if (argv.empty()) return result;
  ChildPipes pipes;
  if (!open_pipes(pipes)) return result;
  // Built before fork: the child may only call async-signal-safe functions.
  std::vector<std::string> arguments = argv;
  std::vector<std::string> environment = child_environment(options);
  std::vector<char*> args = c_strings(arguments);
  std::vector<char*> envp = c_strings(environment);
  pid_t pid = fork();
  if (pid < 0) {
    for (int* p : pipes.all()) close_both(p);
    return result;
  }
  if (pid == 0) exec_child(pipes, args.data(), envp.data());
  close(pipes.in[0]);
  close(pipes.out[1]);
  close(pipes.err[1]);
  close(pipes.exec[1]);
  char exec_failed = 0;
  ssize_t got;
  while ((got = read(pipes.exec[0], &exec_failed, 1)) < 0 && errno == EINTR) {
  }
  close(pipes.exec[0]);
  result.started = got <= 0;
  if (result.started && !options.input.empty()) write_all_ignoring_sigpipe(pipes.in[1], options.input);
  close(pipes.in[1]);
  read_output(pipes.out[0], pipes.err[0], options, result);
  close(pipes.out[0]);
  close(pipes.err[0]);
  if (result.timed_out) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

bool program_available(const std::string& program) { return !program_path(program).empty(); }

std::string program_path(const std::string& program) {
  auto absolute = [](const std::string& path) {
    std::error_code error;
    std::filesystem::path p = std::filesystem::absolute(path, error);
    return error ? std::string() : p.lexically_normal().string();
  };
  if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0 ? absolute(program) : "";
  const char* path = std::getenv("PATH");
  if (!path || program.empty()) return {};
  std::string dirs(path);
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    if (dir.empty()) dir = ".";
    std::string candidate = dir + "/" + program;
    if (access(candidate.c_str(), X_OK) == 0) return absolute(candidate);
    start = end + 1;
  }
  return {};
}

}  // namespace driftlint
