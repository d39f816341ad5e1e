#include "render/closure.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(ClosureTest, ReadsEveryFileABuildReads) {
  MemoryTree tree({
      {"overlays/dev/kustomization.yaml",
       "resources: [../../base, extra.yaml]\ncomponents: [../../components/gpu]\n"
       "patches:\n- path: replicas.yaml\n- target: {kind: Deployment}\n  patch: |-\n    - op: add\n      path: /x\n      value: 1\n"
       "patchesStrategicMerge: [sm.yaml]\nconfigMapGenerator:\n- name: cfg\n  files: [conf=config/app.conf]\n  envs: [env.txt]\n"
       "images: [{name: api, newTag: '1'}]\n"},
      {"overlays/dev/extra.yaml", "kind: ConfigMap\n"},
      {"overlays/dev/replicas.yaml", "kind: Deployment\n"},
      {"overlays/dev/sm.yaml", "kind: Deployment\n"},
      {"overlays/dev/config/app.conf", "a=b\n"},
      {"overlays/dev/env.txt", "A=B\n"},
      {"overlays/dev/unused.yaml", "kind: ConfigMap\n"},
      {"base/kustomization.yaml", "resources: [deployment.yaml]\n"},
      {"base/deployment.yaml", "kind: Deployment\n"},
      {"components/gpu/kustomization.yaml", "kind: Component\npatches: [{path: gpu.yaml}]\n"},
      {"components/gpu/gpu.yaml", "kind: Deployment\n"},
  });
  KustomizeClosure c = kustomize_closure(tree, "overlays/dev", 1 << 20);
  EXPECT_TRUE(c.problems.empty());
  EXPECT_TRUE(c.remote.empty());
  std::set<std::string> expected = {"overlays/dev/kustomization.yaml", "overlays/dev/extra.yaml",
                                    "overlays/dev/replicas.yaml",      "overlays/dev/sm.yaml",
                                    "overlays/dev/config/app.conf",    "overlays/dev/env.txt",
                                    "base/kustomization.yaml",         "base/deployment.yaml",
                                    "components/gpu/kustomization.yaml", "components/gpu/gpu.yaml"};
  EXPECT_EQ(c.files, expected);
  EXPECT_EQ(c.object_files, (std::set<std::string>{"overlays/dev/extra.yaml", "base/deployment.yaml"}));
  EXPECT_EQ(c.patch_files,
            (std::set<std::string>{"overlays/dev/replicas.yaml", "overlays/dev/sm.yaml", "components/gpu/gpu.yaml"}));
  ASSERT_EQ(c.kustomizations.size(), 3u);
  EXPECT_EQ(c.kustomizations[0].dir, "overlays/dev");
  EXPECT_EQ(c.kustomizations[0].children, std::vector<std::string>{"base"});
  EXPECT_EQ(c.kustomizations[0].components, std::vector<std::string>{"components/gpu"});
}

TEST(ClosureTest, RemoteBasesAndEscapesAreNamedNotRead) {
  MemoryTree tree({{"app/kustomization.yaml",
                    "resources:\n- https://github.com/org/repo//deploy?ref=v1\n- ../../outside\n- local.yaml\n"
                    "configMapGenerator:\n- name: x\n  files:\n  - key=/etc/passwd\n"},
                   {"app/local.yaml", "kind: ConfigMap\n"}});
  KustomizeClosure c = kustomize_closure(tree, "app", 1 << 20);
  EXPECT_EQ(c.remote, std::vector<std::string>{"https://github.com/org/repo//deploy?ref=v1"});
  ASSERT_EQ(c.refused.size(), 2u);
  EXPECT_EQ(c.refused[0].file, "app/kustomization.yaml");
  EXPECT_EQ(c.refused[0].position.line, 3u);
  EXPECT_EQ(c.refused[0].message, "'../../outside' leaves the repo; only files inside it are read");
  EXPECT_EQ(c.refused[1].position.line, 8u);
  EXPECT_EQ(c.refused[1].message, "'/etc/passwd' is an absolute path; only files inside the repo are read");
  EXPECT_TRUE(c.files.count("app/local.yaml"));
  EXPECT_FALSE(c.files.count("app/etc/passwd"));  // an absolute path is never taken as relative
}

TEST(ClosureTest, CyclesEndAndAFolderWithoutKustomizationIsEmpty) {
  MemoryTree tree({{"a/kustomization.yaml", "resources: [../b]\n"}, {"b/kustomization.yaml", "resources: [../a]\n"}});
  KustomizeClosure c = kustomize_closure(tree, "a", 1 << 20);
  EXPECT_EQ(c.kustomizations.size(), 2u);
  EXPECT_TRUE(kustomize_closure(tree, "nothing", 1 << 20).kustomizations.empty());
}

TEST(ClosureTest, HelmChartsBringTheirLocalChartsAndValueFiles) {
  MemoryTree tree({
      {"app/kustomization.yaml",
       "helmCharts:\n- name: web\n  valuesFile: values/web.yaml\n  additionalValuesFiles: [../shared/common.yaml]\n"
       "- name: pinned\n  repo: https://charts.example\n  version: 1.2.3\n"
       "- name: pulled\n  repo: https://charts.example\n  version: 2.0.0\n"},
      {"app/values/web.yaml", "replicas: 2\n"},
      {"shared/common.yaml", "team: a\n"},
      {"app/charts/web/Chart.yaml", "name: web\nversion: 0.1.0\n"},
      {"app/charts/web/templates/cm.yaml", "kind: ConfigMap\n"},
      {"app/charts/pinned-1.2.3/pinned/Chart.yaml", "name: pinned\n"},
      {"app/charts/unused/Chart.yaml", "name: unused\n"},
  });
  KustomizeClosure c = kustomize_closure(tree, "app", 1 << 20);
  EXPECT_TRUE(c.refused.empty());
  EXPECT_EQ(c.helm_charts, (std::vector<std::string>{"app/charts/web", "app/charts/pinned-1.2.3/pinned"}));
  EXPECT_EQ(c.remote_charts, std::vector<std::string>{"pulled from https://charts.example"});
  for (const char* f : {"app/values/web.yaml", "shared/common.yaml", "app/charts/web/Chart.yaml",
                        "app/charts/web/templates/cm.yaml", "app/charts/pinned-1.2.3/pinned/Chart.yaml"}) {
    EXPECT_TRUE(c.files.count(f)) << f;
  }
  EXPECT_FALSE(c.files.count("app/charts/unused/Chart.yaml"));
}

TEST(ClosureTest, HelmChartsOutsideTheRepoAreRefused) {
  MemoryTree tree({{"app/kustomization.yaml",
                    "helmGlobals: {chartHome: /opt/charts, configHome: ../../home/.config/helm}\n"
                    "helmCharts:\n- name: web\n  valuesFile: /etc/passwd\n"}});
  KustomizeClosure c = kustomize_closure(tree, "app", 1 << 20);
  ASSERT_EQ(c.refused.size(), 3u);
  EXPECT_EQ(c.refused[0].message, "'../../home/.config/helm' leaves the repo; only files inside it are read");
  EXPECT_EQ(c.refused[1].message, "'/opt/charts/web' is an absolute path; only files inside the repo are read");
  EXPECT_EQ(c.refused[2].message, "'/etc/passwd' is an absolute path; only files inside the repo are read");
}

// --load-restrictor LoadRestrictionsNone lets kustomize read files beside
// its folder: they are in the closure; files outside the repo never are.
TEST(ClosureTest, FilesOutsideTheKustomizationsFolderButInTheRepo) {
  MemoryTree tree({{"apps/web/kustomization.yaml", "resources: [../shared/cm.yaml, ../../../outside.yaml]\n"},
                   {"apps/shared/cm.yaml", "kind: ConfigMap\n"}});
  KustomizeClosure c = kustomize_closure(tree, "apps/web", 1 << 20);
  EXPECT_TRUE(c.files.count("apps/shared/cm.yaml"));
  ASSERT_EQ(c.refused.size(), 1u);
  EXPECT_EQ(c.refused[0].message, "'../../../outside.yaml' leaves the repo; only files inside it are read");
}

}  // namespace
}  // namespace driftlint

namespace driftlint {
namespace {

TEST(ClosureTest, AKustomizationTheRunParsedAlreadyIsNotParsedAgain) {
  MemoryTree tree({{"app/kustomization.yaml", "resources: [a.yaml]\n"}, {"app/a.yaml", "kind: ConfigMap\n"}});
  auto parsed = std::make_shared<yaml::ParsedFile>(yaml::parse_yaml("resources: [a.yaml]\n"));
  std::vector<std::string> asked;
  ParsedFileSource loaded = [&](const std::string& path) -> std::shared_ptr<const yaml::ParsedFile> {
    asked.push_back(path);
    return path == "app/kustomization.yaml" ? parsed : nullptr;
  };
  KustomizeClosure c = kustomize_closure(tree, "app", 1 << 20, loaded);
  ASSERT_EQ(c.kustomizations.size(), 1u);
  EXPECT_EQ(c.kustomizations[0].parsed, parsed);
  EXPECT_EQ(c.kustomizations[0].text, "resources: [a.yaml]\n");  // still read: its bytes are the build's identity
  EXPECT_EQ(asked, std::vector<std::string>{"app/kustomization.yaml"});
  EXPECT_EQ(c.files, (std::set<std::string>{"app/kustomization.yaml", "app/a.yaml"}));
}

TEST(ClosureTest, AParseWithAnErrorIsNotTakenFromTheRun) {
  // The loader's parse limits may be tighter than a build's (--max-nesting-depth).
  MemoryTree tree({{"app/kustomization.yaml", "resources: [a.yaml]\n"}});
  auto broken = std::make_shared<yaml::ParsedFile>(yaml::parse_yaml("resources: [a.yaml\n"));
  ASSERT_TRUE(broken->error);
  KustomizeClosure c = kustomize_closure(tree, "app", 1 << 20, [&](const std::string&) { return broken; });
  ASSERT_EQ(c.kustomizations.size(), 1u);
  EXPECT_NE(c.kustomizations[0].parsed, broken);
  EXPECT_TRUE(c.problems.empty());
}

}  // namespace
}  // namespace driftlint
