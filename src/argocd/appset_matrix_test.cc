// The matrix and merge generators, nesting, and the generator-level selector.
#include <gtest/gtest.h>

#include "argocd/appset_test_support.h"

namespace driftlint {
namespace {

const char* kMatrix = R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: fleet}
spec:
  goTemplate: true
  generators:
  - matrix:
      generators:
      - list:
          elements:
          - {cluster: eu, values: {tier: gold}}
          - {cluster: us}
      - git:
          repoURL: https://git.example/org/infra.git
          files: [{path: 'clusters/{{ .cluster }}/*.yaml'}]
          values: {owner: '{{ .cluster }}-owner', file: '{{ .path.filename }}'}
  template:
    metadata:
      name: '{{ .cluster }}-{{ .team }}'
      labels: {owner: '{{ .values.owner }}', file: '{{ .values.file }}', tier: '{{ .values.tier | default "none" }}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: 'apps/{{ .team }}/{{ .cluster }}'}
)";

Files fleet_repo(const char* set) {
  return Files{{"argocd/set.yaml", set},
               {"clusters/eu/ml.yaml", "team: ml\n"},
               {"clusters/eu/web.yaml", "team: web\n"},
               {"clusters/us/ml.yaml", "team: ml\n"}};
}

TEST(AppSetMatrixTest, TheSecondChildSeesTheFirstOnesParameters) {
  AppSetFixture f(fleet_repo(kMatrix));
  AppSetExpansion e = f.expand("fleet");
  EXPECT_TRUE(e.complete) << notes_of(e);
  EXPECT_EQ(names_of(e), (std::vector<std::string>{"eu-ml", "eu-web", "us-ml"}));
  // The child's values take the parent's parameters where they can; those naming the
  // child's own (.path.filename) wait for it. Both children's values merge deeply.
  const Application* eu_ml = app_named(e, "eu-ml");
  ASSERT_NE(eu_ml, nullptr);
  yaml::Node labels = eu_ml->generated_tree->node(0).path({"metadata", "labels"});
  EXPECT_EQ(labels.get("owner").text(), "eu-owner");
  EXPECT_EQ(labels.get("file").text(), "ml.yaml");
  EXPECT_EQ(labels.get("tier").text(), "gold");
  EXPECT_EQ(app_named(e, "us-ml")->generated_tree->node(0).path({"metadata", "labels", "tier"}).text(), "none");
  EXPECT_EQ(*eu_ml->sources[0].path, "apps/ml/eu");
}

TEST(AppSetMatrixTest, NestedMatrixAndMergeTwoLevelsDeep) {
  AppSetFixture f(fleet_repo(R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: nested}
spec:
  generators:
  - matrix:
      generators:
      - matrix:
          generators:
          - list: {elements: [{region: eu}, {region: us}]}
          - list: {elements: [{size: small}, {size: large}]}
      - merge:
          mergeKeys: [zone]
          generators:
          - list: {elements: [{zone: z1, gpus: '1'}, {zone: z2, gpus: '4'}]}
          - list: {elements: [{zone: z2, gpus: '8'}, {zone: z3, gpus: '2'}]}
  template:
    metadata: {name: '{{region}}-{{size}}-{{zone}}-{{gpus}}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: 'sizes/{{size}}'}}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: too-deep}
spec:
  generators:
  - matrix:
      generators:
      - matrix:
          generators:
          - matrix: {generators: [{list: {elements: [{a: '1'}]}}, {list: {elements: [{b: '2'}]}}]}
          - list: {elements: [{c: '3'}]}
      - list: {elements: [{d: '4'}]}
  template:
    metadata: {name: 'x-{{a}}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: 'deep/{{a}}'}}
)"));
  AppSetExpansion e = f.expand("nested");
  EXPECT_TRUE(e.complete) << notes_of(e);
  // Every region x size pair with every merged zone (z2 overridden, z3 only in the later child: dropped).
  EXPECT_EQ(names_of(e), (std::vector<std::string>{"eu-small-z1-1", "eu-small-z2-8", "eu-large-z1-1", "eu-large-z2-8",
                                                   "us-small-z1-1", "us-small-z2-8", "us-large-z1-1", "us-large-z2-8"}));
  AppSetExpansion deep = f.expand("too-deep");
  EXPECT_FALSE(deep.complete);
  EXPECT_NE(notes_of(deep).find("nested more than two levels deep"), std::string::npos) << notes_of(deep);
}

TEST(AppSetMatrixTest, MergeKeysAndTheirFailures) {
  AppSetFixture f(fleet_repo(R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: merged}
spec:
  goTemplate: true
  generators:
  - merge:
      mergeKeys: [cluster]
      generators:
      - list: {elements: [{cluster: eu, conf: {replicas: 1, zone: a}}, {cluster: us, conf: {replicas: 1}}]}
      - list: {elements: [{cluster: eu, conf: {replicas: 3}}, {cluster: ap, conf: {replicas: 9}}]}
  template:
    metadata: {name: '{{ .cluster }}-{{ .conf.replicas }}-{{ .conf.zone | default "none" }}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: 'merged/{{ .cluster }}'}}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: duplicate}
spec:
  generators:
  - merge:
      mergeKeys: [cluster]
      generators:
      - list: {elements: [{cluster: eu}, {cluster: eu}]}
      - list: {elements: [{cluster: eu}]}
  template:
    metadata: {name: '{{cluster}}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: 'dup/{{cluster}}'}}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: clash}
spec:
  generators:
  - matrix:
      generators:
      - list: {elements: [{cluster: eu}]}
      - list: {elements: [{cluster: us}]}
  template:
    metadata: {name: '{{cluster}}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: 'clash/{{cluster}}'}}
)"));
  AppSetExpansion merged = f.expand("merged");
  EXPECT_TRUE(merged.complete) << notes_of(merged);
  // The override merges deeply (zone stays); a key only a later child has adds no set.
  EXPECT_EQ(names_of(merged), (std::vector<std::string>{"eu-3-a", "us-1-none"}));
  AppSetExpansion duplicate = f.expand("duplicate");
  EXPECT_FALSE(duplicate.complete);
  EXPECT_NE(notes_of(duplicate).find("Duplicate key was {\"cluster\":\"eu\"}"), std::string::npos) << notes_of(duplicate);
  AppSetExpansion clash = f.expand("clash");
  EXPECT_FALSE(clash.complete);
  EXPECT_NE(notes_of(clash).find("found duplicate key cluster with different value, a: eu ,b: us"), std::string::npos)
      << notes_of(clash);
}

TEST(AppSetMatrixTest, GeneratorSelectorFiltersFlattenedParameters) {
  AppSetFixture f(fleet_repo(R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: picked}
spec:
  goTemplate: true
  generators:
  - list:
      elements: [{name: a, meta: {env: prod}}, {name: b, meta: {env: dev}}, {name: c}]
    selector:
      matchExpressions: [{key: meta.env, operator: NotIn, values: [dev]}]
  template:
    metadata: {name: '{{ .name }}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: 'picked/{{ .name }}'}}
)"));
  EXPECT_EQ(names_of(f.expand("picked")), (std::vector<std::string>{"a", "c"}));
}

}  // namespace
}  // namespace driftlint
