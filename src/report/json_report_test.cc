#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "argocd/model.h"
#include "lint/fingerprint.h"
#include "load/loader.h"
#include "report/report.h"

namespace driftlint {
namespace {

TEST(JsonReportTest, FindingsCarryAppFingerprintAndDriftValues) {
  LoadResult load;
  RepoInput repo;
  repo.name = "infra";
  repo.commit = "abc";
  load.repos.push_back(repo);
  ArgoModel argo;
  Application app;
  app.name = "serving";
  app.project = "gpu";
  app.destination_name = "gpu-prod";
  app.live = true;
  app.sync_status = "OutOfSync";
  app.health_status = "Healthy";
  AppSource source;
  source.repo_url = "https://token@github.com/org/infra.git";
  source.bound.repo = 0;
  app.sources.push_back(source);
  app.live_revisions = {"def"};
  argo.apps.push_back(app);
  argo.app_index["serving"] = 0;
  LintOutput lint;
  Finding f;
  f.rule = "live-drift";
  f.severity = Severity::Warning;
  f.message = "Deployment x: spec.replicas: live 4, git 2";
  f.repo = "infra";
  f.path = "d.yaml";
  f.apps = {"serving"};
  f.drift = FieldValues{"spec.replicas", "4", std::nullopt};
  lint.findings.push_back(f);
  ReportInput input{load, lint, nullptr, &argo};
  nlohmann::json doc = nlohmann::json::parse(json_report(input));
  const nlohmann::json& finding = doc["findings"][0];
  EXPECT_EQ(finding["app"], "serving");
  EXPECT_EQ(finding["fingerprint"], fingerprints(lint.findings)[0]);
  EXPECT_EQ(finding["field"], "spec.replicas");
  EXPECT_EQ(finding["live"], 4);
  EXPECT_TRUE(finding["desired"].is_null());
  const nlohmann::json& row = doc["apps"][0];
  EXPECT_EQ(row["project"], "gpu");
  EXPECT_EQ(row["destination"]["cluster"], "gpu-prod");
  EXPECT_EQ(row["healthStatus"], "Healthy");
  EXPECT_EQ(row["sources"][0]["repoURL"], "https://github.com/org/infra.git");  // no token
  EXPECT_EQ(row["sources"][0]["liveRevision"], "def");
  EXPECT_EQ(row["sources"][0]["repoHead"], "abc");
}

TEST(JsonReportTest, SkippedPathsSayWhichAreTemplatesAndTheSummaryCountsThem) {
  LoadResult load;
  RepoInput repo;
  repo.name = "infra";
  load.repos.push_back(repo);
  load.skipped.push_back({0, SkippedPath{"charts/x/templates", "Helm chart templates (not rendered)", true}});
  load.skipped.push_back({0, SkippedPath{"op/pod-template.yaml", "a Go/Jinja template, not rendered", true}});
  load.skipped.push_back({0, SkippedPath{"link.yaml", "symbolic link to a file outside the repo", false}});
  LintOutput lint;
  ReportInput input{load, lint, nullptr, nullptr};
  nlohmann::json doc = nlohmann::json::parse(json_report(input));
  ASSERT_EQ(doc["skipped"].size(), 3u);
  EXPECT_EQ(doc["skipped"][0]["not_rendered"], true);
  EXPECT_EQ(doc["skipped"][2]["not_rendered"], false);
  EXPECT_EQ(doc["summary"]["not_rendered"], 2);
  EXPECT_NE(summary_line(input).find("; 2 templates not rendered (not checked)"), std::string::npos)
      << summary_line(input);
}

}  // namespace
}  // namespace driftlint
