// The CI templates as CI runs them: the GitHub template's lint step, taken
// from ci/templates/github-pull-request.yml, run by a shell in a fake
// workspace (a real git checkout with its base branch fetched, as
// actions/checkout leaves it) with the variables GitHub sets. The repo's
// driftlint.yaml must take effect though the step names the repo with --repo.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "base/process.h"
#include "testing/git_repo.h"
#include "testing/workspace.h"
#include "yaml/parser.h"

namespace driftlint {
namespace {

yaml::ParsedFile read_template(const std::string& name) {
  return yaml::parse_yaml(read_whole_file(std::filesystem::path(DRIFTLINT_SOURCE_DIR) / "ci/templates" / name));
}

// The `run:` script of the GitHub step with `id: lint`.
std::string lint_step_script() {
  yaml::ParsedFile parsed = read_template("github-pull-request.yml");
  if (parsed.documents.empty() || !parsed.documents[0].root) return "";
  yaml::Node steps = parsed.documents[0].root.get("jobs").get("driftlint").get("steps");
  for (yaml::Node step : steps.elements()) {
    yaml::Node id = step.get("id");
    if (id && id.text() == "lint") return std::string(step.get("run").text());
  }
  return "";
}

// The GitLab job's `script:` lines, one shell script as the runner runs them.
std::string gitlab_script() {
  yaml::ParsedFile parsed = read_template("gitlab-merge-request.yml");
  if (parsed.documents.empty() || !parsed.documents[0].root) return "";
  std::string script;
  for (yaml::Node line : parsed.documents[0].root.get("driftlint").get("script").elements()) {
    script += std::string(line.text()) + "\n";
  }
  return script;
}

constexpr const char* kConfig =
    "sharedNamespaces: [team-a]\n"
    "ownership:\n"
    "  - {repo: infra_iam, kind: ConfigMap, namespace: argo-workflows, name: user-semaphores}\n"
    "ignore:\n"
    "  - {rule: namespace-gpu-quota, path: legacy/quota.yaml, reason: tracked in TICKET-1}\n";

constexpr const char* kSemaphores =
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: user-semaphores\n  namespace: argo-workflows\n"
    "data: {limit: '2'}\n";

class GitHubTemplateTest : public ::testing::Test {
 protected:
  GitHubTemplateTest() : repo_(workspace_.path_of("work/infra_k8s")) {
    repo_.write("driftlint.yaml", kConfig);
    repo_.write("README.md", "infra\n");
    repo_.commit_all("base");
    repo_.git("update-ref refs/remotes/origin/main HEAD");  // what fetch-depth: 0 fetches
    repo_.write("teams/a/quota.yaml", kQuota);                 // team-a is shared: an error
    repo_.write("legacy/quota.yaml", kQuota);                  // ignored by the config
    repo_.write("argo-workflows/semaphores.yaml", kSemaphores);  // infra_iam owns it
    repo_.commit_all("the change");
  }

  // A script run as a CI runner runs it: in the checkout, driftlint on PATH,
  // a HOME of its own (the GitHub step writes git's global config).
  ProcessResult run_in_checkout(const std::string& script, std::vector<std::pair<std::string, std::string>> env) {
    EXPECT_NE(script.find("driftlint check"), std::string::npos) << "no driftlint step in the template";
    std::filesystem::path bin = std::filesystem::path(DRIFTLINT_BINARY).parent_path();
    const char* path = std::getenv("PATH");
    ProcessOptions options;
    options.timeout = std::chrono::seconds(300);
    options.environment = {{"PATH", bin.string() + ":" + (path ? path : "/usr/bin:/bin")},
                           {"HOME", workspace_.make_folder("home").string()},
                           {"GIT_CONFIG_GLOBAL", workspace_.path_of("home/.gitconfig").string()},
                           {"CHECKOUT", repo_.dir().string()}};
    options.environment.insert(options.environment.end(), env.begin(), env.end());
    return run_process({"sh", "-e", "-c", "cd \"$CHECKOUT\"\n" + script}, options);
  }

  // The lint step, run as the Actions runner runs a `run:` block.
  ProcessResult run_lint_step() {
    return run_in_checkout(lint_step_script(), {{"GITHUB_WORKSPACE", repo_.dir().string()},
                                                {"GITHUB_REPOSITORY", "example-org/infra_k8s"},
                                                {"GITHUB_BASE_REF", "main"},
                                                {"GITHUB_OUTPUT", workspace_.path_of("github-output").string()}});
  }

  Workspace workspace_;
  TestGitRepo repo_;
};

TEST_F(GitHubTemplateTest, TheRepoConfigTakesEffect) {
  ProcessResult r = run_lint_step();
  ASSERT_TRUE(r.started);
  EXPECT_EQ(r.exit_code, 0) << r.err;  // the step records the status and goes on
  EXPECT_EQ(workspace_.read("github-output"), "status=1\n") << r.err;
  EXPECT_NE(r.err.find("configuration: driftlint.yaml"), std::string::npos) << r.err;
  nlohmann::json sarif = nlohmann::json::parse(read_whole_file(repo_.dir() / "driftlint.sarif"), nullptr, false);
  ASSERT_FALSE(sarif.is_discarded()) << r.err;
  std::multiset<std::string> found;
  for (const auto& result : sarif["runs"][0]["results"]) {
    std::string uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
    bool suppressed = result.contains("suppressions") && !result["suppressions"].empty();
    found.insert(result["ruleId"].get<std::string>() + " " + result.value("level", "warning") + " " + uri +
                 (suppressed ? " suppressed" : ""));
  }
  // sharedNamespaces raises the quota to an error, ownership names the owner,
  // ignore: suppresses the legacy copy.
  EXPECT_EQ(found, (std::multiset<std::string>{"namespace-gpu-quota error teams/a/quota.yaml",
                                               "namespace-gpu-quota error legacy/quota.yaml suppressed",
                                               "wrong-owner-repo error argo-workflows/semaphores.yaml"}))
      << sarif.dump(1);
}

// The GitLab job's script, against an `origin` it fetches the target branch
// from; no DRIFTLINT_GITLAB_TOKEN, so the note is skipped as documented.
TEST_F(GitHubTemplateTest, TheGitLabJobReadsTheRepoConfigToo) {
  std::filesystem::path origin = workspace_.path_of("origin.git");
  repo_.git("clone --quiet --bare . " + origin.string());
  repo_.git("remote add origin " + origin.string());
  repo_.git("push --quiet origin HEAD~1:refs/heads/main --force");
  repo_.git("update-ref -d refs/remotes/origin/main");  // the job fetches it itself
  ProcessResult r = run_in_checkout(gitlab_script(), {{"CI_PROJECT_NAME", "infra_k8s"},
                                                      {"CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "main"}});
  ASSERT_TRUE(r.started);
  EXPECT_EQ(r.exit_code, 1) << r.err;  // `exit "$status"`: new errors
  nlohmann::json issues =
      nlohmann::json::parse(read_whole_file(repo_.dir() / "gl-code-quality-report.json"), nullptr, false);
  ASSERT_TRUE(issues.is_array()) << r.err;
  std::multiset<std::string> found;
  for (const auto& issue : issues) {
    found.insert(issue["check_name"].get<std::string>() + " " + issue["severity"].get<std::string>() + " " +
                 issue["location"]["path"].get<std::string>());
  }
  EXPECT_EQ(found, (std::multiset<std::string>{"namespace-gpu-quota major teams/a/quota.yaml",
                                               "wrong-owner-repo major argo-workflows/semaphores.yaml"}))
      << issues.dump(1);
  EXPECT_NE(read_whole_file(repo_.dir() / "driftlint-junit.xml").find("<testsuites"), std::string::npos);
}

}  // namespace
}  // namespace driftlint
