// `driftlint plan`'s command line on a repository the test creates: what it
// refuses, where it writes, and the plan summary `check --diff` ends with.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

constexpr const char* kUrl = "https://git.example/org/infra.git";

class PlanCommandTest : public ::testing::Test {
 protected:
  PlanCommandTest() : repo_(workspace_.path_of("infra")) {
    repo_.git("remote add origin " + std::string(kUrl));
    repo_.write("argocd/app.yaml",
                "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: api, namespace: argocd}\nspec:\n"
                "  project: default\n  source: {repoURL: '" + std::string(kUrl) + "', path: api}\n"
                "  destination: {namespace: api}\n  syncPolicy:\n    automated: {prune: true}\n");
    repo_.write("api/old.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: old}\n");
    repo_.write("api/deployment.yaml", deployment("api"));
    repo_.commit_all("base");
  }
  static std::string deployment(const std::string& label) {
    return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  selector: {matchLabels: {app: " + label +
           "}}\n  template:\n    metadata: {labels: {app: " + label + "}}\n    spec:\n      containers: [{name: a, image: x}]\n";
  }
  Outcome plan(std::vector<std::string> extra) {
    std::vector<std::string> args = {"plan", "--repo", "infra=infra", "--no-cache"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_driftlint(args, workspace_);
  }
  Workspace workspace_;
  TestGitRepo repo_;
};

TEST_F(PlanCommandTest, NeedsSomethingToCompareWith) {
  Outcome r = plan({});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("plan: nothing to compare with: give --snapshot FILE"), std::string::npos) << r.err;
  EXPECT_EQ(plan({"--base", "HEAD", "--format", "yaml"}).exit_code, 2);
  EXPECT_EQ(plan({"--base", "no-such-revision"}).exit_code, 2);
}

TEST_F(PlanCommandTest, FailsOnDeletesAndErrorsOnlyWhenAsked) {
  std::filesystem::remove(workspace_.path_of("infra/api/old.yaml"));
  repo_.write("api/deployment.yaml", deployment("api-v2"));
  Outcome r = plan({"--base", "HEAD"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("- ConfigMap api/old: pruned: no longer in git (automated prune)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("! Deployment api/api: sync will fail: field is immutable: spec.selector"), std::string::npos) << r.out;
  EXPECT_EQ(plan({"--base", "HEAD", "--fail-on-delete"}).exit_code, 1);
  EXPECT_EQ(plan({"--base", "HEAD", "--fail-on-error"}).exit_code, 1);
  EXPECT_EQ(plan({"--base", "HEAD", "--fail-on-replace"}).exit_code, 0);
  Outcome written = plan({"--base", "HEAD", "--format", "json", "-o", "plan.json"});
  EXPECT_EQ(written.exit_code, 0) << written.err;
  nlohmann::json j = nlohmann::json::parse(workspace_.read("plan.json"), nullptr, false);
  ASSERT_FALSE(j.is_discarded());
  EXPECT_EQ(j["totals"]["change"]["delete"], 1);
  EXPECT_EQ(j["totals"]["change"]["fail"], 1);
  EXPECT_TRUE(j["totals"]["live"].is_null());
}

TEST_F(PlanCommandTest, APullRequestCommentEndsWithThePlanSummary) {
  std::filesystem::remove(workspace_.path_of("infra/api/old.yaml"));
  Outcome r = run_driftlint({"check", "--repo", "infra=infra", "--changed-since", "HEAD", "--diff", "--format", "markdown",
                             "--no-cache", "--fail-on", "none"},
                            workspace_);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  size_t diff = r.out.find("### Rendered changes (driftlint)"), plan = r.out.find("### Sync plan (driftlint)");
  ASSERT_NE(plan, std::string::npos) << r.out;
  EXPECT_LT(diff, plan);
  EXPECT_NE(r.out.find("`ConfigMap api/old` (app `api`, this change): pruned"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace driftlint
