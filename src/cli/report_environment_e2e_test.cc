// What `check` takes from the environment on GitHub Actions and for
// reproducible reports, run on the demo (two repos) as a workflow would.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class ReportEnvironmentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string make = (fs::path(DRIFTLINT_SOURCE_DIR) / "ci" / "make-scenario").string();
    std::string command = "'" + make + "' '" + (fs::path(DRIFTLINT_SOURCE_DIR) / "testdata" / "demo").string() + "' '" +
                          workspace_.path_of("demo").string() + "' >/dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0);
  }
  void TearDown() override {
    for (const char* name : {"GITHUB_ACTIONS", "GITHUB_REPOSITORY", "GITHUB_STEP_SUMMARY", "SOURCE_DATE_EPOCH"}) unsetenv(name);
  }
  Outcome run(const std::vector<std::string>& args) {
    return run_driftlint(args, workspace_.path_of("demo"), workspace_.path());
  }

  Workspace workspace_;
};

TEST_F(ReportEnvironmentTest, GithubAnnotatesTheWorkflowsRepoAndSummarisesTheOthers) {
  setenv("GITHUB_ACTIONS", "true", 1);
  setenv("GITHUB_REPOSITORY", "virdx/infra_k8s", 1);
  setenv("GITHUB_STEP_SUMMARY", workspace_.path_of("summary.md").c_str(), 1);
  Outcome r = run({"check", "--format", "github"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out.find("(infra_iam)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(infra_k8s)"), std::string::npos) << r.out;
  std::string summary = workspace_.read("summary.md");
  // self-heal-revert and shared-resource on infra_iam's semaphore ConfigMap.
  EXPECT_NE(summary.find("### driftlint: 2 findings in repo `infra_iam`"), std::string::npos) << summary;
  EXPECT_NE(summary.find("`infra_iam/users/semaphores.yaml:8`"), std::string::npos) << summary;
}

TEST_F(ReportEnvironmentTest, SarifRepoKeepsOneRepoAndRefusesAnUnknownOne) {
  Outcome r = run({"check", "--format", "sarif", "--sarif-repo", "infra_iam"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  nlohmann::json run_doc = nlohmann::json::parse(r.out)["runs"][0];
  for (const auto& result : run_doc["results"]) EXPECT_EQ(result["properties"]["repo"], "infra_iam");
  EXPECT_EQ(run_doc["originalUriBaseIds"].size(), 1u);
  Outcome unknown = run({"check", "--format", "sarif", "--sarif-repo", "infra"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("--sarif-repo infra: no such repo (the repos are infra_k8s, infra_iam)"), std::string::npos)
      << unknown.err;
}

TEST_F(ReportEnvironmentTest, SourceDateEpochFixesTheMarkdownReportsTime) {
  setenv("SOURCE_DATE_EPOCH", "1796385600", 1);
  Outcome r = run({"check", "--format", "markdown"});
  EXPECT_NE(r.out.find("Generated 2026-12-04T12:00:00Z. Cluster context `gpu-prod`. Snapshot captured "
                       "2026-12-04T09:00:00Z (3 h before)."),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace driftlint
