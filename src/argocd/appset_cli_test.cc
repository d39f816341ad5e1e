// ApplicationSets through the driftlint binary, as a user runs it: files a
// matrix set deploys are not called undeployed, and a set that needs a
// network gives one note and quiets only the files it could reach.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "testing/cli_driver.h"

namespace driftlint {
namespace {

const char* kConfig = "repos:\n  - {name: infra, source: infra, url: 'https://git.example/org/infra.git'}\n";

std::string config_map(const std::string& name) {
  return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: " + name + ", namespace: apps}\ndata: {a: \"1\"}\n";
}

// The paths of the not-deployed findings in a JSON report.
std::vector<std::string> undeployed(const std::string& report) {
  std::vector<std::string> out;
  nlohmann::json parsed = nlohmann::json::parse(report);
  for (const auto& f : parsed["findings"]) {
    if (f["rule"] == "not-deployed") out.push_back(f["path"].get<std::string>());
  }
  return out;
}

TEST(AppSetCliTest, FilesAMatrixSetDeploysAreDeployed) {
  Workspace w;
  w.write("driftlint.yaml", kConfig);
  w.write("infra/argocd/fleet.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: fleet, namespace: argocd}
spec:
  goTemplate: true
  goTemplateOptions: ["missingkey=error"]
  generators:
  - matrix:
      generators:
      - list: {elements: [{cluster: gpu-eu}, {cluster: gpu-us}]}
      - git:
          repoURL: https://git.example/org/infra.git
          revision: HEAD
          directories: [{path: 'clusters/{{ .cluster }}/*'}]
  template:
    metadata: {name: '{{ .cluster }}-{{ .path.basename }}'}
    spec:
      project: default
      source: {repoURL: https://git.example/org/infra.git, targetRevision: HEAD, path: '{{ .path.path }}'}
      destination: {server: https://kubernetes.default.svc, namespace: '{{ .path.basename }}'}
)");
  w.write("infra/clusters/gpu-eu/ray/cm.yaml", config_map("ray-eu"));
  w.write("infra/clusters/gpu-us/ray/cm.yaml", config_map("ray-us"));
  w.write("infra/clusters/gpu-us/kueue/cm.yaml", config_map("kueue-us"));
  w.write("infra/clusters/gpu-ap/ray/cm.yaml", config_map("ray-ap"));  // no such cluster in the list
  Outcome r = run_driftlint({"check", "--format", "json", "--fail-on", "none"}, w);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(undeployed(r.out), (std::vector<std::string>{"argocd/fleet.yaml", "clusters/gpu-ap/ray/cm.yaml"})) << r.out;
  EXPECT_EQ(r.err.find("ApplicationSet"), std::string::npos) << r.err;  // expanded completely: nothing to say
}

TEST(AppSetCliTest, AnScmProviderSetGivesOneNoteAndQuietsOnlyItsReach) {
  Workspace w;
  w.write("driftlint.yaml", kConfig);
  w.write("infra/argocd/sets.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: services, namespace: argocd}
spec:
  goTemplate: true
  generators:
  - scmProvider:
      github: {organization: org}
      filters: [{repositoryMatch: '^infra$'}]
  template:
    metadata: {name: '{{ .repository }}'}
    spec:
      source: {repoURL: '{{ .url }}', targetRevision: '{{ .branch }}', path: 'services/{{ .repository }}'}
      destination: {server: https://kubernetes.default.svc, namespace: '{{ .repository }}'}
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: base, namespace: argocd}
spec:
  source: {repoURL: https://git.example/org/infra.git, path: base}
  destination: {server: https://kubernetes.default.svc, namespace: base}
)");
  w.write("infra/base/cm.yaml", config_map("base"));
  w.write("infra/services/infra/cm.yaml", config_map("svc"));
  w.write("infra/services/other/deep/cm.yaml", config_map("svc-deep"));
  w.write("infra/legacy/cm.yaml", config_map("legacy"));
  Outcome r = run_driftlint({"check", "--format", "json", "--fail-on", "none"}, w);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(undeployed(r.out), (std::vector<std::string>{"argocd/sets.yaml", "legacy/cm.yaml"})) << r.out;
  size_t first = r.err.find("ApplicationSet 'services'");
  ASSERT_NE(first, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("ApplicationSet 'services'", first + 1), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("driftlint: note: ApplicationSet 'services': its scmProvider generator asks a service or a "
                       "cluster for its parameters and cannot be expanded offline"),
            std::string::npos)
      << r.err;
}

TEST(AppSetCliTest, FindingsOnGeneratedAppsPointIntoTheSet) {
  Workspace w;
  w.write("driftlint.yaml", kConfig);
  w.write("infra/argocd/teams.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: teams, namespace: argocd}
spec:
  goTemplate: true
  generators:
  - list: {elements: [{team: ml}, {team: web}]}
  template:
    metadata: {name: '{{ .team }}'}
    spec:
      project: default
      source:
        repoURL: https://git.example/org/infra.git
        path: 'teams/{{ .team }}'
      destination: {server: https://kubernetes.default.svc, namespace: '{{ .team }}'}
  templatePatch: |
    {{- if eq .team "web" }}
    spec:
      source: {repoURL: 'https://git.example/org/infra.git', path: 'web/{{ .team }}'}
    {{- end }}
)");
  w.write("infra/teams/ml/cm.yaml", config_map("ml"));
  Outcome r = run_driftlint({"check", "--format", "json", "--fail-on", "none"}, w);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json report = nlohmann::json::parse(r.out);
  std::vector<std::string> missing;
  for (const auto& f : report["findings"]) {
    if (f["rule"] != "app-source-missing") continue;
    missing.push_back(f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>()) + " " +
                      f["object"]["name"].get<std::string>());
  }
  // The web app's path comes from the templatePatch (line 16): the finding points there.
  EXPECT_EQ(missing, (std::vector<std::string>{"argocd/teams.yaml:16 web"})) << r.out;
}

// The budgets' flags, on check and diff: a set past --max-appset-apps is one
// render-failed error naming the flag; a value out of range is a usage error.
TEST(AppSetCliTest, BudgetFlagsOfCheckAndDiff) {
  Workspace w;
  w.write("driftlint.yaml", kConfig);
  w.write("infra/argocd/three.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: three, namespace: argocd}
spec:
  generators:
  - list: {elements: [{app: a}, {app: b}, {app: c}]}
  template:
    metadata: {name: '{{app}}'}
    spec:
      project: default
      source: {repoURL: https://git.example/org/infra.git, path: 'apps/{{app}}'}
      destination: {server: https://kubernetes.default.svc, namespace: apps}
)");
  for (const char* app : {"a", "b", "c"}) w.write(std::string("infra/apps/") + app + "/cm.yaml", config_map(std::string("settings-") + app));
  EXPECT_EQ(run_driftlint({"check", "--max-appset-apps", "3"}, w).exit_code, 0);
  Outcome r = run_driftlint({"check", "--max-appset-apps", "2"}, w);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("infra/argocd/three.yaml:3:12: error: ApplicationSet 'three' generates more than 2 Applications "
                       "(driftlint's limit, --max-appset-apps); the rest were not expanded [render-failed]"),
            std::string::npos)
      << r.out;
  for (const char* flag : {"--max-appset-apps", "--max-rendered-size", "--max-template-steps"}) {
    for (const char* command : {"check", "diff"}) {
      Outcome bad = run_driftlint({command, flag, "0"}, w);
      EXPECT_EQ(bad.exit_code, 2) << command << " " << flag;
      EXPECT_NE(bad.err.find(std::string(command) + ": " + flag + " must be between 1 and"), std::string::npos) << bad.err;
    }
  }
}

}  // namespace
}  // namespace driftlint
