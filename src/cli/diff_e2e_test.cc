// `driftlint diff` on real repositories the tests create: what a change does
// to every app, rendered at both revisions.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUrl = "https://git.example/org/infra.git";

std::string app(const std::string& name, const std::string& path) {
  return "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: " + name +
         ", namespace: argocd}\nspec:\n  project: default\n  source: {repoURL: '" + kUrl + "', path: " + path +
         "}\n  destination: {namespace: " + name + "}\n";
}

std::string deployment(int replicas, const std::string& image) {
  return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  replicas: " + std::to_string(replicas) +
         "\n  selector: {matchLabels: {app: api}}\n  template:\n    metadata: {labels: {app: api}}\n    spec:\n"
         "      containers:\n      - {name: api, image: '" + image + "'}\n";
}

class RenderedDiffTest : public ::testing::Test {
 protected:
  RenderedDiffTest() : repo_(workspace_.path_of("infra")) { repo_.git("remote add origin " + std::string(kUrl)); }
  void write(const std::string& path, const std::string& text) { repo_.write(path, text); }
  Outcome diff(std::vector<std::string> extra) {
    std::vector<std::string> args = {"diff", "--repo", "infra=infra", "--no-cache"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_driftlint(args, workspace_);
  }
  nlohmann::json diff_json(std::vector<std::string> extra) {
    extra.insert(extra.end(), {"--format", "json"});
    Outcome r = diff(extra);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out, nullptr, false);
  }
  // Two overlays over one base, each an app.
  void two_overlays() {
    write("argocd/dev.yaml", app("api-dev", "overlays/dev"));
    write("argocd/prod.yaml", app("api-prod", "overlays/prod"));
    write("base/kustomization.yaml", "resources: [deployment.yaml]\n");
    write("base/deployment.yaml", deployment(1, "registry.example/api:1.0"));
    write("overlays/dev/kustomization.yaml", "namespace: dev\nresources: [../../base]\n");
    write("overlays/prod/kustomization.yaml", "namespace: prod\nresources: [../../base]\nreplicas: [{name: api, count: 3}]\n");
    repo_.commit_all("base");
  }
  Workspace workspace_;
  TestGitRepo repo_;
};

TEST_F(RenderedDiffTest, AChangeToASharedBaseShowsInEveryOverlayApp) {
  two_overlays();
  write("base/deployment.yaml", deployment(1, "registry.example/api:1.1"));  // uncommitted: the work tree
  nlohmann::json d = diff_json({});
  ASSERT_EQ(d["apps"].size(), 2u) << d.dump(2);
  EXPECT_EQ(d["apps"][0]["app"], "api-dev");
  EXPECT_EQ(d["apps"][1]["app"], "api-prod");
  for (const auto& a : d["apps"]) {
    EXPECT_EQ(a["change"], "changed");
    ASSERT_EQ(a["objects"].size(), 1u);
    const auto& field = a["objects"][0]["fields"][0];
    EXPECT_EQ(field["path"], "spec.template.spec.containers[name=api].image");
    EXPECT_EQ(field["before"], "\"registry.example/api:1.0\"");
    EXPECT_EQ(field["after"], "\"registry.example/api:1.1\"");
  }
  EXPECT_EQ(d["unchanged"], 0);
  // Committed, and compared revision to revision (--head), with the same answer.
  repo_.commit_all("bump");
  nlohmann::json committed = diff_json({"--base", "HEAD~1", "--head", "HEAD"});
  EXPECT_EQ(committed["apps"], d["apps"]);
}

TEST_F(RenderedDiffTest, ApplicationSetElementsAddApps) {
  write("argocd/set.yaml",
        "apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: teams, namespace: argocd}\nspec:\n"
        "  goTemplate: true\n  generators:\n  - list:\n      elements:\n      - {team: a}\n  template:\n"
        "    metadata: {name: 'queues-{{ .team }}'}\n    spec:\n      project: default\n"
        "      source: {repoURL: '" + std::string(kUrl) + "', path: 'teams/{{ .team }}'}\n"
        "      destination: {namespace: '{{ .team }}'}\n");
  write("teams/a/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: q}\ndata: {size: '1'}\n");
  write("teams/b/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: q}\ndata: {size: '2'}\n");
  repo_.commit_all("base");
  write("argocd/set.yaml", repo_.dir().empty() ? "" : [&] {
    std::string text = "apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: teams, namespace: argocd}\nspec:\n"
                       "  goTemplate: true\n  generators:\n  - list:\n      elements:\n      - {team: a}\n      - {team: b}\n"
                       "  template:\n    metadata: {name: 'queues-{{ .team }}'}\n    spec:\n      project: default\n"
                       "      source: {repoURL: '" + std::string(kUrl) + "', path: 'teams/{{ .team }}'}\n"
                       "      destination: {namespace: '{{ .team }}'}\n";
    return text;
  }());
  nlohmann::json d = diff_json({});
  ASSERT_EQ(d["apps"].size(), 1u) << d.dump(2);
  EXPECT_EQ(d["apps"][0]["app"], "queues-b");
  EXPECT_EQ(d["apps"][0]["change"], "added");
  EXPECT_EQ(d["apps"][0]["objects"][0]["object"], "ConfigMap b/q");
  EXPECT_EQ(d["unchanged"], 1);
}

TEST_F(RenderedDiffTest, AMovedAppAndSecretsThatNeverShow) {
  write("argocd/app.yaml", app("vault", "apps/vault"));
  write("apps/vault/secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata: {name: token}\nstringData: {token: hunter2}\n");
  repo_.commit_all("base");
  repo_.git("mv apps/vault apps/secrets");
  write("argocd/app.yaml", app("vault", "apps/secrets"));
  write("apps/secrets/secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata: {name: token}\nstringData: {token: swordfish}\n");
  for (const char* format : {"text", "markdown", "json"}) {
    Outcome r = diff({"--format", format});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("hunter2"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("swordfish"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("moved"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("*** (changed)"), std::string::npos) << format << ": " << r.out;
  }
}

TEST_F(RenderedDiffTest, TheMarkdownCommentAsGolden) {
  two_overlays();
  write("overlays/prod/kustomization.yaml", "namespace: prod\nresources: [../../base]\nreplicas: [{name: api, count: 5}]\n");
  write("overlays/dev/extra.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: flags}\ndata: {debug: 'true'}\n");
  write("overlays/dev/kustomization.yaml", "namespace: dev\nresources: [../../base, extra.yaml]\n");
  Outcome r = diff({"--format", "markdown"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  fs::path golden = fs::path(DRIFTLINT_SOURCE_DIR) / "testdata/golden/diff.md";
  EXPECT_EQ(r.out, read_whole_file(golden)) << "update with: build/driftlint diff ... (the test's scenario)\n" << r.out;
  // A comment has a budget: what does not fit is named, not cut mid-way.
  Outcome small = diff({"--format", "markdown", "--max-comment-size", "900"});
  EXPECT_NE(small.out.find("diff left out: the comment is limited to 900 characters"), std::string::npos) << small.out;
  EXPECT_LE(small.out.size(), 900u);
}

TEST_F(RenderedDiffTest, APullRequestCommentHoldsFindingsAndTheDiff) {
  two_overlays();
  write("overlays/prod/kustomization.yaml", "namespace: prod\nresources: [../../base]\nreplicas: [{name: api, count: 5}]\n");
  Outcome r = run_driftlint({"check", "--repo", "infra=infra", "--changed-since", "HEAD", "--diff", "--format",
                             "markdown", "--no-cache", "--fail-on", "none"},
                            workspace_);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("### Rendered changes (driftlint)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("| `api-prod` | changed | 0 | 0 | 1 |"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace driftlint
