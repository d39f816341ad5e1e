// The git generator: directories and files over the loaded repo, with the
// matching rules of Go's path.Match and of git's pathspecs.
#include <gtest/gtest.h>

#include "argocd/appset_git_paths.h"
#include "argocd/appset_test_support.h"

namespace driftlint {
namespace {

TEST(AppSetGitPathsTest, GoPathMatchKeepsStarsInsideOneFolder) {
  EXPECT_EQ(go_path_match("apps/*", "apps/web"), true);
  EXPECT_EQ(go_path_match("apps/*", "apps/web/overlays"), false);
  EXPECT_EQ(go_path_match("apps/**", "apps/web/overlays"), false);  // path.Match has no "**"
  EXPECT_EQ(go_path_match("apps/*/overlays", "apps/web/overlays"), true);
  EXPECT_EQ(go_path_match("apps/[a-c]*", "apps/batch"), true);
  EXPECT_EQ(go_path_match("apps/[^a-c]*", "apps/batch"), false);
  EXPECT_EQ(go_path_match("apps/?eb", "apps/web"), true);
  EXPECT_EQ(go_path_match("apps/{a,b}", "apps/a"), false);  // no braces either
  EXPECT_EQ(go_path_match("apps/[", "apps/x"), std::nullopt);
  EXPECT_EQ(go_path_match("*a*a*a*a*a*a*a*a*b", std::string(3000, 'a')), false);  // quick, not exponential
}

TEST(AppSetGitPathsTest, GitPathspecsCrossFoldersAndTakeFolders) {
  EXPECT_TRUE(git_pathspec_match("clusters/*/config.json", "clusters/eu/prod/config.json"));
  EXPECT_TRUE(git_pathspec_match("clusters/**/config.json", "clusters/eu/config.json"));
  EXPECT_TRUE(git_pathspec_match("clusters", "clusters/eu/config.json"));
  EXPECT_TRUE(git_pathspec_match("clusters/", "clusters/eu/config.json"));
  EXPECT_FALSE(git_pathspec_match("clusters", "clusters-old/config.json"));
  EXPECT_FALSE(git_pathspec_match("*.json", "a.yaml"));
  EXPECT_TRUE(git_pathspec_match("*.json", "deep/a.json"));
}

TEST(AppSetGitPathsTest, DirectoriesInWalkOrderWithoutHiddenOnes) {
  EXPECT_EQ(walk_order_directories({"a/b/x.yaml", "a-c/y.yaml", ".github/w.yaml", "a/.hidden/z/q.yaml", "top.yaml"}),
            (std::vector<std::string>{"a", "a/b", "a-c"}));
  EXPECT_EQ(go_path_dir("a/b/c.json"), "a/b");
  EXPECT_EQ(go_path_dir("c.json"), ".");
  EXPECT_EQ(go_path_base("a/b"), "b");
  EXPECT_EQ(go_path_base(""), ".");
}

const char* kDirectories = R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: addons}
spec:
  goTemplate: true
  generators:
  - git:
      repoURL: git@git.example:org/infra.git
      revision: HEAD
      directories: [{path: 'addons/*'}, {path: addons/legacy, exclude: true}]
      pathParamPrefix: addon
      values: {owner: 'team-{{ .addon.path.basename }}'}
  template:
    metadata: {name: '{{ .addon.path.basenameNormalized }}-{{ index .addon.path.segments 0 }}', labels: {owner: '{{ .values.owner }}'}}
    spec:
      source: {repoURL: 'https://git.example/org/infra.git', path: '{{ .addon.path.path }}'}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: addons-flat}
spec:
  generators:
  - git:
      repoURL: https://git.example/org/infra.git
      directories: [{path: 'addons/*'}]
  template:
    metadata: {name: 'flat-{{path.basename}}-{{path[1]}}-{{path.basenameNormalized}}'}
    spec:
      source: {repoURL: 'https://git.example/org/infra.git', path: '{{path}}'}
)";

TEST(AppSetGitTest, Directories) {
  AppSetFixture f(Files{{"argocd/addons.yaml", kDirectories},
                        {"addons/Cert_Manager/cm.yaml", "kind: ConfigMap\n"},
                        {"addons/ray/deep/cm.yaml", "kind: ConfigMap\n"},
                        {"addons/legacy/cm.yaml", "kind: ConfigMap\n"},
                        {"addons/.wip/cm.yaml", "kind: ConfigMap\n"}});
  AppSetExpansion go = f.expand("addons");
  EXPECT_TRUE(go.complete) << notes_of(go);
  EXPECT_EQ(names_of(go), (std::vector<std::string>{"cert-manager-addons", "ray-addons"}));
  const Application* ray = app_named(go, "ray-addons");
  ASSERT_NE(ray, nullptr);
  EXPECT_EQ(*ray->sources[0].path, "addons/ray");
  EXPECT_EQ(ray->generated_tree->node(0).path({"metadata", "labels", "owner"}).text(), "team-ray");
  AppSetExpansion flat = f.expand("addons-flat");
  EXPECT_EQ(names_of(flat), (std::vector<std::string>{"flat-Cert_Manager-Cert_Manager-cert-manager", "flat-legacy-legacy-legacy",
                                                      "flat-ray-ray-ray"}));
}

const char* kFiles = R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: clusters}
spec:
  goTemplate: true
  generators:
  - git:
      repoURL: https://git.example/org/infra.git
      files: [{path: 'clusters/**/config.yaml'}, {path: clusters/retired/config.yaml, exclude: true}]
  template:
    metadata: {name: '{{ .cluster.name }}-{{ .path.basename }}-{{ .path.filenameNormalized }}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: 'clusters/{{ .cluster.name }}/{{ index .gpus 0 }}'}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: clusters-flat}
spec:
  generators:
  - git:
      repoURL: https://git.example/org/infra.git
      files: [{path: 'clusters/eu/config.yaml'}, {path: 'lists/*.json'}]
  template:
    metadata: {name: '{{cluster.name}}-{{gpus.1}}-{{replicas}}-{{path[0]}}-{{path.filename}}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: '{{path}}'}
)";

TEST(AppSetGitTest, FilesAsObjectsAndLists) {
  AppSetFixture f(Files{{"argocd/clusters.yaml", kFiles},
                        {"clusters/eu/config.yaml", "cluster: {name: eu}\ngpus: [a100, h100]\nreplicas: 2\n"},
                        {"clusters/us/east/config.yaml", "cluster: {name: us-east}\ngpus: [l4]\n"},
                        {"clusters/retired/config.yaml", "cluster: {name: old}\ngpus: [k80]\n"},
                        {"lists/more.json", R"([{"cluster": {"name": "j1"}, "gpus": ["x", "y"], "replicas": 1e6}])"}});
  AppSetExpansion go = f.expand("clusters");
  EXPECT_TRUE(go.complete) << notes_of(go);
  EXPECT_EQ(names_of(go), (std::vector<std::string>{"eu-eu-config.yaml", "us-east-east-config.yaml"}));
  EXPECT_EQ(*go.apps[0].sources[0].path, "clusters/eu/a100");
  AppSetExpansion flat = f.expand("clusters-flat");
  EXPECT_TRUE(flat.complete) << notes_of(flat);
  // Keys flattened with '.', list items by index, numbers as Go prints a float64.
  EXPECT_EQ(names_of(flat), (std::vector<std::string>{"eu-h100-2-clusters-config.yaml", "j1-y-1e+06-lists-more.json"}));
}

TEST(AppSetGitTest, WhatCannotBeReadIsSaid) {
  AppSetFixture f(Files{{"argocd/clusters.yaml", kFiles},
                        {"clusters/eu/config.yaml", "cluster: {name: [unclosed\n"},
                        {"clusters/us/config.yaml", "just a string\n"}},
                  Files{{"other.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: elsewhere}
spec:
  generators:
  - git: {repoURL: 'https://token@git.example/org/not-loaded.git', directories: [{path: '*'}]}
  template:
    metadata: {name: '{{path.basename}}'}
    spec: {source: {repoURL: 'https://git.example/org/infra.git', path: 'apps/{{path.basename}}'}}
)"}});
  AppSetExpansion broken = f.expand("clusters");
  EXPECT_FALSE(broken.complete);
  EXPECT_NE(notes_of(broken).find("cannot read 'clusters/eu/config.yaml': unable to parse file"), std::string::npos)
      << notes_of(broken);
  AppSetExpansion elsewhere = f.expand("elsewhere");
  EXPECT_FALSE(elsewhere.complete);
  EXPECT_NE(notes_of(elsewhere).find("reads https://git.example/org/not-loaded.git, which is not among the loaded repos"),
            std::string::npos)
      << notes_of(elsewhere);
  EXPECT_EQ(notes_of(elsewhere).find("token"), std::string::npos);
  ASSERT_EQ(elsewhere.reach.size(), 1u);
  EXPECT_EQ(elsewhere.reach[0].prefix, "apps/");
}

TEST(AppSetGitTest, ALoadedSubfolderKnowsOnlyWhatIsBelowIt) {
  AppSetFixture f(Files{{"set.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: sub}
spec:
  generators:
  - git: {repoURL: 'https://git.example/org/infra.git', directories: [{path: 'platform/apps/*'}]}
  - git: {repoURL: 'https://git.example/org/infra.git', directories: [{path: '*'}]}
  template:
    metadata: {name: '{{path.basename}}'}
    spec: {source: {repoURL: 'https://git.example/org/infra.git', path: '{{path}}'}}
)"},
                        {"apps/web/cm.yaml", "kind: ConfigMap\n"}},
                  {}, "platform");
  AppSetExpansion e = f.expand("sub");
  EXPECT_EQ(names_of(e), (std::vector<std::string>{"web", "platform"}));
  EXPECT_FALSE(e.complete);  // '*' matches folders beside the loaded one, which this run does not see
  EXPECT_NE(notes_of(e).find("pattern '*' reaches outside the loaded folder 'platform'"), std::string::npos)
      << notes_of(e);
}

}  // namespace
}  // namespace driftlint
