// Every suppression form through the binary, and baselines across an edit
// that shifts lines.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class SuppressionE2eTest : public ::testing::Test {
 protected:
  Outcome run(const std::vector<std::string>& args) { return run_driftlint(args, workspace_); }
  // (rule, line) of every finding in a JSON report, suppressed ones marked.
  std::set<std::string> findings(const std::string& json) {
    std::set<std::string> out;
    nlohmann::json report = nlohmann::json::parse(json);  // kept alive for the loop
    for (const auto& f : report["findings"]) {
      out.insert(f["rule"].get<std::string>() + "@" + f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>()) +
                 (f.contains("suppressed") ? " " + f["suppressed"]["kind"].get<std::string>() : ""));
    }
    return out;
  }
  Workspace workspace_;
};

// Four duplicate keys: one silenced per form, one left.
constexpr const char* kDuplicates =
    "apiVersion: v1\n"                                                             // 1
    "kind: ConfigMap\n"                                                            // 2
    "metadata: {name: a}\n"                                                        // 3
    "data:\n"                                                                      // 4
    "  k: '1'\n"                                                                   // 5
    "  k: '2'  # driftlint:ignore duplicate-key -- same line\n"                    // 6
    "  # driftlint:ignore duplicate-key -- the next line\n"                        // 7
    "  k: '3'\n"                                                                   // 8
    "  k: '4'\n"                                                                   // 9
    "---\n"                                                                        // 10
    "# driftlint:ignore duplicate-key -- the whole document\n"                     // 11
    "apiVersion: v1\n"                                                             // 12
    "kind: ConfigMap\n"                                                            // 13
    "metadata: {name: b}\n"                                                        // 14
    "data: {k: '1', k: '2'}\n"                                                     // 15
    "---\n"                                                                        // 16
    "apiVersion: v1\n"                                                             // 17
    "kind: ConfigMap\n"                                                            // 18
    "metadata: {name: c, annotations: {driftlint.io/ignore: 'duplicate-key -- annotated'}}\n"  // 19
    "data: {k: '1', k: '2'}\n";                                                    // 20

TEST_F(SuppressionE2eTest, EveryFormSilencesWithItsReasonAndSarifShowsIt) {
  workspace_.write("repo/cm.yaml", kDuplicates);
  workspace_.write("repo/other.yaml",
                   "# driftlint:ignore-file duplicate-key -- vendored\napiVersion: v1\nkind: ConfigMap\n"
                   "metadata: {name: d}\ndata: {k: '1', k: '2'}\n");
  workspace_.write("repo/config.yaml",
                   "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: e}\ndata: {k: '1', k: '2'}\n");
  workspace_.write("driftlint.yaml", "repos: [{name: repo, source: repo}]\nignore:\n"
                                     "  - {rule: duplicate-key, path: config.yaml, reason: TICKET-7}\n");
  Outcome r = run({"check", "--format", "json", "--show-suppressed", "-o", "sarif=out.sarif", "-o", "-"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(findings(r.out), (std::set<std::string>{
                                 "duplicate-key@cm.yaml:6 inSource", "duplicate-key@cm.yaml:8 inSource",
                                 "duplicate-key@cm.yaml:9",  // the one left
                                 "duplicate-key@cm.yaml:15 inSource", "duplicate-key@cm.yaml:20 inSource",
                                 "duplicate-key@other.yaml:5 inSource", "duplicate-key@config.yaml:4 external"}));
  auto report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["summary"]["suppressed"], 6);
  for (const auto& f : report["findings"]) {
    if (f["line"] == 20) EXPECT_EQ(f["suppressed"]["reason"], "annotated (driftlint.io/ignore annotation)");
    if (f["path"] == "config.yaml") EXPECT_EQ(f["suppressed"]["reason"], "TICKET-7 (ignore entry at driftlint.yaml:3:5)");
  }
  auto sarif = nlohmann::json::parse(workspace_.read("out.sarif"));
  size_t in_source = 0, external = 0, open = 0;
  for (const auto& result : sarif["runs"][0]["results"]) {
    if (!result.contains("suppressions")) {
      ++open;
      continue;
    }
    (result["suppressions"][0]["kind"] == "inSource" ? in_source : external)++;
  }
  EXPECT_EQ(in_source, 5u);
  EXPECT_EQ(external, 1u);
  EXPECT_EQ(open, 1u);

  // Without --show-suppressed only what is open is listed; the text summary counts the rest.
  Outcome text = run({"check"});
  EXPECT_NE(text.out.find("repo/cm.yaml:9:3: error:"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("cm.yaml:6:"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("(6 suppressed)"), std::string::npos) << text.out;
}

TEST_F(SuppressionE2eTest, MissingReasonsAndUnusedOnesAreFindings) {
  workspace_.write("repo/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"
                                   "data: {k: '1', k: '2'}  # driftlint:ignore duplicate-key\n"
                                   "# driftlint:ignore namespace-gpu-quota -- nothing to silence here\n");
  workspace_.write("driftlint.yaml", "repos: [{name: repo, source: repo}]\nignore:\n  - {rule: duplicate-key, path: 'nowhere/**'}\n");
  Outcome r = run({"check", "-q", "--report-unused-ignores"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;  // warnings and notices only
  EXPECT_NE(r.out.find("repo/cm.yaml:4:25: warning: the driftlint:ignore comment silencing duplicate-key gives no reason [suppression-without-reason]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("driftlint.yaml:3:5: warning: the ignore entry at driftlint.yaml:3:5 silencing duplicate-key gives no reason"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("repo/cm.yaml:5:1: notice: the driftlint:ignore comment silencing namespace-gpu-quota matched no finding [unused-suppression]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("driftlint.yaml:3:5: notice: the ignore entry at driftlint.yaml:3:5 silencing duplicate-key matched no finding"),
            std::string::npos)
      << r.out;
}

TEST_F(SuppressionE2eTest, BaselineSurvivesAnEditThatShiftsLines) {
  workspace_.write("repo/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: '1', k: '2'}\n");
  Outcome first = run({"check", "repo", "--write-baseline", "baseline.json", "-q"});
  EXPECT_EQ(first.exit_code, 1);
  auto baseline = nlohmann::json::parse(workspace_.read("baseline.json"));
  ASSERT_EQ(baseline["findings"].size(), 1u);
  EXPECT_EQ(baseline["findings"][0]["rule"], "duplicate-key");
  // Lines move: the old finding keeps its fingerprint; a new one is reported.
  workspace_.write("repo/cm.yaml", "# a comment\n\n\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: '1', k: '2'}\n"
                                   "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata: {x: '1', x: '2'}\n");
  Outcome second = run({"check", "repo", "--baseline", "baseline.json", "--format", "json"});
  EXPECT_EQ(second.exit_code, 1) << second.err;
  auto report = nlohmann::json::parse(second.out);
  ASSERT_EQ(report["findings"].size(), 1u) << second.out;
  EXPECT_EQ(report["findings"][0]["line"], 12);
  EXPECT_EQ(report["summary"]["baselined"], 1);
  // Fixed: the new finding goes away, nothing is left.
  workspace_.write("repo/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: '1', k: '2'}\n");
  EXPECT_EQ(run({"check", "repo", "--baseline", "baseline.json", "-q"}).exit_code, 0);
  workspace_.write("bad.json", "{\"version\": 2}");
  Outcome bad = run({"check", "repo", "--baseline", "bad.json"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--baseline bad.json: not a driftlint baseline"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace driftlint
