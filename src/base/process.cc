#include "base/process.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
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
  for (char** e = options.inherit_environment ? environ : nullptr; e && *e; ++e) {
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

// What a child needs to enter namespaces of its own, worked out before fork.
// As root, new network, PID and IPC namespaces; otherwise (or when root may
// not, in a container without CAP_SYS_ADMIN) inside a new user namespace,
// which maps our own uid and gid so files read as they do for us.
struct Isolation {
  bool wanted = false;
  bool as_root = false;
  std::string uid_map, gid_map;
};

Isolation isolation_for(bool wanted) {
  Isolation i;
  i.wanted = wanted;
  i.as_root = geteuid() == 0;
  i.uid_map = std::to_string(geteuid()) + " " + std::to_string(geteuid()) + " 1\n";
  i.gid_map = std::to_string(getegid()) + " " + std::to_string(getegid()) + " 1\n";
  return i;
}

// Async-signal-safe: open, write, close.
bool write_proc_file(const char* path, const std::string& text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  close(fd);
  return ok;
}

// In the child: the namespaces (the new PID namespace holds its children, not itself).
bool enter_namespaces(const Isolation& i) {
  constexpr int kNamespaces = CLONE_NEWNET | CLONE_NEWPID | CLONE_NEWIPC;
  if (i.as_root && unshare(kNamespaces) == 0) return true;
  if (unshare(CLONE_NEWUSER | kNamespaces) != 0) return false;
  return write_proc_file("/proc/self/setgroups", "deny\n") && write_proc_file("/proc/self/uid_map", i.uid_map) &&
         write_proc_file("/proc/self/gid_map", i.gid_map);
}

// Tells the parent why exec did not happen (the pipe closes on exec).
[[noreturn]] void report_and_exit(int fd, char why) {
  (void)!write(fd, &why, 1);
  _exit(127);
}

constexpr char kExecFailed = 1, kIsolationFailed = 2;

// Just before exec, in the process that execs: the relay below keeps no
// limit (under AddressSanitizer, with terabytes of shadow mapped, a fork
// under an address-space limit would fail).
void limit_memory(uint64_t max_address_space) {
  if (!max_address_space) return;
  rlimit limit{max_address_space, max_address_space};
  setrlimit(RLIMIT_AS, &limit);
  rlimit no_core{0, 0};  // a program that dies of it leaves no core of what it read
  setrlimit(RLIMIT_CORE, &no_core);
}

// In the child that entered the namespaces: the program runs as the first
// process of the new PID namespace (when it ends, the kernel kills whatever
// it left), and this one waits for it and ends the same way.
[[noreturn]] void run_as_namespace_init(const ChildPipes& pipes, char* const* args, char* const* envp,
                                        uint64_t max_address_space) {
  pid_t init = fork();
  if (init < 0) report_and_exit(pipes.exec[1], kIsolationFailed);
  if (init == 0) {
    limit_memory(max_address_space);
    execvpe(args[0], args, envp);
    report_and_exit(pipes.exec[1], kExecFailed);
  }
  // It does not exec, so nothing closes on exec: it holds no end of any pipe
  // (a write end of stdin kept open would leave the program waiting for EOF).
  for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) close(fd);
  for (const int* p : {pipes.in, pipes.out, pipes.err, pipes.exec}) {
    close(p[0]);
    close(p[1]);
  }
  int status = 0;
  while (waitpid(init, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    kill(getpid(), WTERMSIG(status));
  }
  _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
}

// In the forked child: only async-signal-safe calls from here on.
[[noreturn]] void exec_child(const ChildPipes& pipes, char* const* args, char* const* envp, const Isolation& isolation,
                             uint64_t max_address_space) {
  dup2(pipes.in[0], STDIN_FILENO);
  dup2(pipes.out[1], STDOUT_FILENO);
  dup2(pipes.err[1], STDERR_FILENO);
  setsid();  // no controlling terminal: nothing can prompt on /dev/tty; a group to kill at the time limit
  if (isolation.wanted) {
    if (!enter_namespaces(isolation)) report_and_exit(pipes.exec[1], kIsolationFailed);
    run_as_namespace_init(pipes, args, envp, max_address_space);
  }
  limit_memory(max_address_space);
  execvpe(args[0], args, envp);
  report_and_exit(pipes.exec[1], kExecFailed);
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
  Isolation isolation = isolation_for(options.isolate);
  pid_t pid = fork();
  if (pid < 0) {
    for (int* p : pipes.all()) close_both(p);
    return result;
  }
  if (pid == 0) exec_child(pipes, args.data(), envp.data(), isolation, options.max_address_space);
  close(pipes.in[0]);
  close(pipes.out[1]);
  close(pipes.err[1]);
  close(pipes.exec[1]);
  char why = 0;
  ssize_t got;
  while ((got = read(pipes.exec[0], &why, 1)) < 0 && errno == EINTR) {
  }
  close(pipes.exec[0]);
  result.started = got <= 0;
  result.isolation_failed = got > 0 && why == kIsolationFailed;
  if (result.started && !options.input.empty()) write_all_ignoring_sigpipe(pipes.in[1], options.input);
  close(pipes.in[1]);
  read_output(pipes.out[0], pipes.err[0], options, result);
  close(pipes.out[0]);
  close(pipes.err[0]);
  // The whole group: what it started too (not yet reaped, its id is still ours to signal).
  if (result.timed_out) kill(-pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

std::optional<std::string> find_program(const std::string& program) {
  if (program.empty()) return std::nullopt;
  if (program.find('/') != std::string::npos) {
    if (access(program.c_str(), X_OK) != 0) return std::nullopt;
    if (program[0] == '/') return program;
    char cwd[4096];
    return getcwd(cwd, sizeof cwd) ? std::optional<std::string>(std::string(cwd) + "/" + program) : std::nullopt;
  }
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::string dirs(path);
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    if (dir.empty()) dir = ".";
    std::string candidate = dir + "/" + program;
    if (access(candidate.c_str(), X_OK) == 0) return find_program(candidate);
    start = end + 1;
  }
  return std::nullopt;
}

bool program_available(const std::string& program) { return find_program(program).has_value(); }

bool isolation_available() {
  Isolation isolation = isolation_for(true);
  pid_t pid = fork();
  if (pid < 0) return false;
  if (pid == 0) _exit(enter_namespaces(isolation) ? 0 : 1);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

std::string program_path(const std::string& program) { return find_program(program).value_or(""); }

namespace {

class Machine : public ProcessHost {
 public:
  ProcessResult run(const std::vector<std::string>& argv, const ProcessOptions& options) const override {
    return run_process(argv, options);
  }
  std::optional<std::string> find(const std::string& program) const override { return find_program(program); }
  bool can_isolate() const override { return isolation_available(); }
};

}  // namespace

const ProcessHost& this_machine() {
  static const Machine machine;
  return machine;
}

namespace {

// The NT_GNU_BUILD_ID note among `size` bytes of notes at `notes`, in hex.
std::string build_id_in_notes(const unsigned char* notes, size_t size) {
  auto aligned = [](size_t n) { return (n + 3) & ~size_t{3}; };
  size_t at = 0;
  while (at + sizeof(ElfW(Nhdr)) <= size) {
    ElfW(Nhdr) header;
    std::memcpy(&header, notes + at, sizeof header);
    size_t name = at + sizeof header;
    size_t desc = name + aligned(header.n_namesz);
    if (desc > size || header.n_descsz > size - desc) return "";
    if (header.n_type == NT_GNU_BUILD_ID && header.n_namesz == 4 &&
        std::memcmp(notes + name, "GNU", 4) == 0) {
      static const char kHex[] = "0123456789abcdef";
      std::string hex;
      for (size_t i = 0; i < header.n_descsz; ++i) {
        hex += kHex[notes[desc + i] >> 4];
        hex += kHex[notes[desc + i] & 15];
      }
      return hex;
    }
    at = desc + aligned(header.n_descsz);
  }
  return "";
}

}  // namespace

std::string executable_build_id() {
  std::string id;
  // The first object dl_iterate_phdr reports is the executable itself.
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* out) {
        for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& segment = info->dlpi_phdr[i];
          if (segment.p_type != PT_NOTE) continue;
          const auto* notes = reinterpret_cast<const unsigned char*>(info->dlpi_addr + segment.p_vaddr);
          std::string found = build_id_in_notes(notes, segment.p_memsz);
          if (!found.empty()) {
            *static_cast<std::string*>(out) = std::move(found);
            break;
          }
        }
        return 1;
      },
      &id);
  return id;
}

std::string executable_identity() {
  if (std::string id = executable_build_id(); !id.empty()) return "build-id:" + id;
  struct stat st;
  if (::stat("/proc/self/exe", &st) != 0) return "unknown";
  return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) + ":" + std::to_string(st.st_size) + ":" +
         std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec);
}

}  // namespace driftlint
