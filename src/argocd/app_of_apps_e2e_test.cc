// Issue 33: app-of-apps. A chart no app names renders Applications (each
// behind an `enabled` value); they become apps whose sources are judged in
// turn, level by level, a cycle ending where a name is known, and a finding
// about a rendered app lands at the template line that writes it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"
#include "testing/required_tools.h"

namespace driftlint {
namespace {

std::string application(const std::string& name, const std::string& path) {
  return "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: " + name +
         "\n  namespace: argocd\nspec:\n  project: default\n  source:\n    repoURL: https://git.example/org/repo.git\n"
         "    path: " + path + "\n  destination: {server: 'https://kubernetes.default.svc', namespace: " + name + "}\n";
}

class AppOfAppsE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    work_.write("repo/apps/Chart.yaml", "apiVersion: v2\nname: apps\nversion: 1.0.0\n");
    work_.write("repo/apps/values.yaml", "apps:\n  api: {enabled: true}\n  ghost: {enabled: true}\n  off: {enabled: false}\n");
    work_.write("repo/apps/templates/apps.yaml",
                "{{- range $name, $app := .Values.apps }}\n{{- if $app.enabled }}\n---\n"
                "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: {{ $name }}\n  namespace: argocd\n"
                "spec:\n  project: default\n  source:\n    repoURL: https://git.example/org/repo.git\n"
                "    path: services/{{ $name }}\n"
                "  destination: {server: 'https://kubernetes.default.svc', namespace: '{{ $name }}'}\n"
                "{{- end }}\n{{- end }}\n");
    // api, a chart, deploys db; db, a chart, deploys api again (a cycle).
    work_.write("repo/services/api/Chart.yaml", "apiVersion: v2\nname: api\nversion: 1.0.0\n");
    work_.write("repo/services/api/templates/db-app.yaml", application("db", "services/db"));
    work_.write("repo/services/db/Chart.yaml", "apiVersion: v2\nname: db\nversion: 1.0.0\n");
    work_.write("repo/services/db/templates/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: db}\ndata: {a: b}\n");
    work_.write("repo/services/db/templates/api-app.yaml", application("api", "services/api"));
    work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n");
  }
  Outcome check(std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"check", "--no-cache", "--fail-on", "none"};
    args.insert(args.end(), more.begin(), more.end());
    return run_driftlint(args, work_);
  }
  Workspace work_;
};

TEST_F(AppOfAppsE2eTest, ApplicationsAChartRendersAreAppsLevelByLevel) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  Outcome r = check({"--coverage"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // api and ghost from the root chart, db from api's chart; db's api is known already.
  EXPECT_NE(r.err.find("app-of-apps: 3 apps that builds make (Applications, ApplicationSets) are rendered and judged"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("coverage: app 'api': rendered"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("coverage: app 'db': rendered"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("coverage: app 'ghost'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("coverage: app 'off'"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("not-deployed"), std::string::npos) << r.out;  // db's ConfigMap is deployed by db
}

TEST_F(AppOfAppsE2eTest, AFindingAboutARenderedAppIsAtItsTemplateLine) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  Outcome r = check({"--format", "json"});
  nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << r.out << r.err;
  bool found = false;
  for (const auto& f : report["findings"]) {
    if (f["rule"] != "app-source-missing") continue;
    found = true;
    EXPECT_EQ(f["path"], "apps/templates/apps.yaml") << f.dump();
    EXPECT_EQ(f["line"], 13) << f.dump();
    EXPECT_NE(f["message"].get<std::string>().find("services/ghost"), std::string::npos) << f.dump();
  }
  EXPECT_TRUE(found) << report["findings"].dump(1);
}

}  // namespace
}  // namespace driftlint
