// A pull request names paths outside its repo in every way content can
// (an app's path, a `$ref` value file, a kustomization folder, a link to a
// folder): driftlint refuses each at the line that names it, reads nothing
// outside the repo and writes nothing there, at a work tree as at @REV.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSecret = "planted-secret-2718";
constexpr const char* kUrl = "https://git.example/org/pr.git";

std::string application(const std::string& name, const std::string& sources) {
  return "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: " + name +
         "\n  namespace: argocd\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, "
         "namespace: team}\n" + sources;
}

class ContainmentTest : public ::testing::Test {
 protected:
  ContainmentTest() : repo_(work_.path_of("pr")) {
    // The runner's files next to the checkout: a folder kustomize would build, values helm would read.
    work_.write("runner/secrets/kustomization.yaml", "resources: [cm.yaml]\n");
    work_.write("runner/secrets/cm.yaml", std::string("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: s}\ndata: {token: ") +
                                              kSecret + "}\n");
    work_.write("runner/secrets/values.yaml", std::string("token: ") + kSecret + "\n");
    repo_.git(std::string("remote add origin ") + kUrl);
    repo_.write("chart/Chart.yaml", "apiVersion: v2\nname: c\nversion: 0.1.0\n");
    repo_.write("chart/templates/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {t: {{ .Values.token | quote }}}\n");
    repo_.write("apps/climbs.yaml", application("climbs", "  source:\n    repoURL: " + std::string(kUrl) +
                                                              "\n    path: ../runner/secrets\n"));
    repo_.write("apps/values.yaml",
                application("values", "  sources:\n  - repoURL: " + std::string(kUrl) +
                                          "\n    path: chart\n    helm:\n      valueFiles:\n      - "
                                          "$values/../runner/secrets/values.yaml\n  - repoURL: " + kUrl +
                                          "\n    ref: values\n"));
    repo_.write("base/kustomization.yaml", "resources:\n- ../../runner/secrets\n");
    repo_.write("gen/kustomization.yaml", "configMapGenerator:\n- name: g\n  files: [data/cm.yaml]\n");
    repo_.commit_all("a hostile pull request");
    fs::create_directory_symlink("../../runner/secrets", repo_.dir() / "gen/data");
  }

  Outcome check(const std::string& repo_spec) {
    return run_driftlint({"check", "--repo", repo_spec, "--no-cache", "--fail-on", "none", "--format", "json"}, work_);
  }

  void expect_refused_and_untouched(const Outcome& r) {
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find(kSecret), std::string::npos) << r.out;
    EXPECT_EQ(r.err.find(kSecret), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("../runner/secrets: app path outside root"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("value file '$values/../runner/secrets/values.yaml' resolved to outside repository root"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("refused: '../../runner/secrets' leaves the repo"), std::string::npos) << r.out;
    EXPECT_EQ(work_.read("runner/secrets/kustomization.yaml"), "resources: [cm.yaml]\n");
    EXPECT_EQ(fs::directory_iterator(work_.path_of("runner/secrets")) != fs::directory_iterator(), true);
    size_t files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(work_.path_of("runner/secrets"))) ++files;
    EXPECT_EQ(files, 3u);
  }

  Workspace work_;
  TestGitRepo repo_;
};

TEST_F(ContainmentTest, AWorkTreeReadsAndWritesNothingOutside) {
  Outcome r = check("pr=pr");
  expect_refused_and_untouched(r);
  // Each refusal is at the line that names the path.
  EXPECT_NE(r.out.find("\"path\": \"apps/climbs.yaml\",\n      \"line\": 11"), std::string::npos) << r.out;
}

TEST_F(ContainmentTest, ARevisionReadsAndWritesNothingOutside) { expect_refused_and_untouched(check("pr=pr@HEAD")); }

}  // namespace
}  // namespace driftlint
