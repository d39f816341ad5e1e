#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "argocd/model.h"
#include "load/loader.h"
#include "report/markdown_text.h"
#include "report/report.h"
#include "snapshot/snapshot.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

Finding finding(const std::string& rule, Severity severity, const std::string& path, const std::string& app) {
  Finding f;
  f.rule = rule;
  f.severity = severity;
  f.message = rule + " here";
  f.repo = "infra";
  f.path = path;
  f.line = 3;
  if (!app.empty()) f.apps = {app};
  return f;
}

struct TwoClusters {
  LoadResult load;
  ArgoModel argo;
  LintOutput lint;
  Snapshot snapshot;

  TwoClusters() {
    RepoInput repo;
    repo.name = "infra";
    repo.url = "git@github.com:org/infra.git";
    repo.commit = "0123456789abcdef0123456789abcdef01234567";
    load.repos.push_back(repo);
    for (const char* name : {"serving", "batch"}) {
      Application app;
      app.name = name;
      app.destination_name = std::string(name) == "serving" ? "gpu-prod" : "cpu-prod";
      argo.app_index[name] = static_cast<uint32_t>(argo.apps.size());
      argo.apps.push_back(app);
    }
    lint.findings = {finding("live-drift", Severity::Warning, "a.yaml", "serving"),
                     finding("duplicate-key", Severity::Error, "b.yaml", "serving"),
                     finding("live-drift", Severity::Warning, "c.yaml", "batch")};
    // A file no app deploys that defines the Application 'serving' itself.
    Finding undeployed = finding("not-deployed", Severity::Notice, "apps/serving.yaml", "");
    undeployed.object = ObjectRef{"argoproj.io/v1alpha1", "Application", "argocd", "serving"};
    lint.findings.push_back(undeployed);
    snapshot.contexts = {"gpu-prod"};
    snapshot.captured_at = 1796385600 - 2 * 86400;
  }
};

TEST(MarkdownReportTest, GroupsByClusterThenAppErrorsFirstWithLinks) {
  TwoClusters in;
  ReportInput input{in.load, in.lint, &in.snapshot, &in.argo};
  input.generated_at = 1796385600;
  std::ostringstream out;
  write_markdown_report(out, input);
  std::string text = out.str();
  EXPECT_NE(text.find("Generated 2026-12-04T12:00:00Z. Cluster context `gpu-prod`. Snapshot captured "
                      "2026-12-02T12:00:00Z (2 d before)."),
            std::string::npos)
      << text;
  size_t cpu = text.find("### Cluster `cpu-prod`"), gpu = text.find("### Cluster `gpu-prod`");
  ASSERT_NE(cpu, std::string::npos);
  ASSERT_NE(gpu, std::string::npos);
  EXPECT_LT(cpu, gpu);
  EXPECT_LT(cpu, text.find("#### `batch`"));
  EXPECT_GT(text.find("#### `serving`"), gpu);
  // Within the app the error comes before the warning, though the warning's file sorts first.
  size_t error = text.find("**error** `duplicate-key`"), warning = text.find("**warning** `live-drift` at [`infra/a.yaml:3`]");
  ASSERT_NE(warning, std::string::npos) << text;
  EXPECT_LT(error, warning);
  EXPECT_NE(text.find("(https://github.com/org/infra/blob/0123456789abcdef0123456789abcdef01234567/b.yaml#L3)"),
            std::string::npos);
  // The not-deployed finding is under "Not deployed", not under the app its file defines.
  size_t not_deployed = text.find("## Not deployed");
  ASSERT_NE(not_deployed, std::string::npos);
  EXPECT_GT(text.find("**notice** `not-deployed`"), not_deployed);
  EXPECT_EQ(text.find("**notice** `not-deployed`"), text.rfind("**notice** `not-deployed`"));
}

// Every string from a repo (app, repo and file names, messages, URLs) is
// text in the comment: it opens no HTML comment, closes no table row or
// details, starts no heading, and a URL's token never shows.
TEST(MarkdownReportTest, HostileNamesStayTextAndTokensStayOut) {
  const std::string hostile = "x<!-- hidden</details>| fake | row |\n\n# no new findings\n``` `&lt;";
  LoadResult load;
  RepoInput repo;
  repo.name = "infra" + hostile;
  repo.url = "https://x-access-token:ghp_planted@github.com/org/infra.git";
  load.repos.push_back(repo);
  ArgoModel argo;
  Application app;
  app.name = hostile;
  app.destination_name = hostile;
  AppSource source;
  source.repo_url = "https://robot:ghp_planted@github.com/org/infra.git";
  source.path = "apps/" + hostile;
  app.sources.push_back(source);
  argo.app_index[app.name] = 0;
  argo.apps.push_back(app);
  argo.notes = {"note " + hostile};
  LintOutput lint;
  Finding f = finding("live-drift", Severity::Warning, "apps/" + hostile + ".yaml", hostile);
  f.repo = repo.name;
  f.message = "value " + hostile;
  lint.findings = {f};
  ReportInput input{load, lint, nullptr, &argo};
  std::ostringstream out;
  write_markdown_report(out, input);
  std::string text = out.str();
  EXPECT_EQ(text.find("ghp_planted"), std::string::npos) << text;
  EXPECT_EQ(text.find("robot"), std::string::npos) << text;
  EXPECT_EQ(text.find("\n# no new findings"), std::string::npos) << text;
  // Outside code spans nothing of the name is raw: `<` and `&` are entities.
  EXPECT_NE(text.find("value x&lt;!-- hidden&lt;/details&gt;\\| fake \\| row \\|  # no new findings \\`\\`\\` \\`&amp;lt;"),
            std::string::npos)
      << text;
  size_t rows = 0;
  for (size_t at = text.find("\n|"); at != std::string::npos; at = text.find("\n|", at + 1)) ++rows;
  // Rules table (header, rule, separator... counted by lines starting with '|'), repos and apps tables.
  EXPECT_EQ(rows, 3u + 3u + 3u) << text;
}

}  // namespace
}  // namespace driftlint

namespace driftlint {
namespace {

// Issue 32: a report of thousands of findings keeps within the budget,
// listing what fits and counting the rest; apps are listed whole or not.
TEST(MarkdownReportTest, KeepsToItsSizeAndCountsWhatDidNotFit) {
  TwoClusters c;
  for (int i = 0; i < 3000; ++i) {
    c.lint.findings.push_back(finding("duplicate-key", Severity::Error, "many/" + std::to_string(i) + ".yaml", ""));
  }
  ReportInput input{c.load, c.lint};
  input.argo = &c.argo;
  input.max_markdown_chars = 20'000;
  std::ostringstream out;
  write_markdown_report(out, input);
  EXPECT_LE(out.str().size(), 20'000u);
  EXPECT_NE(out.str().find("more findings not listed: this report keeps to 20000 characters (`--max-comment-size`)"),
            std::string::npos);
  EXPECT_NE(out.str().find("#### `serving`"), std::string::npos) << "the apps' findings come first";
  input.max_markdown_chars = 0;
  std::ostringstream all;
  write_markdown_report(all, input);
  EXPECT_EQ(all.str().find("not listed"), std::string::npos);
  EXPECT_GT(all.str().size(), 200'000u);
}

// The report as GitHub renders it (cmark-gfm, a Debian package): repo URLs
// are working links, an scp-like one is code and never a mailto: link.
TEST(MarkdownReportTest, GfmRendersRepoUrlsAsWorkingLinks) {
  if (std::system("command -v cmark-gfm >/dev/null 2>&1") != 0) {
    if (std::getenv("CI")) FAIL() << "cmark-gfm is missing (ci/setup installs it)";
    GTEST_SKIP() << "cmark-gfm is not installed: apt-get install cmark-gfm to run this check";
  }
  TwoClusters c;
  RepoInput web = c.load.repos.front();
  web.name = "infra_k8s";
  web.url = "https://git.example/virdx/infra_k8s.git";
  c.load.repos.push_back(web);
  ReportInput input{c.load, c.lint};
  input.argo = &c.argo;
  std::ostringstream out;
  write_markdown_report(out, input);
  Workspace workspace;
  workspace.write("report.md", out.str());
  std::string command = "cmark-gfm -e table -e autolink '" + workspace.path_of("report.md").string() + "' > '" +
                        workspace.path_of("report.html").string() + "'";
  ASSERT_EQ(std::system(command.c_str()), 0);
  std::string html = workspace.read("report.html");
  EXPECT_NE(html.find("<a href=\"https://git.example/virdx/infra_k8s.git\">"), std::string::npos) << html;
  EXPECT_EQ(html.find("%5C"), std::string::npos) << html;
  EXPECT_EQ(html.find("mailto:"), std::string::npos) << html;
  EXPECT_NE(html.find("<code>git@github.com:org/infra.git</code>"), std::string::npos) << html;
}

// Pull-request mode opens with what the change does.
TEST(MarkdownReportTest, APullRequestReportOpensWithNewAndFixed) {
  TwoClusters c;
  c.lint.base = BaseComparison{2, 5, 1, {}};
  ReportInput input{c.load, c.lint};
  std::ostringstream out;
  write_markdown_report(out, input);
  EXPECT_NE(out.str().find("**Against the base: 2 new, 1 fixed**, 5 already there (not listed)."), std::string::npos)
      << out.str();
}

// Issue 32: a URL with '_' stays a working link (no "%5C_"), and SSH or
// scp-like URLs are code, never mailto: links.
TEST(MarkdownTextTest, RepoUrlsAreAutolinksOrCode) {
  EXPECT_EQ(md_url("https://git.example/virdx/infra_k8s.git"), "<https://git.example/virdx/infra_k8s.git>");
  EXPECT_EQ(md_url("git@github.com:org/infra_k8s.git"), "`git@github.com:org/infra_k8s.git`");
  EXPECT_EQ(md_url("ssh://git@host/org/repo.git"), "`ssh://git@host/org/repo.git`");
  EXPECT_EQ(md_url("https://host/a b"), "`https://host/a b`");
  EXPECT_EQ(md_url("https://host/x|y"), "`https://host/x y`");
}

}  // namespace
}  // namespace driftlint
