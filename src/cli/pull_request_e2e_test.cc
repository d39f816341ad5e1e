// Pull-request runs on the scenarios of issue 18, each as two commits of a
// real repository: what a change breaks is new wherever it lands; what it
// leaves as it was is not; what it fixes is counted.
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"
#include "testing/git_repo.h"

namespace driftlint {
namespace {

constexpr const char* kUrl = "https://git.example/org/infra.git";

std::string app(const std::string& name, const std::string& path) {
  return "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: " + name +
         ", namespace: argocd}\nspec:\n  project: default\n  source: {repoURL: '" + kUrl + "', path: " + path +
         "}\n  destination: {namespace: " + name + "}\n";
}

std::string config_map(const std::string& name, const std::string& ns) {
  return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: " + name + ", namespace: " + ns + "}\ndata: {a: '1'}\n";
}

class PullRequestTest : public ::testing::Test {
 protected:
  PullRequestTest() : repo_(workspace_.path_of("infra")) { repo_.git("remote add origin " + std::string(kUrl)); }
  void write(const std::string& path, const std::string& text) { repo_.write(path, text); }
  // The head commit against its parent, as CI runs it.
  Outcome pull_request(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"check", "--repo", "infra=infra@HEAD", "--changed-since", "HEAD~1",
                                     "--format", "json", "--no-cache"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_driftlint(args, workspace_);
  }
  static std::multiset<std::string> rules(const Outcome& r) {
    std::multiset<std::string> out;
    nlohmann::json report = nlohmann::json::parse(r.out, nullptr, false);
    if (report.is_discarded()) return {"(no JSON: " + r.err + ")"};
    for (const auto& f : report["findings"]) out.insert(f["rule"].get<std::string>() + " " + f["path"].get<std::string>());
    return out;
  }
  Workspace workspace_;
  TestGitRepo repo_;
};

TEST_F(PullRequestTest, AMovedFolderBreaksTheAppThatStillPointsThere) {
  write("argocd/apps.yaml", app("inference", "apps/inference"));
  write("apps/inference/cm.yaml", config_map("settings", "inference"));
  repo_.commit_all("base");
  repo_.git("mv apps/inference apps/serving");
  repo_.commit_all("move the folder");
  Outcome r = pull_request();
  EXPECT_EQ(r.exit_code, 1) << r.err;
  // The finding is in argocd/apps.yaml, a file the change did not touch.
  EXPECT_EQ(rules(r), (std::multiset<std::string>{"app-source-missing argocd/apps.yaml",
                                                  "not-deployed apps/serving/cm.yaml"}));
}

TEST_F(PullRequestTest, ADuplicateOfAnUnchangedFileIsNew) {
  write("apps/a/cm.yaml", config_map("settings", "team-a"));
  write("apps/a/kustomization.yaml", "resources: [cm.yaml]\n");
  repo_.commit_all("base");
  write("apps/a/copy.yaml", config_map("settings", "team-a"));
  write("apps/a/kustomization.yaml", "resources: [cm.yaml, copy.yaml]\n");
  repo_.commit_all("a copy");
  Outcome r = pull_request();
  EXPECT_EQ(r.exit_code, 1) << r.err;
  // kustomize refuses the build and says why; the copy is not reported twice.
  EXPECT_EQ(rules(r), std::multiset<std::string>{"render-failed apps/a/kustomization.yaml"});
}

TEST_F(PullRequestTest, AQuotaRaisedInOneFolderOvercommitsTheCohort) {
  std::string flavor = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata: {name: h200}\n"
                       "spec: {nodeLabels: {gpu: h200}}\n";
  auto queue = [](const std::string& name, int gpus) {
    return "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata: {name: " + name + "}\n"
           "spec:\n  cohortName: pool\n  resourceGroups:\n  - coveredResources: [nvidia.com/gpu]\n    flavors:\n"
           "    - name: h200\n      resources:\n      - {name: nvidia.com/gpu, nominalQuota: " + std::to_string(gpus) + "}\n";
  };
  write("kueue/flavor.yaml", flavor);
  write("kueue/research.yaml", queue("research", 4));
  write("teams/factory/queue.yaml", queue("factory", 4));
  write("snapshot.yaml", "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n"
                         "  metadata: {name: n1, labels: {gpu: h200}}\n  status: {allocatable: {nvidia.com/gpu: '8'}}\n");
  repo_.commit_all("base");
  write("teams/factory/queue.yaml", queue("factory", 6));
  repo_.commit_all("factory wants more");
  Outcome r = pull_request({"--snapshot", "infra/snapshot.yaml"});
  EXPECT_EQ(r.exit_code, 0) << r.err;  // a warning: fails only at --fail-on warning
  std::multiset<std::string> found = rules(r);
  ASSERT_EQ(found.size(), 1u) << r.out;
  EXPECT_EQ(found.begin()->rfind("gpu-quota-exceeds-capacity ", 0), 0u) << *found.begin();
}

TEST_F(PullRequestTest, AFixIsCountedAndPasses) {
  write("apps/a/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: s}\ndata:\n  a: \"1\"\n  a: \"2\"\n");
  repo_.commit_all("base");
  write("apps/a/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: s}\ndata:\n  a: \"2\"\n");
  repo_.commit_all("fix");
  Outcome r = pull_request();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(rules(r).empty());
  Outcome text = run_driftlint({"check", "--repo", "infra=infra@HEAD", "--changed-since", "HEAD~1", "--no-cache"},
                               workspace_);
  EXPECT_NE(text.out.find("against the base: 0 new, 1 fixed, 0 already there"), std::string::npos) << text.out;
}

TEST_F(PullRequestTest, AnUnrelatedChangeInARepoWithOldErrorsPasses) {
  write("apps/a/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: s}\ndata:\n  a: \"1\"\n  a: \"2\"\n");
  write("apps/b/cm.yaml", config_map("other", "b"));
  repo_.commit_all("base");
  write("apps/b/cm.yaml", config_map("other", "b") + "# a comment\n");
  write("apps/a/cm.yaml", "# moved down a line\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: s}\ndata:\n  a: \"1\"\n  a: \"2\"\n");
  repo_.commit_all("unrelated");
  Outcome r = pull_request();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(rules(r).empty()) << r.out;
}

}  // namespace
}  // namespace driftlint
