// Issue 33: an app's `chart:` from a Helm repository is fetched only from a
// host --allow-network names (a chart repository on 127.0.0.1 here, started
// and stopped by the test), rendered and judged at the app's `chart:` line,
// and kept in the cache so a warm run fetches nothing; with the network off,
// one note names the chart and version, and no request is made.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
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

class ChartServer {
 public:
  ChartServer(const fs::path& folder, const fs::path& log) {
    fs::path port_file = folder.parent_path() / "port";
    pid_ = fork();
    if (pid_ == 0) {
      std::string script = std::string(DRIFTLINT_SOURCE_DIR) + "/testdata/helm/chart_server.py";
      execlp("python3", "python3", script.c_str(), folder.c_str(), port_file.c_str(), log.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 100 && port_ == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      std::error_code ec;
      if (fs::exists(port_file, ec)) port_ = std::stoi(read_whole_file(port_file));
    }
  }
  ~ChartServer() {
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

// Debian's docker-registry (an OCI registry) on a free port of 127.0.0.1,
// storing in `root`; stopped with the test.
class RegistryServer {
 public:
  explicit RegistryServer(const fs::path& root) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    if (bind(s, reinterpret_cast<sockaddr*>(&address), size) == 0 &&
        getsockname(s, reinterpret_cast<sockaddr*>(&address), &size) == 0) {
      port_ = ntohs(address.sin_port);
    }
    close(s);
    fs::path config = root / "registry.yml";
    write_text(config, "version: 0.1\nstorage:\n  filesystem:\n    rootdirectory: " + (root / "data").string() +
                           "\nhttp:\n  addr: 127.0.0.1:" + std::to_string(port_) + "\n");
    pid_ = fork();
    if (pid_ == 0) {
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, STDOUT_FILENO);
      dup2(devnull, STDERR_FILENO);
      execlp("docker-registry", "docker-registry", "serve", config.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 100 && !answering(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ~RegistryServer() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  int port() const { return port_; }

 private:
  bool answering() const {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(port_));
    bool ok = connect(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    close(s);
    return ok;
  }
  static void write_text(const fs::path& path, const std::string& text) {
    FILE* f = fopen(path.c_str(), "w");
    if (!f) return;
    fputs(text.c_str(), f);
    fclose(f);
  }
  pid_t pid_ = -1;
  int port_ = 0;
};

class RemoteChartE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!program_available("helm")) return;  // each test says so
    work_.write("src/ingress/Chart.yaml", "apiVersion: v2\nname: ingress\nversion: 1.2.0\n");
    work_.write("src/ingress/values.yaml", "port: web\n");
    work_.write("src/ingress/templates/service.yaml",
                "apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  selector: {app: i}\n"
                "  ports:\n  - name: http\n    port: {{ .Values.port }}\n");
    fs::path served = work_.make_folder("served");
    std::string helm = *find_program("helm");
    ASSERT_TRUE(run_process({helm, "package", (work_.path() / "src/ingress").string(), "-d", served.string()}).ok());
    ASSERT_TRUE(run_process({helm, "repo", "index", served.string()}).ok());
    log_ = work_.path() / "requests.log";
    server_ = std::make_unique<ChartServer>(served, log_);
    ASSERT_NE(server_->port(), 0);
    host_ = "127.0.0.1:" + std::to_string(server_->port());
    app("1.2.0");
    work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n");
  }
  void app(const std::string& version) {
    work_.write("repo/apps/ingress.yaml",
                "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: ingress, namespace: argocd}\n"
                "spec:\n  project: default\n  source:\n    repoURL: http://" + host_ + "\n    chart: ingress\n"
                "    targetRevision: " + version + "\n  destination: {namespace: edge}\n");
  }
  Outcome check(std::vector<std::string> more) {
    std::vector<std::string> args = {"check", "--cache-dir", (work_.path() / "cache").string()};
    args.insert(args.end(), more.begin(), more.end());
    return run_driftlint(args, work_);
  }
  std::string requests() const { return read_whole_file(log_); }

  Workspace work_;
  fs::path log_;
  std::unique_ptr<ChartServer> server_;
  std::string host_;
};

TEST_F(RemoteChartE2eTest, WithTheNetworkOffNothingIsRequestedAndANoteNamesTheChart) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  Outcome r = check({"--coverage", "--fail-on", "none"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("app 'ingress': its chart was not rendered: chart ingress 1.2.0 from http://" + host_ +
                       " not fetched: the network is off (--allow-network " + host_ + " fetches it)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("coverage: app 'ingress': not rendered"), std::string::npos) << r.err;
  EXPECT_EQ(requests(), "");
}

TEST_F(RemoteChartE2eTest, AnAllowedHostIsFetchedOnceJudgedAtTheChartLineAndCached) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  Outcome r = check({"--allow-network", host_, "--format", "json", "--fail-on", "none"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << r.out << r.err;
  bool at_chart = false;
  for (const auto& f : report["findings"]) {
    at_chart |= f["rule"] == "schema-violation" && f["path"] == "apps/ingress.yaml" && f["line"] == 8;
  }
  EXPECT_TRUE(at_chart) << report["findings"].dump(1) << r.err;
  EXPECT_EQ(report["coverage"]["builds"]["rendered"], 1) << report["coverage"].dump();
  EXPECT_NE(requests().find("/ingress-1.2.0.tgz"), std::string::npos) << requests();
  std::string after_cold = requests();
  Outcome warm = check({"--allow-network", host_, "--format", "json", "--fail-on", "none"});
  EXPECT_EQ(warm.out, r.out);
  EXPECT_EQ(requests(), after_cold) << "a warm run fetched again";
}

TEST_F(RemoteChartE2eTest, AnUnknownVersionFailsNamingTheApp) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  app("9.9.9");
  Outcome r = check({"--allow-network", host_, "--fail-on", "error"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("repo/apps/ingress.yaml:8:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("chart ingress 9.9.9 from http://" + host_ + " cannot be fetched: helm pull: "), std::string::npos)
      << r.out;
  Outcome elsewhere = check({"--allow-network", "charts.example"});
  EXPECT_NE(elsewhere.err.find("its host " + host_ + " is not among the hosts --allow-network names"), std::string::npos)
      << elsewhere.err;
}

// allowNetwork counts only in a config of the user's own (--config): a
// driftlint.yaml found where the run starts may be the change under review.
TEST_F(RemoteChartE2eTest, TheConfigAllowsTheNetworkOnlyWhenItIsTheUsersOwn) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n"
                                "allowNetwork: ['" + host_ + "']\n");
  Outcome found = check({"--fail-on", "none"});
  EXPECT_NE(found.err.find("allowNetwork is not honoured in a config driftlint found (it may be the change under review)"),
            std::string::npos)
      << found.err;
  EXPECT_EQ(requests(), "");
  Outcome named = check({"--config", (work_.path() / "driftlint.yaml").string(), "--fail-on", "none"});
  EXPECT_NE(named.out.find("repo/apps/ingress.yaml:8:5: error: "), std::string::npos) << named.out << named.err;
}

// The common multi-source app: the chart from the repository, its values
// from a `ref:` source in git ($values/...), reported at the values line.
TEST_F(RemoteChartE2eTest, ValuesFromARefSourceApply) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  work_.write("repo/values/ingress.yaml", "port: http-port\n");
  work_.write("repo/apps/ingress.yaml",
              "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: ingress, namespace: argocd}\n"
              "spec:\n  project: default\n  sources:\n  - repoURL: http://" + host_ + "\n    chart: ingress\n"
              "    targetRevision: 1.2.0\n    helm:\n      valueFiles: [$values/values/ingress.yaml]\n"
              "  - repoURL: https://git.example/org/repo.git\n    ref: values\n  destination: {namespace: edge}\n");
  Outcome r = check({"--allow-network", host_, "--fail-on", "none"});
  EXPECT_NE(r.out.find("repo/values/ingress.yaml:1:7: error: "), std::string::npos) << r.out << r.err;
  EXPECT_NE(r.out.find("spec.ports[0].port: expected integer"), std::string::npos) << r.out;
}

// The same chart pushed to an OCI registry (Debian's docker-registry on
// 127.0.0.1): `repoURL: oci://HOST/charts`, fetched and judged alike.
TEST_F(RemoteChartE2eTest, AChartFromAnOciRegistry) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  DRIFTLINT_NEEDS_PROGRAM("docker-registry");
  RegistryServer registry(work_.make_folder("registry"));
  ASSERT_NE(registry.port(), 0);
  std::string oci = "127.0.0.1:" + std::to_string(registry.port());
  ProcessResult pushed = run_process({*find_program("helm"), "push", (work_.path() / "served/ingress-1.2.0.tgz").string(),
                                      "oci://" + oci + "/charts", "--plain-http"});
  ASSERT_TRUE(pushed.ok()) << pushed.err;
  work_.write("repo/apps/ingress.yaml",
              "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: ingress, namespace: argocd}\n"
              "spec:\n  project: default\n  source:\n    repoURL: oci://" + oci + "/charts\n    chart: ingress\n"
              "    targetRevision: 1.2.0\n  destination: {namespace: edge}\n");
  Outcome r = check({"--allow-network", oci, "--fail-on", "none"});
  EXPECT_NE(r.out.find("repo/apps/ingress.yaml:8:5: error: "), std::string::npos) << r.out << r.err;
  EXPECT_NE(r.out.find("spec.ports[0].port: expected integer"), std::string::npos) << r.out;
}

// An umbrella chart in the repo whose dependency comes from the repository:
// fetched as `helm dependency build` would, at Chart.lock's version, its
// objects reported at the Chart.yaml line that names it.
TEST_F(RemoteChartE2eTest, ARepositoryDependencyIsFetchedAtItsLockedVersion) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  work_.write("repo/umbrella/Chart.yaml",
              "apiVersion: v2\nname: umbrella\nversion: 0.1.0\ndependencies:\n- name: ingress\n  version: '^1.0.0'\n"
              "  repository: http://" + host_ + "\n");
  work_.write("repo/umbrella/Chart.lock",
              "dependencies:\n- name: ingress\n  repository: http://" + host_ + "\n  version: 1.2.0\n");
  work_.write("repo/apps/umbrella.yaml",
              "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: umbrella, namespace: argocd}\n"
              "spec:\n  project: default\n  source:\n    repoURL: https://git.example/org/repo.git\n    path: umbrella\n"
              "  destination: {namespace: edge}\n");
  Outcome off = check({"--fail-on", "none"});
  EXPECT_NE(off.err.find("its dependency ingress 1.2.0 from http://" + host_ + " is not vendored in charts/ and not fetched: "
                         "the network is off (--allow-network " + host_ + " fetches it)"),
            std::string::npos)
      << off.err;
  Outcome on = check({"--allow-network", host_, "--format", "json", "--fail-on", "none"});
  nlohmann::json report = nlohmann::json::parse(on.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << on.out << on.err;
  bool at_dependency = false;
  for (const auto& f : report["findings"]) {
    at_dependency |= f["rule"] == "schema-violation" && f["path"] == "umbrella/Chart.yaml" && f["line"] == 5;
  }
  EXPECT_TRUE(at_dependency) << report["findings"].dump(1) << on.err;
}

}  // namespace
}  // namespace driftlint
