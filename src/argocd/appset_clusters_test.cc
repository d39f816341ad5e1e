// The clusters generator: cluster Secrets from the repos and the snapshot,
// selectors, values, the in-cluster cluster as Argo CD adds it.
#include <gtest/gtest.h>

#include "argocd/appset_test_support.h"
#include "argocd/label_selector.h"
#include "gotemplate/template_encode.h"
#include "yaml/parser.h"

namespace driftlint {
namespace {

std::string secret(const std::string& name, const std::string& server, const std::string& labels, bool base64 = false) {
  std::string data = base64 ? "data:\n  name: " + base64_encode(name) + "\n  server: " + base64_encode(server) +
                                  "\n  config: " + base64_encode("{\"bearerToken\": \"s3cr3t\"}") + "\n"
                            : "stringData:\n  name: " + name + "\n  server: " + server + "\n";
  return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: cluster-" + name +
         "\n  namespace: argocd\n  annotations: {team: ml}\n  labels: {argocd.argoproj.io/secret-type: cluster, " + labels +
         "}\n" + data;
}

const char* kSets = R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: gpu}
spec:
  goTemplate: true
  generators:
  - clusters:
      selector:
        matchLabels: {gpu: "true"}
        matchExpressions: [{key: env, operator: In, values: [prod, staging]}]
      values: {ns: 'gpu-{{ .metadata.labels.env }}'}
  template:
    metadata: {name: 'ray-{{ .nameNormalized }}', annotations: {team: '{{ .metadata.annotations.team }}'}}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: 'clusters/{{ .name }}'}
      destination: {server: '{{ .server }}', namespace: '{{ .values.ns }}'}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: all}
spec:
  generators:
  - clusters: {}
  template:
    metadata: {name: 'base-{{name}}-{{metadata.labels.env}}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: base}
      destination: {server: '{{server}}'}
)";

TEST(AppSetClustersTest, SelectorsValuesAndTheLocalCluster) {
  AppSetFixture f(Files{{"argocd/sets.yaml", kSets},
                        {"clusters/secrets.yaml", secret("EU_Prod", "https://eu.example", "gpu: \"true\", env: prod", true) +
                                                      "---\n" + secret("us-dev", "https://us.example", "gpu: \"true\", env: dev") +
                                                      "---\n" + secret("cpu", "https://cpu.example", "env: prod")}});
  AppSetExpansion gpu = f.expand("gpu");
  EXPECT_TRUE(gpu.complete) << notes_of(gpu);
  // A non-empty selector never takes the in-cluster cluster (it has no labels).
  ASSERT_EQ(names_of(gpu), (std::vector<std::string>{"ray-eu-prod"}));
  EXPECT_EQ(gpu.apps[0].destination_namespace, "gpu-prod");
  EXPECT_EQ(*gpu.apps[0].sources[0].path, "clusters/EU_Prod");
  EXPECT_EQ(gpu.apps[0].generated_tree->node(0).path({"metadata", "annotations", "team"}).text(), "ml");
  AppSetExpansion all = f.expand("all");
  // An empty selector takes every cluster Secret and the local cluster, which has no labels.
  EXPECT_EQ(names_of(all), (std::vector<std::string>{"base-EU_Prod-prod", "base-cpu-prod", "base-us-dev-dev",
                                                     "base-in-cluster-{{metadata.labels.env}}"}));
  for (const std::string& note : all.notes) EXPECT_EQ(note.find("s3cr3t"), std::string::npos);
}

TEST(AppSetClustersTest, TheSnapshotWinsAndAnInClusterSecretIsNotDoubled) {
  AppSetFixture f(Files{{"argocd/sets.yaml", kSets},
                        {"clusters/local.yaml", secret("local", "https://kubernetes.default.svc", "env: prod")}});
  f.with_snapshot("apiVersion: v1\nkind: List\nitems:\n- " +
                  [] {
                    std::string s = secret("local", "https://kubernetes.default.svc", "env: staging");
                    std::string indented;
                    for (char c : s) indented += c == '\n' ? std::string("\n  ") : std::string(1, c);
                    return indented;
                  }());
  AppSetExpansion all = f.expand("all");
  EXPECT_EQ(names_of(all), (std::vector<std::string>{"base-local-staging"}));
  EXPECT_TRUE(all.complete) << notes_of(all);
}

TEST(AppSetClustersTest, UnknownClustersMakeTheSetIncomplete) {
  AppSetFixture f(Files{{"argocd/sets.yaml", kSets},
                        {"clusters/sealed.yaml", R"(apiVersion: bitnami.com/v1alpha1
kind: SealedSecret
metadata: {name: prod, namespace: argocd}
spec:
  encryptedData: {name: AgBy, server: AgBz}
  template:
    metadata:
      labels: {argocd.argoproj.io/secret-type: cluster}
)"}});
  AppSetExpansion all = f.expand("all");
  EXPECT_FALSE(all.complete);
  EXPECT_NE(notes_of(all).find("cannot read cluster SealedSecret 'prod' in infra/clusters/sealed.yaml"), std::string::npos)
      << notes_of(all);
  EXPECT_EQ(names_of(all), (std::vector<std::string>{"base-in-cluster-{{metadata.labels.env}}"}));
  AppSetFixture none(Files{{"argocd/sets.yaml", kSets}});
  AppSetExpansion only_local = none.expand("all");
  EXPECT_FALSE(only_local.complete);
  EXPECT_NE(notes_of(only_local).find("no cluster Secret is in the loaded repos or the snapshot"), std::string::npos);
  ASSERT_EQ(only_local.reach.size(), 1u);
  EXPECT_EQ(only_local.reach[0].prefix, "base/");
}

// A selector that takes no cluster known says so, with what is known, and
// leaves the set incomplete: Argo CD may know clusters the repos do not hold.
TEST(AppSetClustersTest, ASelectorThatMatchesNoClusterSaysWhy) {
  AppSetFixture none(Files{{"argocd/sets.yaml", kSets}});
  AppSetExpansion gpu = none.expand("gpu");
  EXPECT_TRUE(gpu.apps.empty());
  EXPECT_FALSE(gpu.complete);
  EXPECT_EQ(notes_of(gpu).find("only the in-cluster cluster was expanded"), std::string::npos) << notes_of(gpu);
  EXPECT_NE(notes_of(gpu).find("ApplicationSet 'gpu': its clusters generator's selector {gpu: true, env in (prod, "
                               "staging)} matches none of the 1 cluster known (in-cluster, which has no labels): 0 "
                               "Applications generated; supply the cluster Secrets with --snapshot or in the repos"),
            std::string::npos)
      << notes_of(gpu);
  ASSERT_EQ(gpu.reach.size(), 1u);
  EXPECT_EQ(gpu.reach[0].prefix, "clusters/");
  AppSetFixture cpu_only(Files{{"argocd/sets.yaml", kSets},
                               {"clusters/cpu.yaml", secret("cpu", "https://cpu.example", "env: prod")}});
  AppSetExpansion nothing = cpu_only.expand("gpu");
  EXPECT_FALSE(nothing.complete);
  EXPECT_NE(notes_of(nothing).find("matches none of the 2 clusters known (in-cluster, which has no labels; 'cpu' "
                                   "{env: prod})"),
            std::string::npos)
      << notes_of(nothing);
}

TEST(AppSetClustersTest, FlatList) {
  AppSetFixture f(Files{{"set.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: one}
spec:
  goTemplate: true
  generators: [{clusters: {flatList: true}}]
  template:
    metadata: {name: 'fleet-{{ len .clusters }}-{{ (index .clusters 0).name }}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: fleet}}
)"},
                        {"s.yaml", secret("a", "https://a.example", "x: y")}});
  EXPECT_EQ(names_of(f.expand("one")), (std::vector<std::string>{"fleet-2-a"}));
}

TEST(LabelSelectorTest, OperatorsAsKubernetes) {
  auto parse = [](const char* text) {
    yaml::ParsedFile p = yaml::parse_yaml(text);
    return LabelSelector::parse(p.documents[0].root);
  };
  std::map<std::string, std::string> labels = {{"env", "prod"}, {"gpu", "a100"}};
  EXPECT_TRUE(parse("matchExpressions: [{key: env, operator: NotIn, values: [dev]}]")->matches(labels));
  EXPECT_TRUE(parse("matchExpressions: [{key: zone, operator: NotIn, values: [a]}]")->matches(labels));
  EXPECT_TRUE(parse("matchExpressions: [{key: gpu, operator: Exists}]")->matches(labels));
  EXPECT_FALSE(parse("matchExpressions: [{key: gpu, operator: DoesNotExist}]")->matches(labels));
  EXPECT_FALSE(parse("matchLabels: {env: dev}")->matches(labels));
  EXPECT_TRUE(parse("{}")->empty());
  EXPECT_FALSE(parse("matchExpressions: [{key: gpu, operator: Gt, values: ['1']}]"));
  EXPECT_FALSE(parse("matchExpressions: [{key: gpu, operator: In}]"));
}

}  // namespace
}  // namespace driftlint
