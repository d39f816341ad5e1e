// Name resolution is bounded by --network-timeout: getaddrinfo has no
// timeout of its own, and a DNS server that never answers held a clone for
// as long as resolv.conf's retries last. Hermetic: the driftlint binary runs
// in a private mount namespace whose /etc/resolv.conf names a UDP socket on
// 127.0.0.2:53 that this test holds open and never reads. Needs root and
// `unshare` (util-linux); skipped, saying so, without them.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "testing/workspace.h"

namespace driftlint {
namespace {

// Binds 127.0.0.2:53/udp and never answers (the kernel queues the queries).
class SilentDnsServer {
 public:
  SilentDnsServer() {
    fd_ = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(53);
    inet_pton(AF_INET, "127.0.0.2", &address.sin_addr);
    bound_ = fd_ >= 0 && bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  }
  ~SilentDnsServer() {
    if (fd_ >= 0) close(fd_);
  }
  bool bound() const { return bound_; }

 private:
  int fd_ = -1;
  bool bound_ = false;
};

struct ResolverRun {
  int exit_code = -1;
  double seconds = 0;
  std::string err;
};

// `command` under `unshare -m` with resolv_conf bind-mounted over
// /etc/resolv.conf; killed after `limit` seconds.
ResolverRun run_with_resolver(const std::string& resolv_conf, std::vector<std::string> command, const Workspace& w,
                      int limit) {
  std::vector<std::string> args = {"unshare", "-m", "sh", "-c", "mount --bind \"$0\" /etc/resolv.conf && exec \"$@\"",
                                   resolv_conf};
  args.insert(args.end(), command.begin(), command.end());
  std::string err_file = w.path_of("err").string();
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    int err = open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int null = open("/dev/null", O_RDWR);
    dup2(null, STDIN_FILENO);
    dup2(null, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  ResolverRun run;
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(limit)) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      run.err = "still running after " + std::to_string(limit) + " s";
      return run;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  run.err = read_whole_file(err_file);
  return run;
}

TEST(NetworkWatchTest, AResolverThatNeverAnswersTimesOutNamingTheHost) {
  if (geteuid() != 0) GTEST_SKIP() << "skipped: needs root to mount a resolv.conf in a private namespace";
  SilentDnsServer dns;
  if (!dns.bound()) GTEST_SKIP() << "skipped: cannot bind 127.0.0.2:53/udp for a silent DNS server";
  Workspace w;
  // glibc would wait 30 s per try, 5 tries, before giving up on its own.
  w.write("resolv.conf", "nameserver 127.0.0.2\noptions timeout:30 attempts:5\n");
  std::string conf = w.path_of("resolv.conf").string();
  ResolverRun probe = run_with_resolver(conf, {"true"}, w, 10);
  if (probe.exit_code != 0) GTEST_SKIP() << "skipped: no private mount namespace here (unshare -m): " << probe.err;
  for (std::string url : {"https://x:t0ken@driftlint-silent.invalid/org/infra.git",
                                 "ssh://git@driftlint-silent.invalid/org/infra.git"}) {
    ResolverRun r = run_with_resolver(conf,
                              {DRIFTLINT_BINARY, "check", "--repo", "infra=" + url, "--network-timeout", "1",
                               "--cache-dir", w.path_of("cache").string()},
                              w, 20);
    EXPECT_EQ(r.exit_code, 2) << url << ": " << r.err;
    EXPECT_NE(r.err.find("timed out: resolving driftlint-silent.invalid for over 1 s (--network-timeout 1)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("t0ken"), std::string::npos) << r.err;
    EXPECT_LT(r.seconds, 10) << url;
  }
}

}  // namespace
}  // namespace driftlint
