// `driftlint snapshot` against a fake API server on 127.0.0.1 that answers
// real kubectl from recorded discovery and list JSON (testdata/snapshot).
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "base/process.h"
#include "testing/cli_driver.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class SnapshotCaptureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!program_available("kubectl")) GTEST_SKIP() << "kubectl is not installed (ci/setup installs it)";
    setenv("KUBECACHEDIR", workspace_.path_of("kube-cache").c_str(), 1);  // kubectl's discovery cache stays here
    fs::path source = fs::path(DRIFTLINT_SOURCE_DIR) / "testdata" / "snapshot";
    // The server prints its port once it listens; it stops by itself after 120 s.
    std::string command = "python3 '" + (source / "fake-apiserver.py").string() + "' '" + (source / "api").string() +
                          "' '" + workspace_.path_of("requests.log").string() + "' 120 > '" +
                          workspace_.path_of("port").string() + "' 2>/dev/null & echo $! > '" +
                          workspace_.path_of("pid").string() + "'";
    ASSERT_EQ(std::system(command.c_str()), 0);
    server_pid_ = std::stoi(workspace_.read("pid"));
    for (int i = 0; i < 200 && port_ == 0; ++i) {
      std::string port = workspace_.read("port");
      if (!port.empty() && port.back() == '\n') port_ = std::stoi(port);
      else usleep(50'000);
    }
    ASSERT_NE(port_, 0) << "the fake API server did not start";
    std::string server = "http://127.0.0.1:" + std::to_string(port_);
    workspace_.write("kubeconfig",
                     "apiVersion: v1\nkind: Config\nclusters: [{name: fake, cluster: {server: \"" + server + "\"}}]\n"
                     "contexts: [{name: fake, context: {cluster: fake, user: fake}}]\n"
                     "current-context: fake\nusers: [{name: fake, user: {}}]\n");
  }
  void TearDown() override {
    if (server_pid_ > 0) kill(server_pid_, SIGTERM);
    unsetenv("KUBECACHEDIR");
  }

  Outcome run(const std::vector<std::string>& args) { return run_driftlint(args, workspace_); }

  Workspace workspace_;
  pid_t server_pid_ = 0;
  int port_ = 0;
};

TEST_F(SnapshotCaptureTest, WritesWhatTheRulesReadAndOnlyReads) {
  Outcome r = run({"snapshot", "--kubeconfig", "kubeconfig", "-o", "cluster.json", "--kinds",
                   "configmaps,secrets,nodes,applications.argoproj.io,clusterpolicies.kyverno.io"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("secrets: Secrets are never captured"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("clusterpolicies.kyverno.io: not served by this cluster, skipped"), std::string::npos) << r.err;
  std::string text = workspace_.read("cluster.json");
  auto doc = nlohmann::json::parse(text);
  EXPECT_EQ(doc["kind"], "List");
  // The capture's context (the kubeconfig's current one) and time, for the daily report.
  EXPECT_EQ(doc["metadata"]["annotations"]["driftlint.io/context"], "fake");
  EXPECT_EQ(doc["metadata"]["annotations"]["driftlint.io/captured-at"].get<std::string>().size(), 20u);
  std::set<std::string> kinds;
  for (const auto& item : doc["items"]) {
    kinds.insert(item["kind"].get<std::string>());
    EXPECT_FALSE(item["metadata"].contains("managedFields")) << item.dump();
  }
  EXPECT_EQ(kinds, (std::set<std::string>{"ConfigMap", "Node", "Application"}));
  EXPECT_EQ(text.find("c2VjcmV0LXZhbHVl"), std::string::npos);  // the Secret's value

  std::string requests = workspace_.read("requests.log");
  EXPECT_FALSE(requests.empty());
  std::istringstream lines(requests);
  for (std::string line; std::getline(lines, line);) {
    EXPECT_EQ(line.rfind("GET ", 0), 0u) << "not read-only: " << line;
    EXPECT_EQ(line.find("/secrets"), std::string::npos) << "Secrets were read: " << line;
  }

  // What it wrote is a snapshot `check` reads.
  workspace_.write("repo/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: b}\n");
  Outcome check = run({"check", "repo", "--snapshot", "cluster.json", "--format", "json"});
  EXPECT_EQ(check.exit_code, 0) << check.err;
}

TEST_F(SnapshotCaptureTest, AnUnreachableClusterIsAnInputError) {
  workspace_.write("down",
                   "apiVersion: v1\nkind: Config\nclusters: [{name: d, cluster: {server: \"http://127.0.0.1:1\"}}]\n"
                   "contexts: [{name: d, context: {cluster: d, user: d}}]\n"
                   "current-context: d\nusers: [{name: d, user: {}}]\n");
  Outcome r = run({"snapshot", "--kubeconfig", "down", "--timeout", "20"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("driftlint: error: snapshot: listing the cluster's resource kinds: kubectl exited"), std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace
}  // namespace driftlint
