// Issue 33: charts no app names are rendered too (with their defaults and
// each chart-testing ci/ values file), a file:// dependency is copied in
// offline, and a rendered chart's templates/ is no longer "not rendered".
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"
#include "testing/required_tools.h"

namespace driftlint {
namespace {

class RootChartsE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    work_.write("repo/serving/Chart.yaml",
                "apiVersion: v2\nname: serving\nversion: 1.0.0\n"
                "dependencies:\n- {name: common, version: 1.0.0, repository: 'file://../common'}\n");
    work_.write("repo/serving/values.yaml", "replicas: 1\n");
    work_.write("repo/serving/templates/deployment.yaml",
                "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n"
                "spec:\n  replicas: {{ .Values.replicas }}\n  selector: {matchLabels: {app: s}}\n"
                "  template:\n    metadata: {labels: {app: s}}\n    spec:\n      containers:\n"
                "      - {name: s, image: 'serving:1.0'}\n");
    work_.write("repo/serving/ci/many-values.yaml", "replicas: many\n");
    work_.write("repo/serving/templates/service.yaml",
                "apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name }}\n  labels:\n"
                "    {{- include \"nothing\" . }}\nspec:\n  selector: {app: s}\n  ports:\n  - name: web\n"
                "    port: web\n");
    work_.write("repo/serving/templates/_helpers.tpl", "{{- define \"nothing\" -}}{{- end -}}\n");
    work_.write("repo/common/Chart.yaml", "apiVersion: v2\nname: common\nversion: 1.0.0\n");
    work_.write("repo/common/templates/cm.yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: common\ndata: {a: b}\n");
    work_.write("repo/lib/Chart.yaml", "apiVersion: v2\nname: lib\ntype: library\nversion: 1.0.0\n");
    work_.write("repo/lib/templates/_helpers.tpl", "{{- define \"lib.name\" -}}lib{{- end -}}\n");
  }
  Outcome check(std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"check", "repo", "--no-cache", "--fail-on", "none", "--no-config"};
    args.insert(args.end(), more.begin(), more.end());
    return run_driftlint(args, work_);
  }
  Workspace work_;
};

TEST_F(RootChartsE2eTest, ARootChartIsJudgedWithEachCiValuesFile) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  Outcome r = check({"--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << r.out;
  // The variant's replicas: many is a schema violation, at the values line that sets it.
  bool violation = false;
  for (const auto& f : report["findings"]) {
    violation |= f["rule"] == "schema-violation" && f["path"] == "serving/ci/many-values.yaml" && f["line"] == 1 &&
                 f["message"].get<std::string>().find("replicas") != std::string::npos;
  }
  EXPECT_TRUE(violation) << report["findings"].dump(1);
  // A literal the template writes is reported at its line (once: both builds write it there).
  size_t at_template = 0;
  for (const auto& f : report["findings"]) {
    at_template += f["rule"] == "schema-violation" && f["path"] == "serving/templates/service.yaml" && f["line"] == 11;
  }
  EXPECT_EQ(at_template, 1u) << report["findings"].dump(1);
  // Defaults and the variant rendered; the file:// dependency's object is judged at its own template.
  EXPECT_EQ(report["coverage"]["builds"]["rendered"], 2) << report["coverage"].dump();
  EXPECT_EQ(report["summary"]["not_rendered"], 1) << "only the library chart's templates: " << report["skipped"].dump();
  EXPECT_EQ(report["skipped"].size(), 1u) << report["skipped"].dump();
  EXPECT_EQ(report["skipped"][0]["path"], "lib/templates");
}

TEST_F(RootChartsE2eTest, TheRunSaysWhatItLeftOut) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  Outcome r = check();
  EXPECT_NE(r.err.find("library chart repo/lib: nothing of their own to render"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("skipped repo/serving/templates"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("1 template not rendered"), std::string::npos) << r.out;  // the library chart's
}

TEST_F(RootChartsE2eTest, AFileDependencyOutsideTheRepoFailsTheBuildNamingIt) {
  DRIFTLINT_NEEDS_PROGRAM("helm");
  work_.write("repo/serving/Chart.yaml",
              "apiVersion: v2\nname: serving\nversion: 1.0.0\n"
              "dependencies:\n- {name: common, version: 1.0.0, repository: 'file://../../elsewhere'}\n");
  Outcome r = check();
  EXPECT_NE(r.out.find("its dependency common (file://../../elsewhere) is outside the repo"), std::string::npos)
      << r.out << r.err;
}

}  // namespace
}  // namespace driftlint
