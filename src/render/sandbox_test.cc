// The render sandbox, through the real render path: a stand-in "kustomize"
// (a shell script) built like any kustomization, checking what it can see and
// do; then real helm and kubectl under it.
#include "render/sandbox.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "base/scratch.h"
#include "render/kustomize_build.h"
#include "testing/required_tools.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr const char* kConfigMap = "echo 'apiVersion: v1'; echo 'kind: ConfigMap'; echo 'metadata: {name: made}'\n";

class SandboxTest : public ::testing::Test {
 protected:
  // A stand-in kustomize: `body` (sh, with no PATH but its own folder: programs by absolute path).
  RenderTool stand_in(const std::string& body) {
    work_.write("bin/kustomize", "#!/bin/sh\n" + body);
    fs::permissions(work_.path_of("bin/kustomize"), fs::perms::owner_all);
    return RenderTool{{work_.path_of("bin/kustomize").string(), "build"}, "v0.0.1", "kustomize v0.0.1 (stand-in)"};
  }
  std::unique_ptr<RenderOutput> build(const RenderTool& tool, const RenderSandbox& sandbox,
                                      std::chrono::milliseconds timeout = 20s, RenderBudget* budget = nullptr) {
    MemoryTree tree({{"app/kustomization.yaml", "resources: [cm.yaml]\n"}, {"app/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n"}});
    RenderRequest request;
    request.folder = "app";
    BuildSettings settings;
    settings.tool = &tool;
    settings.sandbox = &sandbox;
    settings.timeout = timeout;
    settings.budget = budget;
    return build_kustomization(request, tree, settings);
  }
  std::string seen(const std::string& file) { return work_.read(file); }
  Workspace work_;
};

TEST_F(SandboxTest, TheToolSeesNothingOfOurEnvironment) {
  setenv("GITHUB_TOKEN", "ghp_plantedToken", 1);
  setenv("KUBECONFIG", "/root/.kube/planted", 1);
  setenv("AWS_SECRET_ACCESS_KEY", "planted", 1);
  std::string our_home = std::getenv("HOME") ? std::getenv("HOME") : "/root";
  RenderTool tool = stand_in("/usr/bin/env > " + work_.path_of("env").string() + "\n" + kConfigMap);
  std::unique_ptr<RenderOutput> out = build(tool, RenderSandbox());
  unsetenv("GITHUB_TOKEN");
  unsetenv("KUBECONFIG");
  unsetenv("AWS_SECRET_ACCESS_KEY");
  ASSERT_TRUE(out->rendered()) << out->message;
  ASSERT_EQ(out->objects.size(), 1u);
  std::string env = seen("env");
  for (const char* planted : {"GITHUB_TOKEN", "KUBECONFIG", "AWS_", "planted"}) {
    EXPECT_EQ(env.find(planted), std::string::npos) << planted << " in:\n" << env;
  }
  EXPECT_EQ(env.find("HOME=" + our_home + "\n"), std::string::npos) << env;
  EXPECT_NE(env.find("LANG=C\n"), std::string::npos) << env;
  EXPECT_NE(env.find("HELM_PLUGINS="), std::string::npos) << env;
  // PATH is the tool's own folder, with the tool alone: no git, no ssh.
  size_t path = env.find("PATH=");
  ASSERT_NE(path, std::string::npos) << env;
  std::string bin = env.substr(path + 5, env.find('\n', path) - path - 5);
  EXPECT_EQ(bin.find(':'), std::string::npos) << bin;
  size_t home = env.find("HOME=");
  std::string private_home = env.substr(home + 5, env.find('\n', home) - home - 5);
  EXPECT_NE(private_home.find("driftlint-sandbox-"), std::string::npos) << private_home;
  EXPECT_FALSE(fs::exists(private_home)) << "the private folders are removed after the run";
}

TEST_F(SandboxTest, TheToolCannotReachAServerOnOurLoopback) {
  RenderSandbox sandbox;
  if (!sandbox.network_isolated()) {
    GTEST_SKIP() << "no network namespace can be made here (a container?): the proxy fallback is tested below";
  }
  int server = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ASSERT_EQ(bind(server, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(listen(server, 4), 0);
  getsockname(server, reinterpret_cast<sockaddr*>(&address), &length);
  std::string port = std::to_string(ntohs(address.sin_port));
  // Our own check first: the server answers from here.
  ASSERT_EQ(std::system(("/usr/bin/python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", " + port +
                         "), 2)'").c_str()),
            0);
  int ours = accept(server, nullptr, nullptr);
  ASSERT_GE(ours, 0);
  close(ours);
  RenderTool tool = stand_in("/usr/bin/python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", " + port +
                             "), 2)' 2> " + work_.path_of("connect").string() + " && echo connected > " +
                             work_.path_of("connect").string() + "\n" + kConfigMap);
  std::unique_ptr<RenderOutput> out = build(tool, sandbox);
  ASSERT_TRUE(out->rendered()) << out->message;
  EXPECT_EQ(seen("connect").find("connected"), std::string::npos) << seen("connect");
  EXPECT_NE(seen("connect").find("Network is unreachable"), std::string::npos) << seen("connect");
  EXPECT_LT(accept(server, nullptr, nullptr), 0) << "the server was reached";
  close(server);
}

TEST_F(SandboxTest, WithoutANamespaceProxiesLeadNowhereAndANoteSaysSo) {
  RenderSandbox sandbox(kDefaultRenderMemoryMiB << 20, RenderSandbox::Network::ProxiesOnly);
  RenderTool tool = stand_in("/usr/bin/env > " + work_.path_of("env").string() + "\n" + kConfigMap);
  ASSERT_TRUE(build(tool, sandbox)->rendered());
  EXPECT_NE(seen("env").find("HTTPS_PROXY=http://127.0.0.1:9\n"), std::string::npos) << seen("env");
  EXPECT_NE(seen("env").find("NO_PROXY=\n"), std::string::npos) << seen("env");
  ASSERT_TRUE(sandbox.note());
  EXPECT_NE(sandbox.note()->find("without network isolation"), std::string::npos);
  EXPECT_FALSE(RenderSandbox(1ull << 30, RenderSandbox::Network::Isolated).note());
}

TEST_F(SandboxTest, AtTheTimeLimitTheToolDiesWithEverythingItStarted) {
  std::string marker = work_.path_of("alive").string();
  // A child, a child that left our process group, and one holding the output pipe.
  RenderTool tool = stand_in("(/bin/sleep 3; echo child > " + marker + ") &\n" +
                             "/usr/bin/setsid /bin/sh -c '/bin/sleep 3; echo escaped >> " + marker + "' &\n" +
                             "/bin/sleep 60\n");
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<RenderOutput> out = build(tool, RenderSandbox(), 1s);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
  EXPECT_EQ(out->status, RenderOutput::Status::Failed);
  EXPECT_EQ(out->message, "kustomize timed out after 1 s (--render-timeout)");
  std::this_thread::sleep_for(4s);
  if (RenderSandbox().network_isolated()) {
    EXPECT_FALSE(fs::exists(marker)) << work_.read("alive");
  } else {
    EXPECT_EQ(work_.read("alive"), "escaped\n") << "without namespaces, only the process group is killed";
  }
}

TEST_F(SandboxTest, WhatTheToolLeavesRunningDoesNotHoldUsUp) {
  // It exits at once, but a child keeps its standard output open.
  RenderTool tool = stand_in("/bin/sleep 60 &\n" + std::string(kConfigMap));
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<RenderOutput> out = build(tool, RenderSandbox(), 30s);
  if (RenderSandbox().network_isolated()) {
    EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
    EXPECT_TRUE(out->rendered()) << out->message;
  } else {
    EXPECT_LT(std::chrono::steady_clock::now() - start, 35s) << "bounded by the time limit";
  }
}

TEST_F(SandboxTest, ABuildThatNeedsMoreMemoryThanTheLimitFails) {
  auto allocating = [](const std::string& mib) {
    return "/usr/bin/python3 -c 'import sys\ntry:\n  b = bytearray(" + mib +
           " << 20)\nexcept MemoryError:\n  sys.exit(\"MemoryError: " + mib + " MiB\")' || exit 1\n" + kConfigMap;
  };
  RenderSandbox sandbox(256ull << 20);
  std::unique_ptr<RenderOutput> out = build(stand_in(allocating("512")), sandbox);
  EXPECT_EQ(out->status, RenderOutput::Status::Failed);
  EXPECT_NE(out->message.find("MemoryError"), std::string::npos) << out->message;
  EXPECT_TRUE(build(stand_in(allocating("16")), sandbox)->rendered());
}

TEST_F(SandboxTest, BuildsLeftWhenTheBudgetIsSpentAreNotRendered) {
  RenderBudget budget(1s);
  RenderTool slow = stand_in("/bin/sleep 5\n");
  std::unique_ptr<RenderOutput> first = build(slow, RenderSandbox(), 20s, &budget);
  EXPECT_EQ(first->status, RenderOutput::Status::NotRendered);
  EXPECT_EQ(first->message, "kustomize was stopped when the run's render budget of 1 s (--render-budget) ran out");
  std::unique_ptr<RenderOutput> second = build(slow, RenderSandbox(), 20s, &budget);
  EXPECT_EQ(second->status, RenderOutput::Status::NotRendered);
  EXPECT_EQ(second->message, "the run's render budget of 1 s (--render-budget) was spent before it could start");
}

TEST(RenderBudgetTest, AllowsWhatIsLeftAndNothingOnceSpent) {
  RenderBudget budget(std::chrono::seconds(100));
  EXPECT_EQ(budget.allow(1000ms), 1000ms);
  EXPECT_GT(budget.allow(500s), 99s);
  EXPECT_LE(budget.allow(500s), 100s);
  RenderBudget none(std::chrono::seconds(0));
  EXPECT_EQ(none.allow(1000ms), 0ms);
}

TEST_F(SandboxTest, RealKubectlKustomizeAndHelmRenderInTheSandbox) {
  DRIFTLINT_NEEDS_PROGRAM("kubectl");
  DRIFTLINT_NEEDS_PROGRAM("helm");
  RenderSandbox sandbox;
  std::optional<RenderTool> kustomize = find_kustomize("kubectl", sandbox);
  ASSERT_TRUE(kustomize) << "kubectl does not answer `kubectl version --client` in the sandbox";
  std::unique_ptr<RenderOutput> out = build(*kustomize, sandbox);
  ASSERT_TRUE(out->rendered()) << out->message;
  EXPECT_EQ(out->objects.size(), 1u);
  std::optional<RenderTool> helm = find_helm("helm", sandbox);
  ASSERT_TRUE(helm) << "helm does not answer `helm version --short` in the sandbox";
  work_.write("chart/Chart.yaml", "apiVersion: v2\nname: api\nversion: 1.0.0\n");
  work_.write("chart/templates/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: {{ .Release.Name }}}\n");
  ProcessResult r = sandbox.run({helm->command[0], "template", work_.path_of("chart").string(), "--name-template", "x"},
                                60s);
  EXPECT_TRUE(r.ok()) << r.err;
  EXPECT_NE(r.out.find("name: x"), std::string::npos) << r.out;
}

// Where the tool's HOME and TMPDIR are, as a host that records it sees them.
class RecordingHost : public ProcessHost {
 public:
  ProcessResult run(const std::vector<std::string>&, const ProcessOptions& options) const override {
    for (const auto& [name, value] : options.environment) {
      if (name == "TMPDIR") tmpdir = value;
    }
    ProcessResult r;
    r.started = true;
    return r;
  }
  std::optional<std::string> find(const std::string& program) const override { return "/usr/bin/" + program; }
  bool can_isolate() const override { return true; }
  mutable std::string tmpdir;
};

// A build that may download (a remote base kustomize clones into TMPDIR)
// writes to disk: pages of a memory file system escape --render-memory.
TEST(SandboxFoldersTest, AToolThatReachesTheNetworkGetsItsFoldersOnDisk) {
  RecordingHost host;
  RenderSandbox sandbox(kDefaultRenderMemoryMiB << 20, RenderSandbox::Network::Isolated, host);
  sandbox.run({"/usr/bin/kustomize", "build", "."}, 1s, 1 << 20, /*reach_network=*/true);
  EXPECT_EQ(host.tmpdir.rfind(disk_scratch_root() + "/driftlint-sandbox-", 0), 0u) << host.tmpdir;
  if (!std::getenv("TMPDIR")) EXPECT_EQ(host.tmpdir.rfind("/tmp/", 0), 0u) << host.tmpdir;
  sandbox.run({"/usr/bin/kustomize", "build", "."}, 1s, 1 << 20, /*reach_network=*/false);
  EXPECT_EQ(host.tmpdir.rfind(scratch_root() + "/driftlint-sandbox-", 0), 0u) << host.tmpdir;
}

}  // namespace
}  // namespace driftlint
