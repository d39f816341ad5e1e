// A pull request is judged by its base's driftlint.yaml: the `rules:` and
// `ignore:` it brings apply once merged, and every weakening it makes (to
// the config, or a suppression added to a manifest) is reported as
// config-weakened where it is made.
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

constexpr const char* kBaseConfig =
    "rules:\n"
    "  enable: [unused-suppression]\n"
    "ignore:\n"
    "  - {rule: duplicate-key, path: 'legacy/**', reason: vendored}\n";

// Turns two rules off, drops an enable, lowers one, changes another's
// options, keeps the old ignore entry and adds one for every rule.
constexpr const char* kWeakerConfig =
    "rules:\n"
    "  disable: [namespace-gpu-quota, schema-violation]\n"
    "  severity: {yaml-syntax: notice}\n"
    "  options: {interactive-sleep: {patterns: ['never-matches']}}\n"
    "ignore:\n"
    "  - {rule: duplicate-key, path: 'legacy/**', reason: vendored}\n"
    "  - {path: 'apps/**', reason: quiet please}\n";

std::string quota(const std::string& ns) {
  return "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: gpus\n  namespace: " + ns +
         "\nspec:\n  hard:\n    requests.nvidia.com/gpu: \"4\"\n";
}

class PullRequestConfigTest : public ::testing::Test {
 protected:
  PullRequestConfigTest() : repo_(workspace_.path_of("infra")) {}
  Outcome pull_request() {
    return run_driftlint({"check", "--repo", "infra=.@HEAD", "--changed-since", "HEAD~1", "--format", "json",
                          "--no-cache"},
                         repo_.dir(), workspace_.path());
  }
  // "rule path:line message" of each finding.
  static std::multiset<std::string> findings(const Outcome& r, const std::string& rule) {
    std::multiset<std::string> out;
    nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
    if (report.is_discarded()) return {"(no JSON: " + r.err + ")"};
    for (const auto& f : report["findings"]) {
      if (f["rule"] != rule) continue;
      std::string line = f["line"].is_null() ? "" : ":" + std::to_string(f["line"].get<int>());
      if (!f["line"].is_null() && f.contains("column") && !f["column"].is_null()) {
        line += ":" + std::to_string(f["column"].get<int>());
      }
      out.insert(f["path"].get<std::string>() + line + " " + f["message"].get<std::string>());
    }
    return out;
  }
  Workspace workspace_;
  TestGitRepo repo_;
};

TEST_F(PullRequestConfigTest, TheBasesRulesJudgeTheChangeAndItsWeakeningsAreReported) {
  repo_.write("driftlint.yaml", kBaseConfig);
  repo_.write("apps/team-a/quota.yaml", quota("team-a"));
  repo_.commit_all("base");
  repo_.write("driftlint.yaml", kWeakerConfig);
  repo_.write("apps/team-b/quota.yaml", quota("team-b"));
  repo_.write("apps/team-c/cm.yaml",
              "# driftlint:ignore duplicate-key -- generated upstream\n"
              "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: team-c}\ndata: {a: '1', a: '2'}\n");
  repo_.commit_all("a change that switches its own checks off");
  Outcome r = pull_request();
  // The new quota is judged by the base's rules: the change's disable and its
  // ignore entry do not apply to it.
  EXPECT_EQ(findings(r, "namespace-gpu-quota").size(), 1u) << r.out << r.err;
  EXPECT_EQ(findings(r, "config-weakened"),
            (std::multiset<std::string>{
                "driftlint.yaml:1:1 no longer turns rule 'unused-suppression' on (the base does)",
                "driftlint.yaml:2:13 turns rule 'namespace-gpu-quota' off (the base has it on)",
                "driftlint.yaml:2:34 turns rule 'schema-violation' off (the base has it on)",
                "driftlint.yaml:3:14 lowers rule 'yaml-syntax' from error to notice",
                "driftlint.yaml:4:13 changes the options of rule 'interactive-sleep' (options can make a rule "
                "report less)",
                "driftlint.yaml:7:5 adds an ignore entry silencing every rule in 'apps/**'",
                "apps/team-c/cm.yaml:1:1 adds a driftlint:ignore comment silencing duplicate-key: 'generated upstream'",
            }));
  EXPECT_NE(r.err.find("pull-request mode: rules and ignore entries from HEAD~1:driftlint.yaml"), std::string::npos)
      << r.err;
  // A warning (team-b's quota) and notices: nothing at --fail-on error.
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(PullRequestConfigTest, DeletingTheConfigDoesNotDropTheBasesRules) {
  repo_.write("driftlint.yaml", "rules:\n  severity: {namespace-gpu-quota: error}\n  enable: [unused-suppression]\n");
  repo_.write("apps/team-a/quota.yaml", quota("team-a"));
  repo_.commit_all("base");
  repo_.git("rm -q driftlint.yaml");
  repo_.write("apps/team-b/quota.yaml", quota("team-b"));
  repo_.commit_all("no config");
  Outcome r = pull_request();
  EXPECT_EQ(findings(r, "config-weakened"),
            (std::multiset<std::string>{"driftlint.yaml:1:1 no longer turns rule 'unused-suppression' on (the base does)"}))
      << r.err;
  EXPECT_EQ(r.exit_code, 1) << r.err;
}

TEST_F(PullRequestConfigTest, AnUnchangedConfigAndOldSuppressionsReportNothing) {
  repo_.write("driftlint.yaml", kBaseConfig);
  repo_.write("apps/team-c/cm.yaml",
              "# driftlint:ignore duplicate-key -- generated upstream\n"
              "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: team-c}\ndata: {a: '1', a: '2'}\n");
  repo_.commit_all("base");
  repo_.write("apps/team-c/cm.yaml",
              "# a comment moves the suppression down a line\n"
              "# driftlint:ignore duplicate-key -- generated upstream\n"
              "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: team-c}\ndata: {a: '1', a: '2'}\n");
  repo_.commit_all("a comment");
  Outcome r = pull_request();
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(findings(r, "config-weakened").empty()) << r.out;
}

}  // namespace
}  // namespace driftlint
