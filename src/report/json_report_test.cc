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

}  // namespace
}  // namespace driftlint
