// Issue 33: a clean run says what it did not render, and --fail-on-incomplete
// makes that the gate: an app whose build fails or whose chart is not
// fetched is incomplete; plain folders and rendered builds are complete.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "base/process.h"
#include "testing/cli_driver.h"

namespace driftlint {
namespace {

class CoverageE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!program_available("kubectl") && !program_available("kustomize")) GTEST_SKIP() << "no kustomize";
    app("plain", "plain");
    app("broken", "broken");
    work_.write("repo/plain/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: x}\n");
    work_.write("repo/broken/kustomization.yaml", "resources:\n- gone.yaml\n");
    work_.write("repo/argocd/ingress.yaml",
                "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: ingress, namespace: argocd}\n"
                "spec:\n  project: default\n  source: {repoURL: 'https://kubernetes.github.io/ingress-nginx', "
                "chart: ingress-nginx, targetRevision: 4.11.0}\n  destination: {namespace: ingress}\n");
    work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n");
  }
  void app(const std::string& name, const std::string& path) {
    work_.write("repo/argocd/" + name + ".yaml",
                "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: " + name +
                    ", namespace: argocd}\nspec:\n  project: default\n  source: {repoURL: 'https://git.example/org/repo.git', "
                    "path: " + path + "}\n  destination: {namespace: " + name + "}\n");
  }
  Outcome check(std::vector<std::string> more) {
    std::vector<std::string> args = {"check", "--no-cache", "--fail-on", "none"};
    args.insert(args.end(), more.begin(), more.end());
    return run_driftlint(args, work_);
  }
  Workspace work_;
};

TEST_F(CoverageE2eTest, SaysWhatWasNotRenderedAndFailsOnlyWhenAsked) {
  Outcome r = check({});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("coverage: 3 apps: 1 plain files, 1 not rendered, 1 failed; "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(--coverage lists the 2 incomplete)"), std::string::npos) << r.err;
  Outcome gate = check({"--fail-on-incomplete"});
  EXPECT_EQ(gate.exit_code, 1) << gate.err;
  EXPECT_NE(gate.err.find("2 apps were not completely rendered, so what it deploys was not all checked: exit 1 "
                          "(--fail-on-incomplete)"),
            std::string::npos)
      << gate.err;
  Outcome detail = check({"--coverage"});
  EXPECT_NE(detail.err.find("coverage: app 'broken': failed: broken/gone.yaml does not exist in the repo"),
            std::string::npos)
      << detail.err;
  EXPECT_NE(detail.err.find("coverage: app 'ingress': not rendered: chart ingress-nginx 4.11.0 from "
                            "https://kubernetes.github.io/ingress-nginx not fetched: the network is off "
                            "(--allow-network kubernetes.github.io fetches it)"),
            std::string::npos)
      << detail.err;
  EXPECT_NE(detail.err.find("coverage: app 'plain': plain files"), std::string::npos) << detail.err;
}

TEST_F(CoverageE2eTest, TheConfigCanMakeItTheGate) {
  work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n"
                                "failOnIncomplete: true\n");
  Outcome gate = check({});
  EXPECT_EQ(gate.exit_code, 1) << gate.err;
  EXPECT_NE(gate.err.find("2 apps were not completely rendered, so what it deploys was not all checked: exit 1 "
                          "(failOnIncomplete in "),
            std::string::npos)
      << gate.err;
  work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n"
                                "failOnIncomplete: sometimes\n");
  Outcome typo = check({});
  EXPECT_EQ(typo.exit_code, 2) << typo.err;
  EXPECT_NE(typo.err.find("'failOnIncomplete' must be true or false"), std::string::npos) << typo.err;
}

TEST_F(CoverageE2eTest, AFolderWithJsonnetIsNotRendered) {
  app("mixed", "mixed");
  work_.write("repo/mixed/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m, namespace: mixed}\n");
  work_.write("repo/mixed/more.jsonnet", "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'j' } }\n");
  Outcome detail = check({"--coverage"});
  EXPECT_NE(detail.err.find("coverage: app 'mixed': not rendered: its folder holds .jsonnet files, which driftlint "
                            "does not evaluate"),
            std::string::npos)
      << detail.err;
}

TEST_F(CoverageE2eTest, EachApplicationSetSaysWhatItGenerated) {
  work_.write("repo/argocd/set.yaml",
              "apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: teams, namespace: argocd}\n"
              "spec:\n  generators:\n  - list:\n      elements: [{team: a}, {team: b}]\n"
              "  - clusters:\n      selector: {matchLabels: {env: prod}}\n"
              "  template:\n    metadata: {name: 'team-{{team}}'}\n    spec:\n      project: default\n"
              "      source: {repoURL: 'https://git.example/org/repo.git', path: plain}\n"
              "      destination: {server: 'https://kubernetes.default.svc', namespace: '{{team}}'}\n");
  Outcome detail = check({"--coverage"});
  EXPECT_NE(detail.err.find("coverage: ApplicationSet 'teams': 1 of 2 generators expanded, 2 apps generated, "
                            "0 clusters matched (incomplete: the notes say why)"),
            std::string::npos)
      << detail.err;
  Outcome json = check({"--format", "json"});
  nlohmann::json report = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << json.out;
  EXPECT_EQ(report["coverage"]["applicationSets"][0]["clustersMatched"], 0);
  EXPECT_EQ(report["coverage"]["applicationSets"][0]["apps"], 2);
}

TEST_F(CoverageE2eTest, TheJsonReportAndMarkdownSayItToo) {
  Outcome json = check({"--format", "json"});
  nlohmann::json report = nlohmann::json::parse(json.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << json.out;
  EXPECT_EQ(report["coverage"]["incompleteApps"], 2);
  EXPECT_EQ(report["coverage"]["builds"]["failed"], 1);
  bool failed_named = false;
  for (const auto& a : report["coverage"]["apps"]) failed_named |= a["name"] == "broken" && a["state"] == "failed";
  EXPECT_TRUE(failed_named) << report["coverage"].dump();
  Outcome md = check({"--format", "markdown"});
  EXPECT_NE(md.out.find("## Coverage\n\n3 apps: 1 plain files, 1 not rendered, 1 failed;"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("- `broken`: failed: broken/gone.yaml does not exist in the repo\n"), std::string::npos) << md.out;
}

}  // namespace
}  // namespace driftlint
