// The small things a new user meets first (issue 19, point 8), and which
// driftlint.yaml a run reads (point 1), run as the user runs the binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "base/process.h"
#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

class UsabilityTest : public ::testing::Test {
 protected:
  Outcome run(const std::vector<std::string>& args) { return run_driftlint(args, workspace_); }
  Outcome run_in(const std::string& folder, const std::vector<std::string>& args) {
    return run_driftlint(args, workspace_.path_of(folder), workspace_.path());
  }
  Workspace workspace_;
};

TEST_F(UsabilityTest, OutputNameSaysTheFormatOrAMismatchIsRefused) {
  workspace_.write("repo/quota.yaml", kQuota);
  Outcome inferred = run({"check", "repo", "-o", "out.sarif", "-o", "out.md", "-o", "out.xml", "-o", "out.json"});
  EXPECT_EQ(inferred.exit_code, 0) << inferred.err;
  EXPECT_EQ(nlohmann::json::parse(workspace_.read("out.sarif"))["version"], "2.1.0");
  EXPECT_TRUE(nlohmann::json::parse(workspace_.read("out.json")).contains("findings"));
  EXPECT_EQ(workspace_.read("out.xml").rfind("<?xml", 0), 0u);
  EXPECT_EQ(workspace_.read("out.md").rfind("#", 0), 0u) << workspace_.read("out.md");

  Outcome mismatch = run({"check", "repo", "--format", "text", "-o", "x.sarif"});
  EXPECT_EQ(mismatch.exit_code, 2);
  EXPECT_NE(mismatch.err.find("--output x.sarif: the name says sarif but --format is text (write -o text=x.sarif"),
            std::string::npos)
      << mismatch.err;
  EXPECT_EQ(workspace_.read("x.sarif"), "");
  EXPECT_EQ(run({"check", "repo", "-o", "text=x.sarif"}).exit_code, 0);  // said outright: written as asked
  EXPECT_EQ(run({"check", "repo", "--format", "codequality", "-o", "gl.json"}).exit_code, 0);
  EXPECT_TRUE(nlohmann::json::parse(workspace_.read("gl.json")).is_array());
}

TEST_F(UsabilityTest, DashReadsStandardInput) {
  ProcessOptions options;
  options.input = std::string(kQuota);
  ProcessResult r = run_process({DRIFTLINT_BINARY, "check", "-", "--no-config", "--no-cache", "--fail-on", "warning"},
                                options);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("stdin/stdin.yaml:8:5: warning: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[namespace-gpu-quota]"), std::string::npos) << r.out;
  ProcessResult twice = run_process({DRIFTLINT_BINARY, "check", "-", "-", "--no-config"}, options);
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("'-' (standard input) can be given once"), std::string::npos) << twice.err;
}

TEST_F(UsabilityTest, NothingMatchedIsAnErrorUnlessAllowed) {
  workspace_.make_folder("empty-folder");
  workspace_.write("docs/README.txt", "not a manifest\n");
  Outcome empty = run({"check", "empty-folder"});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("nothing matched: no .yaml, .yml or .json file"), std::string::npos) << empty.err;
  EXPECT_EQ(run({"check", "docs"}).exit_code, 2);
  Outcome allowed = run({"check", "empty-folder", "--allow-empty"});
  EXPECT_EQ(allowed.exit_code, 0) << allowed.err;
}

TEST_F(UsabilityTest, UnknownRulesAndKeysGetADidYouMean) {
  workspace_.write("repo/ok.yaml", kClean);
  Outcome rule = run({"check", "repo", "--disable", "namespace-gpu-qouta"});
  EXPECT_EQ(rule.exit_code, 2);
  EXPECT_NE(rule.err.find("unknown rule 'namespace-gpu-qouta' (did you mean 'namespace-gpu-quota'?)"), std::string::npos)
      << rule.err;
  workspace_.write("driftlint.yaml", "sharedNamespace: [x]\nrules: {disabel: [yaml-syntax]}\n");
  Outcome key = run({"check", "repo"});
  EXPECT_EQ(key.exit_code, 2);
  EXPECT_NE(key.err.find("driftlint.yaml:1:1: unknown key 'sharedNamespace' (did you mean 'sharedNamespaces'?)"),
            std::string::npos)
      << key.err;
  workspace_.write("driftlint.yaml", "rules: {disabel: [yaml-syntax]}\n");
  EXPECT_NE(run({"check", "repo"}).err.find("unknown key 'disabel' in rules (did you mean 'disable'?)"), std::string::npos);
}

TEST_F(UsabilityTest, SharedNamespacesMustBeNamespaceNames) {
  workspace_.write("repo/ok.yaml", kClean);
  workspace_.write("driftlint.yaml", "# shared\nsharedNamespaces: 42\n");
  Outcome number = run({"check", "repo"});
  EXPECT_EQ(number.exit_code, 2);
  EXPECT_NE(number.err.find("driftlint.yaml:2:19: 'sharedNamespaces' must be a list of namespace names, not '42'"),
            std::string::npos)
      << number.err;
  workspace_.write("driftlint.yaml", "sharedNamespaces: [team-a, Team_B]\n");
  EXPECT_NE(run({"check", "repo"}).err.find("driftlint.yaml:1:28: 'Team_B' is not a namespace name"), std::string::npos);
  workspace_.write("driftlint.yaml", "sharedNamespaces: ['42', team-a]\n");
  EXPECT_EQ(run({"check", "repo"}).exit_code, 0);
}

TEST_F(UsabilityTest, WriteBaselineSaysWhatItWrote) {
  workspace_.write("repo/quota.yaml", kQuota);
  Outcome r = run({"check", "repo", "--write-baseline", "base.json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("driftlint: baseline written to base.json: 1 finding recorded (--baseline base.json reports only "
                       "new ones)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(run({"check", "repo", "--write-baseline", "b2.json", "--quiet"}).err, "");
}

TEST_F(UsabilityTest, HelpMentionsVersion) {
  Outcome help = run({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--version"), std::string::npos) << help.out;
}

TEST_F(UsabilityTest, ColorIsAskedForOrNot) {
  workspace_.write("repo/quota.yaml", kQuota);
  const std::string escape = "\033[";
  // Captured to a file: auto means none.
  EXPECT_EQ(run({"check", "repo"}).out.find(escape), std::string::npos);
  EXPECT_NE(run({"check", "repo", "--color", "always"}).out.find(escape), std::string::npos);
  EXPECT_NE(run({"check", "repo", "--color=always"}).out.find(escape), std::string::npos);
  EXPECT_EQ(run({"check", "repo", "--color", "never"}).out.find(escape), std::string::npos);
  Outcome bad = run({"check", "repo", "--color", "sometimes"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--color must be auto, always or never, not 'sometimes'"), std::string::npos);
}

// Point 1: the nearest driftlint.yaml up to the checkout's root is read
// whatever PATHs are given; --no-config reads none; the command line wins.
TEST_F(UsabilityTest, TheNearestConfigUpToTheCheckoutRootIsRead) {
  TestGitRepo repo(workspace_.path_of("checkout"));
  repo.write("driftlint.yaml", "sharedNamespaces: [team-a]\n");
  repo.write("apps/team-a/quota.yaml", kQuota);
  workspace_.write("driftlint.yaml", "sharedNamespaces: 42\n");  // above the checkout: never read
  Outcome nested = run_in("checkout/apps", {"check", "team-a", "--no-cache"});
  EXPECT_EQ(nested.exit_code, 1) << nested.err;  // team-a shared: an error
  EXPECT_NE(nested.err.find("driftlint: note: configuration: ../driftlint.yaml"), std::string::npos) << nested.err;
  Outcome without = run_in("checkout/apps", {"check", "team-a", "--no-cache", "--no-config"});
  EXPECT_EQ(without.exit_code, 0) << without.err;  // a warning only
  EXPECT_EQ(without.err.find("configuration:"), std::string::npos) << without.err;
  EXPECT_EQ(run_in("checkout", {"check", "--no-config", "--config", "driftlint.yaml", "apps"}).exit_code, 2);
}

TEST_F(UsabilityTest, CommandLineReposReplaceTheConfigsAndKeepItsUrl) {
  workspace_.write("a/ok.yaml", kClean);
  workspace_.write("b/quota.yaml", kQuota);
  workspace_.write("driftlint.yaml",
                   "repos:\n  - {name: infra, source: a, url: 'https://git.example/org/infra.git'}\n"
                   "  - {name: other, source: b}\n");
  Outcome r = run({"check", "--repo", "infra=b", "--format", "json", "--no-cache"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json report = nlohmann::json::parse(r.out);
  ASSERT_EQ(report["repos"].size(), 1u) << r.out;
  EXPECT_EQ(report["repos"][0]["name"], "infra");
  EXPECT_EQ(report["repos"][0]["source"], "b");
  EXPECT_EQ(report["repos"][0]["url"], "https://git.example/org/infra.git") << report["repos"][0].dump();
}

}  // namespace
}  // namespace driftlint
