// The list generator, the rendering of templates (both engines) and what a
// generated Application keeps of its template's positions.
#include <gtest/gtest.h>

#include "argocd/appset_test_support.h"

namespace driftlint {
namespace {

const char* kGoList = R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: teams, namespace: argocd}
spec:
  goTemplate: true
  generators:
  - list:
      elements:
      - {team: ML-Research, gpus: 8, values: {tier: gold}}
      - {team: infra, gpus: 0}
  template:
    metadata:
      name: '{{ .team | lower }}-apps'
      labels:
        '{{ .team | normalize }}': '{{ .values.tier | default "bronze" }}'
    spec:
      project: default
      source:
        repoURL: https://git.example/org/infra.git
        path: 'teams/{{ normalize .team }}'
      destination: {namespace: '{{ .team | lower }}'}
)";

TEST(AppSetListTest, GoTemplateElementsAndPositions) {
  AppSetFixture f(Files{{"argocd/teams.yaml", kGoList}});
  AppSetExpansion e = f.expand("teams");
  EXPECT_TRUE(e.complete) << notes_of(e);
  ASSERT_EQ(names_of(e), (std::vector<std::string>{"ml-research-apps", "infra-apps"}));
  const Application& ml = e.apps[0];
  EXPECT_EQ(ml.ns, "argocd");
  EXPECT_EQ(ml.application_set, "teams");
  ASSERT_EQ(ml.sources.size(), 1u);
  EXPECT_EQ(*ml.sources[0].path, "teams/ml-research");
  EXPECT_EQ(ml.destination_namespace, "ml-research");
  // The generated path points at the template's line, in the set's file.
  EXPECT_EQ(ml.sources[0].path_node.position().line, 20u);
  yaml::Position original = f.set("teams")->root.path({"spec", "template", "spec", "source", "path"}).position();
  EXPECT_EQ(ml.sources[0].path_node.position().column, original.column);
  EXPECT_EQ(ml.application_set_manifest, f.set("teams"));
  // Map keys are templated too; a missing value falls back to the default.
  yaml::Node labels = ml.generated_tree->node(0).path({"metadata", "labels"});
  EXPECT_EQ(labels.get("ml-research").text(), "gold");
  yaml::Node infra_labels = e.apps[1].generated_tree->node(0).path({"metadata", "labels"});
  EXPECT_EQ(infra_labels.get("infra").text(), "bronze");
}

TEST(AppSetListTest, FasttemplateKeepsUnknownTagsAndNeedsStrings) {
  AppSetFixture f(Files{{"argocd/set.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: flat}
spec:
  generators:
  - list:
      elements:
      - {cluster: gpu-a, values: {ns: research}}
  - list:
      elements: [{}]
  template:
    metadata: {name: '{{cluster}}-{{ values.ns }}-{{nope}}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: 'clusters/{{cluster}}'}
      destination: {namespace: '{{values.ns}}'}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: numbers}
spec:
  generators:
  - list:
      elements: [{cluster: a, replicas: 3}]
  template:
    metadata: {name: '{{cluster}}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: 'clusters/{{cluster}}/apps'}
)"}});
  AppSetExpansion flat = f.expand("flat");
  // A tag naming no parameter stays as written; an empty element renders nothing.
  EXPECT_EQ(names_of(flat), (std::vector<std::string>{"gpu-a-research-{{nope}}", "{{cluster}}-{{ values.ns }}-{{nope}}"}));
  EXPECT_EQ(*flat.apps[0].sources[0].path, "clusters/gpu-a");
  EXPECT_TRUE(flat.complete);
  // Without goTemplate a number in an element fails the generator, as in Argo CD.
  AppSetExpansion numbers = f.expand("numbers");
  EXPECT_TRUE(numbers.apps.empty());
  EXPECT_FALSE(numbers.complete);
  EXPECT_NE(notes_of(numbers).find("list element 1: error parsing value as string (key replicas)"), std::string::npos)
      << notes_of(numbers);
  ASSERT_EQ(numbers.reach.size(), 1u);
  EXPECT_EQ(numbers.reach[0].repo, 0);
  EXPECT_EQ(numbers.reach[0].prefix, "clusters/");
}

TEST(AppSetListTest, ElementsYamlAndGeneratorTemplates) {
  AppSetFixture f(Files{{"argocd/set.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: envs}
spec:
  goTemplate: true
  generators:
  - list:
      elementsYaml: |
        - env: dev
          nested: {region: eu}
        - env: prod
          nested: {region: us}
      template:
        metadata: {}
        spec:
          source: {path: 'override/{{ .env }}'}
          destination: {namespace: ''}
  template:
    metadata: {name: 'web-{{ .env }}-{{ .nested.region }}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: 'envs/{{ .env }}'}
      destination: {namespace: web}
      syncPolicy: {automated: {selfHeal: true}}
)"}});
  AppSetExpansion e = f.expand("envs");
  ASSERT_EQ(names_of(e), (std::vector<std::string>{"web-dev-eu", "web-prod-us"}));
  // The generator's template wins where it sets a value; what it leaves empty comes from the set's.
  EXPECT_EQ(*e.apps[0].sources[0].path, "override/dev");
  EXPECT_EQ(e.apps[0].sources[0].repo_url, "https://git.example/org/infra.git");
  EXPECT_EQ(e.apps[0].destination_namespace, "web");
  EXPECT_TRUE(e.apps[1].self_heal);
}

TEST(AppSetListTest, MissingKeyErrorMakesTheSetIncomplete) {
  AppSetFixture f(Files{{"argocd/set.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: strict}
spec:
  goTemplate: true
  goTemplateOptions: ["missingkey=error"]
  generators:
  - list: {elements: [{name: a, region: eu}, {name: b}]}
  template:
    metadata: {name: '{{ .name }}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: 'regions/{{ .region }}/{{ .name }}'}
)"}});
  AppSetExpansion e = f.expand("strict");
  EXPECT_EQ(names_of(e), (std::vector<std::string>{"a"}));
  EXPECT_FALSE(e.complete);
  EXPECT_EQ(e.errors.size(), 1u);  // Argo CD refuses it too: an error, not a note
  EXPECT_NE(notes_of(e).find("map has no entry for key \"region\""), std::string::npos) << notes_of(e);
  ASSERT_EQ(e.reach.size(), 1u);
  EXPECT_EQ(e.reach[0].prefix, "regions/");
}

}  // namespace
}  // namespace driftlint
