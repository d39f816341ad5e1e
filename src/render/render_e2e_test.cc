// Rendering as users run it: the same findings at a work tree and at the same
// commit through @REV, a warm run that renders nothing, what is not rendered
// (a remote base, no tool) said once, and Helm when helm is installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "base/process.h"
#include "testing/cli_driver.h"
#include "testing/git_repo.h"
#include "testing/required_tools.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class RenderE2eTest : public ::testing::Test {
 protected:
  // The two-overlay scenario of live-drift's fixtures, built into a git repo.
  fs::path build_scenario() {
    fs::path built = work_.path_of("scenario");
    std::string command = "'" + (fs::path(DRIFTLINT_SOURCE_DIR) / "ci" / "make-scenario").string() + "' '" +
                          (fs::path(DRIFTLINT_SOURCE_DIR) / "testdata/rules/live-drift/fire/kustomize-two-overlays").string() +
                          "' '" + built.string() + "' >/dev/null";
    EXPECT_EQ(std::system(command.c_str()), 0);
    return built;
  }
  Outcome run(const std::vector<std::string>& args) { return run_driftlint(args, work_); }
  static nlohmann::json findings(const Outcome& r) {
    nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
    return report.is_discarded() ? nlohmann::json() : report["findings"];
  }
  Workspace work_;
};

TEST_F(RenderE2eTest, AWorkTreeAndItsCommitGiveTheSameFindings) {
  fs::path s = build_scenario();
  std::string repo = (s / "repos/infra").string(), snapshot = (s / "snapshot.yaml").string();
  std::vector<std::string> common = {"--snapshot", snapshot, "--format", "json", "--no-cache", "--fail-on", "none",
                                     "--enable", "image-not-latest"};
  std::vector<std::string> tree = {"check", "--repo", "infra=" + repo};
  std::vector<std::string> at_rev = {"check", "--repo", "infra=" + repo + "@HEAD"};
  tree.insert(tree.end(), common.begin(), common.end());
  at_rev.insert(at_rev.end(), common.begin(), common.end());
  Outcome a = run(tree), b = run(at_rev);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(findings(a).dump(2), findings(b).dump(2));
  // Both saw the overlay's patch, not the base's value.
  EXPECT_NE(a.out.find("overlays/dev/replicas.yaml"), std::string::npos) << a.out;
  EXPECT_EQ(b.err.find("not rendered"), std::string::npos) << b.err;
}

TEST_F(RenderE2eTest, AWarmRunRendersNothing) {
  fs::path s = build_scenario();
  std::vector<std::string> args = {"check", "--repo", "infra=" + (s / "repos/infra").string(), "--cache-dir",
                                   work_.path_of("cache").string(), "--fail-on", "none"};
  Outcome cold = run(args), warm = run(args);
  EXPECT_NE(cold.err.find("rendered 2 builds with kustomize"), std::string::npos) << cold.err;
  EXPECT_NE(cold.err.find(": 2 run now, 0 from the cache"), std::string::npos) << cold.err;
  EXPECT_NE(warm.err.find(": 0 run now, 2 from the cache"), std::string::npos) << warm.err;
  EXPECT_EQ(cold.out, warm.out);
}

// Issue 30: without a cache (a fresh CI runner), a pull-request run still
// renders at the base only the builds whose files the change touched: the
// others are the head's, kept in memory for the run.
TEST_F(RenderE2eTest, APullRequestWithoutACacheRendersAtTheBaseOnlyWhatItChanged) {
  DRIFTLINT_NEEDS_PROGRAM("kubectl");
  fs::path bin = work_.make_folder("bin");
  work_.write("bin/kubectl", "#!/bin/sh\nif [ \"$1\" = kustomize ]; then echo \"$2\" >> '" + (bin / "builds").string() +
                                 "'; fi\nexec '" + program_path("kubectl") + "' \"$@\"\n");
  fs::permissions(bin / "kubectl", fs::perms::owner_all);
  TestGitRepo repo(work_.path_of("repo"));
  auto config_map = [](const std::string& name, const std::string& value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: " + name + ", namespace: x}\ndata: {v: '" + value + "'}\n";
  };
  for (std::string app : {"a", "b"}) {
    repo.write(app + "/kustomization.yaml", "resources:\n- cm.yaml\n");
    repo.write(app + "/cm.yaml", config_map(app, "1"));
  }
  repo.commit_all("two builds");
  repo.write("b/cm.yaml", config_map("b", "2"));
  repo.commit_all("one changed");
  std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", (bin.string() + ":" + old_path).c_str(), 1);
  Outcome r = run({"check", "repo", "--changed-since", "HEAD~1", "--no-cache", "--fail-on", "none"});
  setenv("PATH", old_path.c_str(), 1);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string builds = work_.read("bin/builds");
  EXPECT_EQ(std::count(builds.begin(), builds.end(), '\n'), 3) << "both at the head, the changed one at the base:\n"
                                                               << builds;
}

// Issue 30: a build that fails is cached like one that renders, so a warm
// run starts no tool; changing what it reads builds it again.
TEST_F(RenderE2eTest, AFailedBuildIsCachedToo) {
  if (!program_available("kubectl") && !program_available("kustomize")) GTEST_SKIP() << "no kustomize";
  work_.write("repo/app/kustomization.yaml", "resources:\n- deploy.yaml\npatches:\n- path: gone.yaml\n");
  work_.write("repo/app/deploy.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: x}\n");
  std::vector<std::string> args = {"check", "repo", "--cache-dir", work_.path_of("cache").string(), "--fail-on", "none"};
  Outcome cold = run(args), warm = run(args);
  EXPECT_NE(cold.out.find("gone.yaml does not exist in the repo"), std::string::npos) << cold.out << cold.err;
  EXPECT_EQ(cold.err.find("failed build"), std::string::npos) << cold.err;
  EXPECT_NE(warm.err.find("1 failed build from the cache"), std::string::npos) << warm.err;
  EXPECT_EQ(cold.out, warm.out);
  work_.write("repo/app/deploy.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b, namespace: x}\n");
  Outcome changed = run(args);
  EXPECT_EQ(changed.err.find("failed build"), std::string::npos) << changed.err;
}

TEST_F(RenderE2eTest, ARemoteBaseIsNotFetchedAndSaidOnce) {
  work_.write("repo/app/kustomization.yaml", "resources:\n- https://github.com/org/repo//deploy?ref=v1\n- local.yaml\n");
  work_.write("repo/app/local.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: local}\n");
  Outcome r = run({"check", "repo", "--no-cache"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("kustomization repo/app not rendered: it reads the remote base "
                       "'https://github.com/org/repo//deploy?ref=v1', which driftlint does not fetch"),
            std::string::npos)
      << r.err;
}

// Forms kustomize 5 clones over ssh from any host, which driftlint's prefix list once missed.
TEST_F(RenderE2eTest, ScpLikeAndMixedCaseRemoteBasesAreNotHandedToTheTool) {
  for (const char* base : {"deploy@127.0.0.1:org/repo", "GitHub.com/org/repo", "github.com:org/repo"}) {
    work_.write("repo/app/kustomization.yaml", std::string("resources:\n- ") + base + "\n- local.yaml\n");
    work_.write("repo/app/local.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: local}\n");
    Outcome r = run({"check", "repo", "--no-cache"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("kustomization repo/app not rendered: it reads the remote base '" + std::string(base) +
                         "', which driftlint does not fetch"),
              std::string::npos)
        << r.err;
  }
}

TEST_F(RenderE2eTest, WithoutRenderingFilesAreJudgedAsTheyAre) {
  work_.write("repo/app/kustomization.yaml", "resources: [local.yaml]\nimages: [{name: nginx, newTag: '1.27'}]\n");
  work_.write("repo/app/local.yaml",
              "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: a, image: nginx}\n");
  Outcome rendered = run({"check", "repo", "--no-cache", "--enable", "image-not-latest"});
  EXPECT_EQ(rendered.out.find("image-not-latest"), std::string::npos) << rendered.out;
  Outcome raw = run({"check", "repo", "--no-cache", "--enable", "image-not-latest", "--no-render"});
  EXPECT_NE(raw.out.find("image-not-latest"), std::string::npos) << raw.out;
  // Said as it is: rendering was turned off, not that kustomize is missing.
  EXPECT_NE(raw.err.find("kustomization repo/app not rendered: rendering is turned off (--no-render); judged as files"),
            std::string::npos)
      << raw.err;
  EXPECT_EQ(raw.err.find("not installed"), std::string::npos) << raw.err;
}

TEST_F(RenderE2eTest, HelmChartsRenderWhenHelmIsInstalled) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  work_.write("repo/apps.yaml",
              "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: api, namespace: argocd}\n"
              "spec:\n  project: default\n  source:\n    repoURL: https://git.example/org/repo.git\n    path: chart\n"
              "    helm:\n      parameters:\n      - {name: image.tag, value: latest}\n  destination: {namespace: prod}\n");
  work_.write("repo/chart/Chart.yaml", "apiVersion: v2\nname: api\nversion: 1.0.0\n");
  work_.write("repo/chart/values.yaml", "image:\n  repository: registry.example/api\n  tag: 1.0.0\n");
  work_.write("repo/chart/templates/deployment.yaml",
              "apiVersion: v1\nkind: Pod\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  containers:\n"
              "  - name: api\n    image: {{ .Values.image.repository }}:{{ .Values.image.tag }}\n");
  std::string config = "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n";
  work_.write("driftlint.yaml", config);
  Outcome r = run({"check", "--config", "driftlint.yaml", "--no-cache", "--enable", "image-not-latest", "--fail-on", "none"});
  EXPECT_NE(r.out.find("repo/apps.yaml:"), std::string::npos) << r.out << r.err;  // the parameter sets the tag
  EXPECT_NE(r.err.find("with helm"), std::string::npos) << r.err;
}

TEST_F(RenderE2eTest, AHelmSourceWithoutAChartFailsAtTheAppsPath) {
  work_.write("repo/apps.yaml",
              "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: api, namespace: argocd}\n"
              "spec:\n  project: default\n  source:\n    repoURL: https://git.example/org/repo.git\n    path: deploy\n"
              "    helm:\n      valueFiles: [values.yaml]\n  destination: {namespace: prod}\n");
  work_.write("repo/deploy/values.yaml", "replicas: 2\n");
  work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n");
  // Whether or not helm is installed: it is never run.
  Outcome r = run({"check", "--config", "driftlint.yaml", "--no-cache", "--fail-on", "none"});
  EXPECT_NE(r.out.find("repo/apps.yaml:8:11: error: "), std::string::npos) << r.out << r.err;
  EXPECT_NE(r.out.find("deploy has no Chart.yaml: the source's helm: block makes it a chart"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Chart.yaml:1:1"), std::string::npos) << r.out;
}

// Where helm is missing, a stand-in checks driftlint's side of the contract:
// the arguments it passes (as Argo CD passes them) and how it reads the
// output (each object at its template, a value at the line that sets it).
TEST_F(RenderE2eTest, ChartArgumentsAndOutputWithAStandInForHelm) {
  fs::path bin = work_.make_folder("bin");
  work_.write("bin/helm",
              "#!/bin/sh\n"
              "if [ \"$1\" = version ]; then echo v3.99.0+gstandin; exit 0; fi\n"
              "echo \"$@\" > " + bin.string() + "/args\n"
              "printf -- '---\\n# Source: api/templates/pod.yaml\\napiVersion: v1\\nkind: Pod\\nmetadata:\\n  name: api\\n"
              "spec:\\n  containers:\\n  - name: api\\n    image: registry.example/api:latest\\n'\n");
  fs::permissions(bin / "helm", fs::perms::owner_all);
  work_.write("repo/apps.yaml",
              "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: api, namespace: argocd}\n"
              "spec:\n  project: default\n  source:\n    repoURL: https://git.example/org/repo.git\n    path: chart\n"
              "    helm:\n      valueFiles: [values-prod.yaml]\n      parameters:\n      - {name: image.tag, value: latest}\n"
              "  destination: {namespace: prod}\n");
  work_.write("repo/chart/Chart.yaml", "apiVersion: v2\nname: api\nversion: 1.0.0\n");
  work_.write("repo/chart/values.yaml", "image:\n  repository: registry.example/api\n  tag: 1.0.0\n");
  work_.write("repo/chart/values-prod.yaml", "replicas: 2\n");
  work_.write("repo/chart/templates/pod.yaml", "kind: Pod\n");
  work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n");
  std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", (bin.string() + ":" + old_path).c_str(), 1);
  Outcome r = run({"check", "--config", "driftlint.yaml", "--no-cache", "--enable", "image-not-latest", "--fail-on", "none"});
  setenv("PATH", old_path.c_str(), 1);
  std::string args = work_.read("bin/args");
  EXPECT_NE(args.find("template "), std::string::npos) << args;
  EXPECT_NE(args.find("--name-template api --namespace prod --values "), std::string::npos) << args;
  EXPECT_NE(args.find("chart/values-prod.yaml --set image.tag=latest --include-crds"), std::string::npos) << args;
  EXPECT_NE(r.err.find("rendered 1 build with helm v3.99.0"), std::string::npos) << r.err;
  // The tag comes from the app's parameter: that is where the finding goes.
  EXPECT_NE(r.out.find("repo/apps.yaml:12:"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace driftlint
