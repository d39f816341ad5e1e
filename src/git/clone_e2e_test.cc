// Git URLs cloned into the cache: file:// and git:// (a git daemon the test
// starts on 127.0.0.1), later runs fetching, offline use, half-made clones,
// concurrent runs, and credentials kept out of every message.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "git/clone_cache.h"
#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class CloneTest : public ::testing::Test {
 protected:
  std::string file_url() const { return "file://" + upstream_.dir().string(); }
  std::string cache() const { return workspace_.path_of("cache").string(); }
  Outcome run(std::vector<std::string> args, const fs::path& scratch) {
    args.push_back("--cache-dir");
    args.push_back(cache());
    return run_driftlint(args, workspace_.path(), scratch);
  }
  Outcome run(std::vector<std::string> args) { return run(std::move(args), workspace_.path()); }
  nlohmann::json run_json(std::vector<std::string> args, int expected_exit) {
    args.insert(args.end(), {"--format", "json", "--fail-on", "warning"});
    Outcome r = run(args);
    EXPECT_EQ(r.exit_code, expected_exit) << r.err;
    return r.out.empty() ? nlohmann::json() : nlohmann::json::parse(r.out);
  }
  size_t cache_entries() const {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(workspace_.path_of("cache/git"))) n += e.path().extension() == ".git";
    return n;
  }

  Workspace workspace_;
  TestGitRepo upstream_{workspace_.path_of("upstream/infra.git")};
};

TEST_F(CloneTest, ClonesAFileUrlAndFetchesNewCommitsLater) {
  upstream_.write("apps/quota.yaml", kQuota);
  upstream_.commit_all("one");
  upstream_.git("tag v1");
  auto first = run_json({"check", "--repo", "infra=" + file_url()}, 1);
  EXPECT_EQ(first["repos"][0]["commit"], upstream_.rev_parse("main"));
  EXPECT_EQ(first["repos"][0]["url"], file_url());
  EXPECT_EQ(first["findings"][0]["path"], "apps/quota.yaml");
  EXPECT_EQ(cache_entries(), 1u);

  upstream_.write("apps/quota.yaml", kClean);
  upstream_.commit_all("two");
  Outcome second = run({"check", "--repo", "infra=" + file_url(), "--format", "json"});
  EXPECT_EQ(second.exit_code, 0) << second.err;
  EXPECT_NE(second.err.find("note: fetched " + file_url()), std::string::npos) << second.err;
  EXPECT_EQ(nlohmann::json::parse(second.out)["repos"][0]["commit"], upstream_.rev_parse("main"));
  EXPECT_EQ(cache_entries(), 1u) << "a second spelling or run must reuse the clone";

  // Tags, expressions and remote branches resolve in the cache as in a clone.
  auto tagged = run_json({"check", "--repo", "infra=" + file_url() + "@v1"}, 1);
  EXPECT_EQ(tagged["repos"][0]["commit"], upstream_.rev_parse("v1"));
  EXPECT_EQ(tagged["repos"][0]["revision"], "v1");
  auto back = run_json({"check", "--repo", "infra=" + file_url() + "@main~1"}, 1);
  EXPECT_EQ(back["repos"][0]["commit"], upstream_.rev_parse("v1"));
  workspace_.write("driftlint.yaml",
                   "repos:\n  - name: infra\n    source: " + file_url() + "/\n    revision: origin/main\n");
  auto configured = run_json({"check", "--config", "driftlint.yaml"}, 0);
  EXPECT_EQ(configured["repos"][0]["commit"], upstream_.rev_parse("main"));
  EXPECT_EQ(cache_entries(), 1u) << "a trailing slash is the same repo";
}

TEST_F(CloneTest, DefaultsToTheRemotesDefaultBranch) {
  upstream_.write("a.yaml", kClean);
  upstream_.commit_all("on main");
  upstream_.git("checkout -qb release");
  upstream_.write("a.yaml", kQuota);
  upstream_.commit_all("on release");
  auto on_release = run_json({"check", "--repo", "infra=" + file_url()}, 1);
  EXPECT_EQ(on_release["repos"][0]["commit"], upstream_.rev_parse("release"));
  EXPECT_TRUE(on_release["repos"][0]["revision"].is_null());
  upstream_.git("checkout -q main");  // the remote's default branch moves back
  auto on_main = run_json({"check", "--repo", "infra=" + file_url()}, 0);
  EXPECT_EQ(on_main["repos"][0]["commit"], upstream_.rev_parse("main"));
}

// A git daemon serving `base` on a free port of 127.0.0.1, stopped on destruction.
class GitDaemon {
 public:
  explicit GitDaemon(const fs::path& base) {
    int probe = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(probe, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        getsockname(probe, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
      port_ = ntohs(address.sin_port);
    }
    close(probe);
    if (port_ == 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, STDOUT_FILENO);
      dup2(devnull, STDERR_FILENO);
      std::string base_path = "--base-path=" + base.string(), port = "--port=" + std::to_string(port_);
      execlp("git", "git", "daemon", "--reuseaddr", "--export-all", "--listen=127.0.0.1", port.c_str(),
             base_path.c_str(), base.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    // Ready when it accepts a connection (at most 10 s).
    for (int i = 0; i < 100 && !ready_; ++i) {
      int s = socket(AF_INET, SOCK_STREAM, 0);
      ready_ = connect(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
      close(s);
      if (!ready_) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  ~GitDaemon() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  bool ready() const { return ready_; }
  std::string url(const std::string& repo) const { return "git://127.0.0.1:" + std::to_string(port_) + "/" + repo; }

 private:
  uint16_t port_ = 0;
  pid_t pid_ = -1;
  bool ready_ = false;
};

TEST_F(CloneTest, ClonesAndFetchesOverGitProtocol) {
  upstream_.write("apps/quota.yaml", kQuota);
  upstream_.commit_all("one");
  GitDaemon daemon(workspace_.path_of("upstream"));
  ASSERT_TRUE(daemon.ready()) << "git daemon did not start";
  auto first = run_json({"check", "--repo", "infra=" + daemon.url("infra.git")}, 1);
  EXPECT_EQ(first["repos"][0]["commit"], upstream_.rev_parse("main"));
  EXPECT_EQ(first["repos"][0]["url"], daemon.url("infra.git"));
  upstream_.write("apps/more.yaml", kQuota);
  upstream_.commit_all("two");
  // Another spelling of the same URL (no .git) uses the same cache entry and fetches.
  Outcome second = run({"check", "--repo", "infra=" + daemon.url("infra"), "--format", "json"});
  EXPECT_EQ(second.exit_code, 0) << second.err;  // warnings only, --fail-on error
  EXPECT_NE(second.err.find("note: fetched"), std::string::npos) << second.err;
  auto report = nlohmann::json::parse(second.out);
  EXPECT_EQ(report["repos"][0]["commit"], upstream_.rev_parse("main"));
  EXPECT_EQ(report["findings"].size(), 2u);
  EXPECT_EQ(cache_entries(), 1u);
}

TEST_F(CloneTest, NetworkFailureWithACacheSaysSoAndOfflineUsesIt) {
  upstream_.write("apps/quota.yaml", kQuota);
  upstream_.commit_all("one");
  std::string commit = upstream_.rev_parse("main");
  run_json({"check", "--repo", "infra=" + file_url()}, 1);
  fs::rename(workspace_.path_of("upstream"), workspace_.path_of("gone"));  // the remote is unreachable now
  Outcome failed = run({"check", "--repo", "infra=" + file_url()});
  EXPECT_EQ(failed.exit_code, 2);
  EXPECT_NE(failed.err.find("repo 'infra': cannot fetch " + file_url()), std::string::npos) << failed.err;
  EXPECT_NE(failed.err.find("add --offline to lint it"), std::string::npos) << failed.err;
  auto offline = run_json({"check", "--repo", "infra=" + file_url(), "--offline"}, 1);
  EXPECT_EQ(offline["repos"][0]["commit"], commit);
  Outcome missing = run({"check", "--repo", "other=file:///nowhere/repo.git", "--offline"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("not in the cache"), std::string::npos) << missing.err;
}

TEST_F(CloneTest, HalfMadeClonesAreNotTrusted) {
  upstream_.write("apps/quota.yaml", kQuota);
  upstream_.commit_all("one");
  // What an interrupted clone leaves: a partial folder. A later run removes it.
  fs::path git_dir = workspace_.path_of("cache/git");
  fs::path partial = git_dir / (cache_entry_name(file_url()) + ".partial-4242");
  fs::create_directories(partial / "objects");
  write_whole_file(partial / "HEAD", "garbage\n");
  run_json({"check", "--repo", "infra=" + file_url()}, 1);
  EXPECT_FALSE(fs::exists(partial));
  // A cache entry broken later (not a repository any more) is made again.
  fs::path entry = git_dir / cache_entry_name(file_url());
  fs::remove_all(entry / "objects");
  fs::remove_all(entry / "refs");
  Outcome rebuilt = run({"check", "--repo", "infra=" + file_url()});
  EXPECT_EQ(rebuilt.exit_code, 0) << rebuilt.err;
  EXPECT_NE(rebuilt.err.find("was broken and is made again"), std::string::npos) << rebuilt.err;
}

TEST_F(CloneTest, ConcurrentRunsShareOneCacheEntry) {
  for (int i = 0; i < 20; ++i) upstream_.write("apps/f" + std::to_string(i) + ".yaml", kQuota);
  upstream_.commit_all("many");
  std::vector<Outcome> outcomes(4);
  std::vector<std::thread> runs;
  for (size_t i = 0; i < outcomes.size(); ++i) {
    fs::path scratch = workspace_.make_folder("run" + std::to_string(i));
    runs.emplace_back([&, i, scratch] {
      outcomes[i] = run({"check", "--repo", "infra=" + file_url(), "--format", "json"}, scratch);
    });
  }
  for (auto& t : runs) t.join();
  for (const Outcome& o : outcomes) {
    ASSERT_EQ(o.exit_code, 0) << o.err;
    auto report = nlohmann::json::parse(o.out);
    EXPECT_EQ(report["repos"][0]["commit"], upstream_.rev_parse("main"));
    EXPECT_EQ(report["findings"].size(), 20u);
  }
  EXPECT_EQ(cache_entries(), 1u);
  for (const auto& e : fs::directory_iterator(workspace_.path_of("cache/git"))) {
    EXPECT_EQ(e.path().string().find(".partial-"), std::string::npos) << e.path();
  }
}

TEST_F(CloneTest, CredentialsNeverReachTheOutput) {
  Outcome r = run({"check", "--repo", "infra=https://user:s3cr3t-token@127.0.0.1:1/org/infra.git"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot clone https://127.0.0.1:1/org/infra.git"), std::string::npos) << r.err;
  EXPECT_EQ((r.out + r.err).find("s3cr3t"), std::string::npos) << r.err;
  Outcome token_user = run({"check", "--repo", "infra=https://ghp_abcdef@127.0.0.1:1/org/infra.git"});
  EXPECT_EQ((token_user.out + token_user.err).find("ghp_abcdef"), std::string::npos) << token_user.err;
}

TEST_F(CloneTest, ShowsProgressOnATerminal) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1) for a terminal";
  upstream_.write("apps/quota.yaml", kQuota);
  upstream_.commit_all("one");
  // script(1) gives the run a terminal; without one there is no progress line.
  std::string command = "cd '" + workspace_.path().string() + "' && script -qec \"'" + std::string(DRIFTLINT_BINARY) +
                        "' check --repo infra=" + file_url() + " --cache-dir '" + cache() + "'\" /dev/null > tty.out";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_NE(workspace_.read("tty.out").find("cloning " + file_url() + ": 100%"), std::string::npos)
      << workspace_.read("tty.out");
  upstream_.write("apps/more.yaml", kClean);
  upstream_.commit_all("two");
  Outcome piped = run({"check", "--repo", "infra=" + file_url()});
  EXPECT_EQ(piped.err.find("fetching"), std::string::npos) << piped.err;
}

}  // namespace
}  // namespace driftlint
