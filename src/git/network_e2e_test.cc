// Network hardening, end to end against servers on 127.0.0.1: a server that
// accepts and never answers (http, git and ssh) times out with a clear
// error; a smart-HTTP server behind Basic auth is cloned with credentials in
// the URL, and the token reaches no output and no file of the cache.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

// Listens on a free port of 127.0.0.1 and accepts connections that it never
// answers; with `backlog_full`, it accepts none and fills its backlog, so a
// further connect never completes.
class SilentServer {
 public:
  explicit SilentServer(bool backlog_full = false) {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(fd_, 0) != 0 ||
        getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      return;
    }
    port_ = ntohs(address.sin_port);
    if (backlog_full) {
      fill_backlog(address);
      return;
    }
    acceptor_ = std::thread([this] {
      while (!stop_) {
        int client = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (client >= 0) clients_.push_back(client);
      }
    });
  }
  ~SilentServer() {
    stop_ = true;
    shutdown(fd_, SHUT_RDWR);
    if (acceptor_.joinable()) acceptor_.join();
    for (int c : clients_) close(c);
    close(fd_);
  }
  uint16_t port() const { return port_; }

 private:
  // A listen backlog of 0 still queues a connection or two; past them the
  // kernel drops the SYNs, and a connect waits for good.
  void fill_backlog(const sockaddr_in& address) {
    for (int i = 0; i < 8; ++i) {
      int s = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
      connect(s, reinterpret_cast<const sockaddr*>(&address), sizeof address);
      clients_.push_back(s);
    }
  }
  int fd_ = -1;
  uint16_t port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread acceptor_;
  std::vector<int> clients_;
};

// testdata/git/http_server.py: `git http-backend` behind Basic auth; with
// `auth_log`, what each request presented is appended to that file.
class HttpGitServer {
 public:
  HttpGitServer(const fs::path& root, const std::string& user, const std::string& password,
                const fs::path& auth_log = {}) {
    fs::path port_file = root / ".port";
    pid_ = fork();
    if (pid_ == 0) {
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, STDOUT_FILENO);
      dup2(devnull, STDERR_FILENO);
      std::string script = std::string(DRIFTLINT_SOURCE_DIR) + "/testdata/git/http_server.py";
      execlp("python3", "python3", script.c_str(), root.c_str(), user.c_str(), password.c_str(), port_file.c_str(),
             auth_log.empty() ? static_cast<char*>(nullptr) : auth_log.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 100 && port_ == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      std::string text = read_whole_file(port_file);
      if (!text.empty()) port_ = static_cast<uint16_t>(std::stoi(text));
    }
  }
  ~HttpGitServer() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  uint16_t port() const { return port_; }

 private:
  pid_t pid_ = -1;
  uint16_t port_ = 0;
};

// testdata/git/proxy.py: a forward proxy that logs each request's first line.
class RecordingProxy {
 public:
  explicit RecordingProxy(const fs::path& folder) : log_(folder / "proxy.log") {
    fs::path port_file = folder / ".proxy-port";
    pid_ = fork();
    if (pid_ == 0) {
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, STDOUT_FILENO);
      dup2(devnull, STDERR_FILENO);
      std::string script = std::string(DRIFTLINT_SOURCE_DIR) + "/testdata/git/proxy.py";
      execlp("python3", "python3", script.c_str(), port_file.c_str(), log_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 100 && port_ == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      std::string text = read_whole_file(port_file);
      if (!text.empty()) port_ = static_cast<uint16_t>(std::stoi(text));
    }
  }
  ~RecordingProxy() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  uint16_t port() const { return port_; }
  std::string requests() const { return read_whole_file(log_); }

 private:
  fs::path log_;
  pid_t pid_ = -1;
  uint16_t port_ = 0;
};

class NetworkTest : public ::testing::Test {
 protected:
  Outcome run(std::vector<std::string> args) {
    args.insert(args.end(), {"--cache-dir", workspace_.path_of("cache").string()});
    return run_driftlint(args, workspace_);
  }
  // Every file below the cache, read whole.
  std::string whole_cache() const {
    std::string all;
    for (const auto& e : fs::recursive_directory_iterator(workspace_.path_of("cache"))) {
      if (e.is_regular_file()) all += e.path().string() + "\n" + read_whole_file(e.path()) + "\n";
    }
    return all;
  }
  Workspace workspace_;
};

void expect_timeout(const Outcome& r, const std::string& shown_url) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("cannot clone " + shown_url), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("timed out"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--network-timeout 1"), std::string::npos) << r.err;
}

TEST_F(NetworkTest, ASilentHttpServerTimesOut) {
  SilentServer server;
  ASSERT_NE(server.port(), 0);
  std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/org/infra.git";
  Outcome r = run({"check", "--repo", "infra=" + url, "--network-timeout", "1"});
  expect_timeout(r, url);
  EXPECT_NE(r.err.find("no data from 127.0.0.1"), std::string::npos) << r.err;
}

TEST_F(NetworkTest, ASilentGitDaemonTimesOut) {
  SilentServer server;
  ASSERT_NE(server.port(), 0);
  std::string url = "git://127.0.0.1:" + std::to_string(server.port()) + "/infra.git";
  expect_timeout(run({"check", "--repo", "infra=" + url, "--network-timeout", "1"}), url);
}

// libssh2 reads the socket itself; the watchdog shuts it down.
TEST_F(NetworkTest, ASilentSshServerTimesOut) {
  SilentServer server;
  ASSERT_NE(server.port(), 0);
  std::string url = "ssh://git@127.0.0.1:" + std::to_string(server.port()) + "/infra.git";
  expect_timeout(run({"check", "--repo", "infra=" + url, "--network-timeout", "1"}), url);
}

TEST_F(NetworkTest, AConnectThatNeverCompletesTimesOut) {
  SilentServer server(/*backlog_full=*/true);
  ASSERT_NE(server.port(), 0);
  std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/org/infra.git";
  Outcome r = run({"check", "--repo", "infra=" + url, "--network-timeout", "1"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("timed out"), std::string::npos) << r.err;
}

TEST_F(NetworkTest, TheTimeoutComesFromTheConfigAndIsChecked) {
  SilentServer server;
  ASSERT_NE(server.port(), 0);
  std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/org/infra.git";
  workspace_.write("driftlint.yaml", "networkTimeout: 1\nrepos:\n  - name: infra\n    source: " + url + "\n");
  expect_timeout(run({"check"}), url);
  workspace_.write("driftlint.yaml", "networkTimeout: 0\n");
  Outcome bad = run({"check"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("driftlint.yaml:1:17: 'networkTimeout' must be a whole number of seconds"),
            std::string::npos)
      << bad.err;
  Outcome flag = run({"check", ".", "--network-timeout", "0"});
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_NE(flag.err.find("--network-timeout must be from 1 to 3600 seconds"), std::string::npos) << flag.err;
}

TEST_F(NetworkTest, CredentialsInTheUrlReachNoOutputAndNoFileOfTheCache) {
  const std::string token = "s3cr3t-planted-token";
  fs::path served = workspace_.path_of("served");
  TestGitRepo upstream(served / "infra.git.src");
  upstream.write("apps/quota.yaml", kQuota);
  upstream.commit_all("one");
  upstream.git("clone -q --bare '" + upstream.dir().string() + "' '" + (served / "infra.git").string() + "'");
  HttpGitServer server(served, "robot", token);
  ASSERT_NE(server.port(), 0) << "the test's git HTTP server did not start";
  std::string base = "127.0.0.1:" + std::to_string(server.port()) + "/infra.git";
  std::string url = "http://robot:" + token + "@" + base;

  Outcome wrong = run({"check", "--repo", "infra=http://robot:wrong@" + base});
  EXPECT_EQ(wrong.exit_code, 2) << wrong.err;
  EXPECT_NE(wrong.err.find("authentication failed (tried: the URL"), std::string::npos) << wrong.err;

  std::string all;
  for (const char* format : {"text", "json", "markdown", "sarif", "github", "junit"}) {
    Outcome r = run({"check", "--repo", "infra=" + url, "--format", format, "--fail-on", "warning"});
    EXPECT_EQ(r.exit_code, 1) << format << ": " << r.err;
    all += r.out + r.err;
  }
  EXPECT_NE(all.find("http://" + base), std::string::npos) << all.substr(0, 2000);
  EXPECT_EQ(all.find(token), std::string::npos) << "the token reached the output";
  EXPECT_EQ(all.find("robot"), std::string::npos) << "the user part reached the output";
  std::string cache = whole_cache();
  EXPECT_EQ(cache.find(token), std::string::npos) << "the token rests in the cache";

  // The cache is the user's alone: no folder or file open to group or others.
  for (const auto& e : fs::recursive_directory_iterator(workspace_.path_of("cache/git"))) {
    if (e.is_symlink()) continue;
    fs::perms others = e.status().permissions() & (fs::perms::group_all | fs::perms::others_all);
    EXPECT_EQ(others, fs::perms::none) << e.path();
  }
  EXPECT_EQ(fs::status(workspace_.path_of("cache/git")).permissions() & fs::perms::others_all, fs::perms::none);
}

// Sets an environment variable for the runs of one test.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) { setenv(name, value.c_str(), 1); }
  ~ScopedEnv() { unsetenv(name_); }

 private:
  const char* name_;
};

// DRIFTLINT_GIT_TOKEN goes only to hosts the user named, over https or ssh:
// neither a host only a checkout's driftlint.yaml names (the pull request's
// own) nor plain http gets it, and the error says why.
TEST_F(NetworkTest, TheTokenGoesToNoConfigOnlyHostAndNeverOverHttp) {
  const std::string token = "ghp_planted_runner_token";
  fs::path served = workspace_.path_of("served");
  TestGitRepo upstream(served / "infra.git.src");
  upstream.write("apps/quota.yaml", kQuota);
  upstream.commit_all("one");
  upstream.git("clone -q --bare '" + upstream.dir().string() + "' '" + (served / "infra.git").string() + "'");
  fs::path auth_log = workspace_.path_of("auth.log");
  HttpGitServer server(served, "robot", token, auth_log);
  ASSERT_NE(server.port(), 0) << "the test's git HTTP server did not start";
  std::string host = "127.0.0.1:" + std::to_string(server.port());
  std::string url = "http://" + host + "/infra.git";
  ScopedEnv token_env("DRIFTLINT_GIT_TOKEN", token);
  ScopedEnv user_env("DRIFTLINT_GIT_USERNAME", "robot");

  // The checkout's config names the server: the token is not sent.
  TestGitRepo checkout(workspace_.path_of("pr"));
  checkout.write("driftlint.yaml", "repos:\n  - name: infra\n    source: " + url + "\n");
  checkout.commit_all("a pull request naming a host");
  Outcome config_only = run_driftlint({"check", "--cache-dir", workspace_.path_of("cache").string(), "--token-host",
                                       "git.example.com"},
                                      checkout.dir(), workspace_.path());
  EXPECT_EQ(config_only.exit_code, 2) << config_only.err;
  EXPECT_NE(config_only.err.find("DRIFTLINT_GIT_TOKEN not sent to " + host +
                                 ": only to hosts named on the command line or with --token-host"),
            std::string::npos)
      << config_only.err;

  // Named on the command line, but over plain http: not sent either.
  Outcome plain_http = run({"check", "--repo", "infra=" + url});
  EXPECT_EQ(plain_http.exit_code, 2) << plain_http.err;
  EXPECT_NE(plain_http.err.find("DRIFTLINT_GIT_TOKEN not sent over http:// to " + host + ": only over https or ssh"),
            std::string::npos)
      << plain_http.err;
  // One line says what failed and why.
  size_t why = plain_http.err.find("DRIFTLINT_GIT_TOKEN not sent");
  size_t line_start = plain_http.err.rfind('\n', why);
  std::string line = plain_http.err.substr(line_start == std::string::npos ? 0 : line_start + 1,
                                           plain_http.err.find('\n', why) - (line_start == std::string::npos ? 0 : line_start + 1));
  EXPECT_NE(line.find("cannot clone " + url + ": cannot reach the remote: authentication failed"), std::string::npos)
      << plain_http.err;

  std::string presented = read_whole_file(auth_log);
  EXPECT_FALSE(presented.empty()) << "the server was asked";
  EXPECT_EQ(presented.find("Basic"), std::string::npos) << "credentials reached the server: " << presented;
}

TEST_F(NetworkTest, AnOriginWithATokenIsShownWithoutIt) {
  const std::string token = "ghp_plantedtoken123";
  TestGitRepo repo(workspace_.path_of("infra"));
  repo.write("apps/quota.yaml", kQuota);
  repo.commit_all("one");
  repo.git("remote add origin https://x-access-token:" + token + "@git.example/org/infra.git");
  std::string all;
  for (const char* format : {"text", "json", "markdown", "sarif", "github", "junit"}) {
    for (const std::string& how : {std::string("infra"), std::string("--repo=infra=infra"),
                                   std::string("--repo=infra=infra@HEAD")}) {
      Outcome r = run({"check", how, "--format", format, "--fail-on", "warning"});
      EXPECT_EQ(r.exit_code, 1) << format << " " << how << ": " << r.err;
      all += r.out + r.err;
    }
  }
  EXPECT_NE(all.find("https://git.example/org/infra.git"), std::string::npos);
  EXPECT_EQ(all.find(token), std::string::npos) << "the token reached the output";
}

// Issue 32: clones ignored HTTPS_PROXY. Through the proxy (a CONNECT
// tunnel) when set, straight to the server when NO_PROXY names it; the
// lowercase name works as well. The server here speaks no TLS, so each
// clone fails after the tunnel: what is checked is the way it went.
TEST_F(NetworkTest, HttpsClonesGoThroughTheProxyTheEnvironmentNames) {
  SilentServer server;
  ASSERT_NE(server.port(), 0);
  RecordingProxy proxy(workspace_.path());
  ASSERT_NE(proxy.port(), 0) << "the test's proxy did not start";
  std::string target = "127.0.0.1:" + std::to_string(server.port());
  std::string proxy_url = "http://127.0.0.1:" + std::to_string(proxy.port());
  std::vector<std::string> clone = {"check", "--repo", "infra=https://robot:pw@" + target + "/infra.git",
                                    "--network-timeout", "2"};

  setenv("HTTPS_PROXY", proxy_url.c_str(), 1);
  Outcome through = run(clone);
  EXPECT_EQ(through.exit_code, 2) << through.err;
  EXPECT_NE(through.err.find("through the proxy " + proxy_url), std::string::npos) << through.err;
  EXPECT_EQ(proxy.requests(), "CONNECT " + target + " HTTP/1.1\n");

  setenv("NO_PROXY", "localhost,127.0.0.1", 1);
  Outcome direct = run(clone);
  unsetenv("NO_PROXY");
  unsetenv("HTTPS_PROXY");
  EXPECT_EQ(direct.exit_code, 2) << direct.err;
  EXPECT_EQ(direct.err.find("through the proxy"), std::string::npos) << direct.err;
  EXPECT_EQ(proxy.requests(), "CONNECT " + target + " HTTP/1.1\n") << "NO_PROXY was ignored";

  setenv("https_proxy", proxy_url.c_str(), 1);
  Outcome lowercase = run(clone);
  unsetenv("https_proxy");
  EXPECT_EQ(proxy.requests(), "CONNECT " + target + " HTTP/1.1\nCONNECT " + target + " HTTP/1.1\n")
      << "https_proxy was ignored";
  EXPECT_EQ((through.err + lowercase.err + proxy.requests()).find("pw"), std::string::npos) << "credentials shown";
}

}  // namespace
}  // namespace driftlint
