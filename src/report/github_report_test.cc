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

}  // namespace
}  // namespace driftlint
