#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "load/loader.h"
#include "report/report.h"

namespace driftlint {
namespace {

struct TwoRepos {
  LoadResult load;
  LintOutput lint;

  TwoRepos() {
    RepoInput k8s;
    k8s.name = "infra_k8s";
    k8s.url = "https://token@git.example/virdx/infra_k8s.git";
    k8s.commit = "1111111111111111111111111111111111111111";
    k8s.git_folder = "deploy";
    RepoInput iam;
    iam.name = "infra-iam";
    iam.url = "git@git.example:virdx/infra_iam.git";
    iam.commit = "2222222222222222222222222222222222222222";
    RepoInput local;
    local.name = "scratch";
    local.url = "/home/me/scratch";
    load.repos = {k8s, iam, local};
    for (const char* repo : {"infra-iam", "infra_k8s"}) {
      Finding f;
      f.rule = "duplicate-key";
      f.message = "key set twice";
      f.repo = repo;
      f.path = "teams/semaphores.yaml";
      f.line = 4;
      lint.findings.push_back(f);
    }
  }
};

TEST(SarifReportTest, OneUriBaseIdPerRepoWithItsUrlAndRevision) {
  TwoRepos in;
  nlohmann::json run = nlohmann::json::parse(sarif_report(ReportInput{in.load, in.lint}))["runs"][0];
  EXPECT_EQ(run["originalUriBaseIds"].size(), 3u);
  EXPECT_TRUE(run["originalUriBaseIds"].contains("INFRA_K8S"));
  EXPECT_TRUE(run["originalUriBaseIds"].contains("INFRA_IAM"));
  EXPECT_TRUE(run["originalUriBaseIds"].contains("SCRATCH"));
  // The local repo has no URI to give; the token never reaches the file.
  ASSERT_EQ(run["versionControlProvenance"].size(), 2u);
  EXPECT_EQ(run["versionControlProvenance"][0]["repositoryUri"], "https://git.example/virdx/infra_k8s.git");
  EXPECT_EQ(run["versionControlProvenance"][0]["revisionId"], "1111111111111111111111111111111111111111");
  EXPECT_EQ(run["versionControlProvenance"][0]["mappedTo"]["uriBaseId"], "INFRA_K8S");
  EXPECT_EQ(run["versionControlProvenance"][1]["repositoryUri"], "ssh://git@git.example/virdx/infra_iam.git");
  auto artifact = [&](size_t i) { return run["results"][i]["locations"][0]["physicalLocation"]["artifactLocation"]; };
  EXPECT_EQ(artifact(0)["uri"], "teams/semaphores.yaml");
  EXPECT_EQ(artifact(0)["uriBaseId"], "INFRA_IAM");
  EXPECT_EQ(artifact(1)["uri"], "deploy/teams/semaphores.yaml");  // inside the git checkout
  EXPECT_EQ(artifact(1)["uriBaseId"], "INFRA_K8S");
}

TEST(SarifReportTest, SarifRepoKeepsOneReposFindings) {
  TwoRepos in;
  ReportInput input{in.load, in.lint};
  input.sarif_repo = "infra_k8s";
  nlohmann::json run = nlohmann::json::parse(sarif_report(input))["runs"][0];
  ASSERT_EQ(run["results"].size(), 1u);
  EXPECT_EQ(run["results"][0]["properties"]["repo"], "infra_k8s");
  EXPECT_EQ(run["originalUriBaseIds"].size(), 1u);
  EXPECT_EQ(run["versionControlProvenance"].size(), 1u);
}

}  // namespace
}  // namespace driftlint
