#include "git/credentials.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pthread.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace driftlint {

namespace {

enum : unsigned { kAgent = 1, kToken = 2, kHelper = 4, kAskpass = 8 };

// "https://user@host:8443/org/repo.git" -> protocol, host (with port), path.
struct UrlParts {
  std::string protocol, host, path;
};
UrlParts split_url(const std::string& url) {
  UrlParts parts;
  size_t scheme = url.find("://");
  if (scheme == std::string::npos) return parts;
  parts.protocol = url.substr(0, scheme);
  std::string rest = url.substr(scheme + 3);
  size_t slash = rest.find('/');
  std::string authority = rest.substr(0, slash);
  if (size_t at = authority.rfind('@'); at != std::string::npos) authority = authority.substr(at + 1);
  parts.host = authority;
  parts.path = slash == std::string::npos ? "" : rest.substr(slash + 1);
  return parts;
}

std::string first_line(std::string s) {
  size_t nl = s.find_first_of("\r\n");
  if (nl != std::string::npos) s.resize(nl);
  return s;
}

}  // namespace

EnvLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (!value || !*value) return std::nullopt;
    return std::string(value);
  };
}

void CredentialSources::mark(const std::string& source) {
  if (!tried_.empty()) tried_ += ", ";
  tried_ += source;
}

std::optional<Credential> CredentialSources::next(const std::string& url, const std::string& username_from_url,
                                                  bool ssh, bool userpass) {
  if (ssh && !(done_ & kAgent)) {
    done_ |= kAgent;
    mark("ssh-agent");
    Credential c;
    c.kind = Credential::Kind::SshAgent;
    c.username = username_from_url.empty() ? "git" : username_from_url;
    c.source = "ssh-agent";
    return c;
  }
  if (!userpass) return std::nullopt;
  if (!(done_ & kToken)) {
    done_ |= kToken;
    if (std::optional<std::string> token = env_("DRIFTLINT_GIT_TOKEN")) {
      mark("DRIFTLINT_GIT_TOKEN");
      Credential c;
      c.username = env_("DRIFTLINT_GIT_USERNAME").value_or(
          username_from_url.empty() ? "x-access-token" : username_from_url);
      c.secret = *token;
      c.source = "DRIFTLINT_GIT_TOKEN";
      return c;
    }
  }
  bool helper_ran = false;
  if (!(done_ & kHelper)) {
    done_ |= kHelper;
    UrlParts parts = split_url(url);
    std::string request = "protocol=" + parts.protocol + "\nhost=" + parts.host + "\npath=" + parts.path + "\n";
    if (!username_from_url.empty()) request += "username=" + username_from_url + "\n";
    request += "\n";
    std::optional<std::string> answer = run_capture({"git", "credential", "fill"}, request);
    helper_ran = answer.has_value();
    if (answer) {
      Credential c;
      c.source = "git credential";
      size_t start = 0;
      while (start < answer->size()) {
        size_t end = answer->find('\n', start);
        if (end == std::string::npos) end = answer->size();
        std::string line = answer->substr(start, end - start);
        if (line.rfind("username=", 0) == 0) c.username = line.substr(9);
        if (line.rfind("password=", 0) == 0) c.secret = line.substr(9);
        start = end + 1;
      }
      if (!c.secret.empty()) {
        mark("git credential");
        return c;
      }
    }
  }
  // git's credential fill already asks GIT_ASKPASS; ask it ourselves only
  // where git itself could not run.
  if (!(done_ & kAskpass) && !helper_ran) {
    done_ |= kAskpass;
    if (std::optional<std::string> askpass = env_("GIT_ASKPASS")) {
      std::string shown = url;
      Credential c;
      c.source = "GIT_ASKPASS";
      c.username = username_from_url;
      if (c.username.empty()) {
        std::optional<std::string> user = run_capture({*askpass, "Username for '" + shown + "': "}, "");
        if (user) c.username = first_line(*user);
      }
      std::optional<std::string> pass = run_capture({*askpass, "Password for '" + shown + "': "}, "");
      if (pass) {
        mark("GIT_ASKPASS");
        c.secret = first_line(*pass);
        return c;
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> run_capture(const std::vector<std::string>& argv, const std::string& input) {
  if (argv.empty()) return std::nullopt;
  int in_pipe[2], out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0) return std::nullopt;
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    return std::nullopt;
  }
  pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) close(fd);
    return std::nullopt;
  }
  if (pid == 0) {
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0) dup2(devnull, STDERR_FILENO);
    setenv("GIT_TERMINAL_PROMPT", "0", 1);
    setsid();  // no controlling terminal: nothing can prompt on /dev/tty
    std::vector<char*> args;
    std::vector<std::string> copy = argv;
    for (std::string& a : copy) args.push_back(a.data());
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  if (!input.empty()) {
    // A child that exits without reading must not kill us with SIGPIPE:
    // block it for this write and drop one that is pending, thread-locally.
    sigset_t pipe_only, previous;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
    for (size_t done = 0; done < input.size();) {
      ssize_t n = write(in_pipe[1], input.data() + done, input.size() - done);
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
  close(in_pipe[1]);
  std::string output;
  char buffer[4096];
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  bool timed_out = false;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{out_pipe[0], POLLIN, 0};
    int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) {
      timed_out = ready == 0;
      break;
    }
    ssize_t n = read(out_pipe[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    output.append(buffer, static_cast<size_t>(n));
    if (output.size() > (1u << 20)) break;  // no credential is a megabyte
  }
  close(out_pipe[0]);
  if (timed_out) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return output;
}

}  // namespace driftlint
