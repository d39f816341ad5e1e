#include <gtest/gtest.h>

#include <sstream>

#include "load/loader.h"
#include "report/report.h"

namespace driftlint {
namespace {

TEST(GithubReportTest, EscapesWhatWorkflowCommandsRequire) {
  EXPECT_EQ(github_escape_data("100% done\r\nnext: a,b"), "100%25 done%0D%0Anext: a,b");
  EXPECT_EQ(github_escape_property("dir,x/a:b%\n.yaml"), "dir%2Cx/a%3Ab%25%0A.yaml");
}

TEST(GithubReportTest, OneCommandPerOpenFindingWithFileLineAndTitle) {
  LoadResult load;
  RepoInput repo;
  repo.name = "infra";
  repo.git_folder = "clusters";
  load.repos.push_back(repo);
  LintOutput lint;
  Finding f;
  f.rule = "duplicate-key";
  f.severity = Severity::Warning;
  f.message = "key 'a:b' is set twice, 50% of the time\nreally";
  f.hint = "Delete one.";
  f.repo = "infra";
  f.path = "gpu,prod/q.yaml";
  f.line = 4;
  f.column = 3;
  lint.findings.push_back(f);
  Finding suppressed = f;
  suppressed.suppressed = true;
  lint.findings.push_back(suppressed);
  Finding cluster;
  cluster.rule = "stale-checkout";
  cluster.severity = Severity::Notice;
  cluster.message = "m";
  lint.findings.push_back(cluster);
  std::ostringstream out;
  write_github_report(out, ReportInput{load, lint});
  EXPECT_EQ(out.str(),
            "::warning file=clusters/gpu%2Cprod/q.yaml,line=4,col=3,title=driftlint duplicate-key (infra)::"
            "key 'a:b' is set twice, 50%25 of the time%0Areally%0ADelete one.\n"
            "::notice title=driftlint stale-checkout::m\n");
}

LoadResult two_repos() {
  LoadResult load;
  RepoInput k8s;
  k8s.name = "infra_k8s";
  k8s.url = "https://github.com/Virdx/infra_k8s.git";
  RepoInput iam;
  iam.name = "infra_iam";
  iam.url = "git@github.com:virdx/infra_iam.git";
  load.repos = {k8s, iam};
  return load;
}

Finding finding_in(const std::string& repo, const std::string& path) {
  Finding f;
  f.rule = "duplicate-key";
  f.message = "key set twice";
  f.repo = repo;
  f.path = path;
  f.line = 3;
  return f;
}

TEST(GithubReportTest, HomeRepoIsTheOneWhoseUrlIsGithubRepository) {
  LoadResult load = two_repos();
  EXPECT_EQ(github_home_repos(load.repos, "virdx/INFRA_IAM", {}), std::vector<std::string>{"infra_iam"});
  EXPECT_EQ(github_home_repos(load.repos, "virdx/infra_k8s", {"infra_iam"}), std::vector<std::string>{"infra_k8s"});
  // No URL matches: the repo checked out in the workspace; else none is known.
  EXPECT_EQ(github_home_repos(load.repos, "other/repo", {"infra_iam"}), std::vector<std::string>{"infra_iam"});
  EXPECT_EQ(github_home_repos(load.repos, "other/repo", {}), std::nullopt);
  load.repos.pop_back();
  EXPECT_EQ(github_home_repos(load.repos, "", {}), std::vector<std::string>{"infra_k8s"});
}

TEST(GithubReportTest, OtherReposFindingsGoToTheStepSummaryNotAnnotations) {
  LoadResult load = two_repos();
  LintOutput lint;
  lint.findings = {finding_in("infra_iam", "teams/semaphores.yaml"), finding_in("infra_k8s", "apps/q.yaml")};
  ReportInput input{load, lint};
  input.github_repos = std::vector<std::string>{"infra_k8s"};
  std::ostringstream out;
  write_github_report(out, input);
  EXPECT_EQ(out.str(), "::error file=apps/q.yaml,line=3,title=driftlint duplicate-key (infra_k8s)::key set twice\n");
  EXPECT_EQ(github_step_summary(input),
            "### driftlint: 1 finding in repo `infra_iam` (`git@github.com:virdx/infra_iam.git`)\n\n"
            "Not annotated here: these files are not in this workflow's repository.\n\n"
            "- **error** `duplicate-key` at `infra_iam/teams/semaphores.yaml:3`: key set twice\n\n");
  input.github_repos = std::nullopt;  // not on GitHub Actions: every repo annotated, no summary
  EXPECT_EQ(github_step_summary(input), "");
}

}  // namespace
}  // namespace driftlint
