// What a person and their editor and CI read (issue 32): paths as typed,
// hints once, counts by rule, grouping, GitHub's annotation cap and the
// progress line, run as the user runs the binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <sstream>

#include "base/process.h"
#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

// A key set twice: one duplicate-key error at line 6, column 3.
constexpr const char* kDuplicate = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: dup}\ndata:\n  a: \"1\"\n  a: \"2\"\n";

class OutputTest : public ::testing::Test {
 protected:
  Outcome run_in(const std::string& folder, const std::vector<std::string>& args) {
    return run_driftlint(args, workspace_.path_of(folder), workspace_.path());
  }
  // Every "path:line:" a text report's finding lines start with.
  static std::vector<std::string> places(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream lines(text);
    static const std::regex finding(R"(^([^ :][^:]*):\d+(:\d+)?: (error|warning|notice): )");
    for (std::string line; std::getline(lines, line);) {
      std::smatch m;
      if (std::regex_search(line, m, finding)) out.push_back(m[1]);
    }
    return out;
  }
  // Each place names a file that opens from `folder`, as an editor run there opens it.
  void expect_places_open_from(const std::string& folder, const Outcome& r, const std::vector<std::string>& expected) {
    EXPECT_EQ(places(r.out), expected) << r.out << r.err;
    for (const std::string& place : places(r.out)) {
      EXPECT_TRUE(fs::is_regular_file(workspace_.path_of(folder) / place)) << folder << " / " << place;
    }
  }
  Workspace workspace_;
};

TEST_F(OutputTest, PathsAreAsTypedFromTheWorkingFolder) {
  TestGitRepo m(workspace_.path_of("m"));
  m.write("d.yaml", kDuplicate);
  m.write("apps/e.yaml", kDuplicate);
  m.commit_all("two files");
  // `cd m && driftlint check .` printed m/d.yaml, which does not open from m.
  expect_places_open_from("m", run_in("m", {"check", ".", "--no-cache"}), {"apps/e.yaml", "d.yaml"});
  expect_places_open_from("m/apps", run_in("m/apps", {"check", ".", "--no-cache"}), {"e.yaml"});
  expect_places_open_from("", run_in("", {"check", "m", "--no-cache"}), {"m/apps/e.yaml", "m/d.yaml"});
  expect_places_open_from("", run_in("", {"check", "m/apps/e.yaml", "--no-cache"}), {"m/apps/e.yaml"});
  // A file outside the working folder keeps repo/path; one inside it is relative to it.
  EXPECT_EQ(places(run_in("m/apps", {"check", "..", "--no-cache"}).out), (std::vector<std::string>{"e.yaml", "m/d.yaml"}));
}

TEST_F(OutputTest, PathsInANestedCheckoutAreAsTyped) {
  TestGitRepo outer(workspace_.path_of("outer"));
  outer.write("top.yaml", kClean);
  outer.commit_all("outer");
  TestGitRepo inner(workspace_.path_of("outer/vendor/inner"));
  inner.write("x.yaml", kDuplicate);
  inner.commit_all("inner");
  expect_places_open_from("outer/vendor/inner", run_in("outer/vendor/inner", {"check", ".", "--no-cache"}), {"x.yaml"});
  expect_places_open_from("outer", run_in("outer", {"check", "vendor/inner", "--no-cache"}), {"vendor/inner/x.yaml"});
  expect_places_open_from("outer/vendor", run_in("outer/vendor", {"check", "inner", "--no-cache"}), {"inner/x.yaml"});
}

TEST_F(OutputTest, JsonAndSarifKeepTheRepoAndItsPath) {
  TestGitRepo m(workspace_.path_of("m"));
  m.write("apps/e.yaml", kDuplicate);
  m.commit_all("one file");
  Outcome json = run_in("m/apps", {"check", ".", "--no-cache", "--format", "json"});
  nlohmann::json report = nlohmann::json::parse(json.out);
  ASSERT_EQ(report["findings"].size(), 1u) << json.out;
  EXPECT_EQ(report["findings"][0]["repo"], "m");
  EXPECT_EQ(report["findings"][0]["path"], "apps/e.yaml");
  Outcome sarif = run_in("m/apps", {"check", ".", "--no-cache", "--format", "sarif"});
  nlohmann::json result = nlohmann::json::parse(sarif.out)["runs"][0]["results"][0];
  EXPECT_EQ(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "apps/e.yaml");
}

TEST_F(OutputTest, AHintOnceARuleThenCountsByRule) {
  for (const char* name : {"a.yaml", "b.yaml", "c.yaml"}) workspace_.write(std::string("repo/") + name, kDuplicate);
  Outcome once = run_in("", {"check", "repo", "--no-config", "--no-cache"});
  EXPECT_EQ(once.exit_code, 1) << once.err;
  size_t hints = 0;
  for (size_t at = once.out.find("  hint: "); at != std::string::npos; at = once.out.find("  hint: ", at + 1)) ++hints;
  EXPECT_EQ(hints, 1u) << once.out;
  EXPECT_NE(once.out.find("findings by rule:\n  rule           errors  warnings  notices\n"
                          "  duplicate-key       3         0        0\n"),
            std::string::npos)
      << once.out;
  Outcome each = run_in("", {"check", "repo", "--no-config", "--no-cache", "--hints", "each"});
  EXPECT_EQ(std::count(each.out.begin(), each.out.end(), '\n') - std::count(once.out.begin(), once.out.end(), '\n'), 2)
      << each.out;
  Outcome quiet = run_in("", {"check", "repo", "--no-config", "--no-cache", "-q"});
  EXPECT_EQ(quiet.out.find("findings by rule"), std::string::npos) << quiet.out;
}

TEST_F(OutputTest, GroupByFileOrRule) {
  workspace_.write("repo/a.yaml", kDuplicate);
  workspace_.write("repo/b.yaml", kDuplicate);
  workspace_.write("repo/c.yaml", "kind: [\n");
  Outcome by_file = run_in("", {"check", "repo", "--no-config", "--no-cache", "--group-by", "file"});
  EXPECT_NE(by_file.out.find("== repo/a.yaml (1 finding)\nrepo/a.yaml:6:3: error: "), std::string::npos) << by_file.out;
  EXPECT_NE(by_file.out.find("== repo/c.yaml (1 finding)\nrepo/c.yaml:"), std::string::npos) << by_file.out;
  Outcome by_rule = run_in("", {"check", "repo", "--no-config", "--no-cache", "--group-by", "rule"});
  EXPECT_NE(by_rule.out.find("== duplicate-key (2 findings)\nrepo/a.yaml:6:3: "), std::string::npos) << by_rule.out;
  EXPECT_NE(by_rule.out.find("== yaml-syntax (1 finding)\nrepo/c.yaml:"), std::string::npos) << by_rule.out;
  EXPECT_EQ(run_in("", {"check", "repo", "--group-by", "folder"}).exit_code, 2);
}

TEST_F(OutputTest, GithubAnnotationsStopAtTheCapAndTheRestGoToTheSummary) {
  for (int i = 0; i < 13; ++i) workspace_.write("repo/f" + std::to_string(i) + ".yaml", kDuplicate);
  workspace_.write("summary.md", "");
  setenv("GITHUB_STEP_SUMMARY", workspace_.path_of("summary.md").c_str(), 1);
  Outcome r = run_in("", {"check", "repo", "--no-config", "--no-cache", "--format", "github", "--max-annotations", "4"});
  unsetenv("GITHUB_STEP_SUMMARY");
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 5) << r.out;  // 4, then one counting the rest
  EXPECT_NE(r.out.find("::notice title=driftlint%3A 9 more findings::9 more findings not annotated (at most 4 per severity"),
            std::string::npos)
      << r.out;
  std::string summary = workspace_.read("summary.md");
  EXPECT_NE(summary.find("### driftlint: 9 findings not annotated"), std::string::npos) << summary;
  EXPECT_NE(summary.find("| place | severity | rule | message |"), std::string::npos) << summary;
  EXPECT_EQ(std::count(summary.begin(), summary.end(), '\n'), 4 + 2 + 9 + 1) << summary;
}

// A stand-in helm that takes 1.5 s, so the builds phase is long enough to show.
class ProgressTest : public OutputTest {
 protected:
  void SetUp() override {
    fs::path bin = workspace_.make_folder("bin");
    workspace_.write("bin/helm",
                     "#!/bin/sh\nif [ \"$1\" = version ]; then echo v3.99.0+gstandin; exit 0; fi\n/bin/sleep 1.5\n"
                     "printf -- '---\\n# Source: api/templates/pod.yaml\\napiVersion: v1\\nkind: Pod\\nmetadata:\\n  name: api\\n'\n");
    fs::permissions(bin / "helm", fs::perms::owner_all);
    workspace_.write("repo/apps.yaml",
                     "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: api, namespace: argocd}\n"
                     "spec:\n  project: default\n  source:\n    repoURL: https://git.example/org/repo.git\n    path: chart\n"
                     "  destination: {namespace: prod}\n");
    workspace_.write("repo/chart/Chart.yaml", "apiVersion: v2\nname: api\nversion: 1.0.0\n");
    workspace_.write("repo/chart/templates/pod.yaml", "kind: Pod\n");
    workspace_.write("repo/dup.yaml", kDuplicate);
    workspace_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n");
    old_path_ = std::getenv("PATH") ? std::getenv("PATH") : "";
    setenv("PATH", (bin.string() + ":" + old_path_).c_str(), 1);
  }
  void TearDown() override { setenv("PATH", old_path_.c_str(), 1); }
  Outcome check(const std::vector<std::string>& more) {
    std::vector<std::string> args = {"check", "--no-cache"};
    args.insert(args.end(), more.begin(), more.end());
    return run_in("", args);
  }
  std::string old_path_;
};

TEST_F(ProgressTest, AlwaysDrawsTheLineAutoDrawsNoneIntoAPipeAndStdoutNeverChanges) {
  Outcome always = check({"--progress", "always", "-j", "1"});
  EXPECT_NE(always.err.find("\r\033[Kdriftlint: builds 0/1 (1."), std::string::npos) << always.err;
  EXPECT_NE(always.err.find("\r\033[K"), always.err.rfind("\r\033[K")) << "the line is cleared at the end";
  Outcome pipe = check({"-j", "2"});
  EXPECT_EQ(pipe.err.find('\r'), std::string::npos) << pipe.err;
  EXPECT_EQ(always.out, pipe.out);
  EXPECT_EQ(always.out, check({"--progress", "never", "-j", "2"}).out);
  EXPECT_NE(always.out.find("repo/dup.yaml:6:3:"), std::string::npos) << always.out;
}

TEST_F(ProgressTest, GroupsOnGithubActions) {
  setenv("GITHUB_ACTIONS", "true", 1);
  Outcome r = check({});
  unsetenv("GITHUB_ACTIONS");
  EXPECT_NE(r.err.find("::group::driftlint: rendering 1 kustomize and Helm builds\ndriftlint: builds 1/1 in 1."),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("::endgroup::\n"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err;
}

// On a terminal (a pseudo-terminal from script(1)) auto draws the line.
TEST_F(ProgressTest, AutoDrawsOnATerminal) {
  std::string command = "cd '" + workspace_.path().string() + "' && '" + DRIFTLINT_BINARY + "' check --no-cache >/dev/null";
  ProcessOptions options;
  options.timeout = std::chrono::seconds(60);
  ProcessResult r = run_process({"script", "-qec", command, "/dev/null"}, options);
  if (!r.started) GTEST_SKIP() << "script(1) is not installed";
  EXPECT_NE(r.out.find("\r\033[Kdriftlint: builds 0/1 (1."), std::string::npos) << r.out << r.err;
}

}  // namespace
}  // namespace driftlint
