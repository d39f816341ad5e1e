// Issue 33: a kustomization's remote base is fetched only when
// --allow-network names its host; kustomize then clones it itself, in the
// sandbox with the network and git (https and http only, no credentials),
// from a git server on 127.0.0.1 the test starts and stops. Otherwise one
// note names the base and the host to allow, and nothing is requested.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include <nlohmann/json.hpp>

#include "base/process.h"
#include "testing/cli_driver.h"
#include "testing/required_tools.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

// testdata/git/http_server.py without auth: `git http-backend` for the bare repos under `root`.
class GitServer {
 public:
  GitServer(const fs::path& root, const fs::path& log) {
    fs::path port_file = root.parent_path() / "git-port";
    pid_ = fork();
    if (pid_ == 0) {
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, STDOUT_FILENO);
      dup2(devnull, STDERR_FILENO);
      std::string script = std::string(DRIFTLINT_SOURCE_DIR) + "/testdata/git/http_server.py";
      execlp("python3", "python3", script.c_str(), root.c_str(), "-", "-", port_file.c_str(), log.c_str(),
             static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 100 && port_ == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      std::string text = read_whole_file(port_file);
      if (!text.empty()) port_ = std::stoi(text);
    }
  }
  ~GitServer() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  int port() const { return port_; }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
};

class RemoteBaseE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!program_available("kubectl") || !program_available("git")) return;  // each test says so
    work_.write("upstream/base/kustomization.yaml", "resources: [deployment.yaml]\n");
    work_.write("upstream/base/deployment.yaml",
                "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  replicas: two\n"
                "  selector: {matchLabels: {app: api}}\n  template:\n    metadata: {labels: {app: api}}\n"
                "    spec:\n      containers: [{name: api, image: 'api:1.0'}]\n");
    std::string git = *find_program("git");
    std::string upstream = (work_.path() / "upstream").string();
    for (std::vector<std::string> step : {std::vector<std::string>{git, "init", "-q", "-b", "main", upstream},
                                          {git, "-C", upstream, "add", "-A"},
                                          {git, "-C", upstream, "-c", "user.name=t", "-c", "user.email=t@example.com",
                                           "commit", "-qm", "base"},
                                          {git, "clone", "-q", "--bare", upstream, (work_.path() / "srv/base.git").string()}}) {
      ASSERT_TRUE(run_process(step).ok()) << step[1];
    }
    log_ = work_.path() / "requests.log";
    server_ = std::make_unique<GitServer>(work_.path() / "srv", log_);
    ASSERT_NE(server_->port(), 0);
    host_ = "127.0.0.1:" + std::to_string(server_->port());
    work_.write("repo/app/kustomization.yaml",
                "namespace: edge\nresources:\n- http://" + host_ + "/base.git//base?ref=main\n");
  }
  Outcome check(std::vector<std::string> more) {
    std::vector<std::string> args = {"check", "repo", "--no-cache", "--fail-on", "none"};
    args.insert(args.end(), more.begin(), more.end());
    return run_driftlint(args, work_);
  }
  Workspace work_;
  fs::path log_;
  std::unique_ptr<GitServer> server_;
  std::string host_;
};

TEST_F(RemoteBaseE2eTest, NotFetchedUnlessItsHostIsAllowed) {
  DRIFTLINT_NEEDS_PROGRAM("kubectl");
  Outcome r = check({});
  EXPECT_NE(r.err.find("which driftlint does not fetch (--allow-network " + host_ + " fetches it)"), std::string::npos)
      << r.err;
  EXPECT_EQ(read_whole_file(log_), "");
}

TEST_F(RemoteBaseE2eTest, AnAllowedHostIsClonedByKustomizeAndTheBaseJudged) {
  DRIFTLINT_NEEDS_PROGRAM("kubectl");
  Outcome r = check({"--allow-network", host_, "--format", "json"});
  nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << r.out << r.err;
  bool judged = false;
  for (const auto& f : report["findings"]) {
    judged |= f["rule"] == "schema-violation" && f["message"].get<std::string>().find("spec.replicas") != std::string::npos;
  }
  EXPECT_TRUE(judged) << report["findings"].dump(1) << r.err;
  EXPECT_NE(read_whole_file(log_), "") << "nothing was requested";
}

}  // namespace
}  // namespace driftlint
