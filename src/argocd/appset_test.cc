// A whole ApplicationSet: templatePatch, what cannot be expanded offline and
// how far such a set reaches, names Argo CD refuses.
#include <gtest/gtest.h>

#include "argocd/appset_test_support.h"

namespace driftlint {
namespace {

const char* kPatched = R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: patched, namespace: platform}
spec:
  goTemplate: true
  generators:
  - list: {elements: [{name: web, auto: true, prune: true}, {name: batch, auto: false}]}
  template:
    metadata: {name: '{{ .name }}'}
    spec:
      project: apps
      source: {repoURL: https://git.example/org/infra.git, path: 'apps/{{ .name }}'}
      destination: {namespace: '{{ .name }}'}
  templatePatch: |
    spec:
      project: hijacked
    {{- if .auto }}
      syncPolicy:
        automated:
          prune: {{ .prune }}
          selfHeal: true
    {{- end }}
      sources:
      - {repoURL: 'https://git.example/org/infra.git', path: 'patched/{{ .name }}'}
)";

TEST(AppSetTest, TemplatePatchIsRenderedAndMerged) {
  AppSetFixture f(Files{{"argocd/set.yaml", kPatched}});
  AppSetExpansion e = f.expand("patched");
  EXPECT_TRUE(e.complete) << notes_of(e);
  ASSERT_EQ(names_of(e), (std::vector<std::string>{"web", "batch"}));
  const Application& web = e.apps[0];
  EXPECT_EQ(web.ns, "platform");
  EXPECT_TRUE(web.automated && web.prune && web.self_heal);
  EXPECT_FALSE(e.apps[1].automated);
  ASSERT_EQ(web.sources.size(), 1u);
  EXPECT_EQ(*web.sources[0].path, "patched/web");
  // What the patch set points at the templatePatch; the project stays the template's.
  EXPECT_EQ(web.sources[0].path_node.position().line, 14u);  // the templatePatch line
  EXPECT_EQ(web.generated_tree->node(0).path({"spec", "project"}).text(), "apps");
}

const char* kUnexpandable = R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: previews}
spec:
  goTemplate: true
  generators:
  - pullRequest: {github: {owner: org, repo: infra}}
  template:
    metadata: {name: 'preview-{{ .number }}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: 'previews/{{ .branch_slug }}', targetRevision: '{{ .head_sha }}'}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: repos}
spec:
  generators:
  - scmProvider: {github: {organization: org}}
  template:
    metadata: {name: '{{repository}}'}
    spec:
      sources:
      - {repoURL: '{{url}}', path: deploy}
      - {repoURL: https://charts.example, chart: web}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: tenants}
spec:
  goTemplate: true
  generators:
  - plugin: {configMapRef: {name: tenants}}
  - list: {elements: [{tenant: known}]}
  template:
    metadata: {name: 'tenant-{{ .tenant }}'}
    spec:
      source: {repoURL: https://git.example/org/infra.git, path: 'tenants/{{ .tenant }}/overlay'}
)";

TEST(AppSetTest, WhatNeedsANetworkIsNotedWithItsReach) {
  AppSetFixture f(Files{{"argocd/sets.yaml", kUnexpandable},
                        {"previews/a/cm.yaml", "kind: ConfigMap\nmetadata: {name: a}\n"},
                        {"tenants/x/overlay/kustomization.yaml", "resources: [../../../shared/base]\n"},
                        {"shared/base/kustomization.yaml", "resources: [cm.yaml]\n"},
                        {"shared/base/cm.yaml", "kind: ConfigMap\nmetadata: {name: b}\n"},
                        {"shared/unused.yaml", "kind: ConfigMap\nmetadata: {name: u}\n"},
                        {"deploy/cm.yaml", "kind: ConfigMap\nmetadata: {name: d}\n"}},
                  Files{{"deploy/app.yaml", "kind: ConfigMap\nmetadata: {name: o}\n"},
                        {"docs/x.yaml", "kind: ConfigMap\nmetadata: {name: x}\n"}});
  AppSetExpansion previews = f.expand("previews");
  EXPECT_FALSE(previews.complete);
  EXPECT_EQ(previews.notes, (std::vector<std::string>{
                                "ApplicationSet 'previews': its pullRequest generator asks a service or a cluster for "
                                "its parameters and cannot be expanded offline"}));
  ASSERT_EQ(previews.reach.size(), 1u);
  EXPECT_EQ(previews.reach[0].prefix, "previews/");
  AppSetExpansion repos = f.expand("repos");
  ASSERT_EQ(repos.reach.size(), 1u);  // the chart source reaches no loaded file
  EXPECT_EQ(repos.reach[0].repo, -1);
  EXPECT_EQ(repos.reach[0].prefix, "deploy/");
  // A set with one generator that cannot be expanded still expands the others.
  AppSetExpansion tenants = f.expand("tenants");
  EXPECT_EQ(names_of(tenants), (std::vector<std::string>{"tenant-known"}));
  EXPECT_FALSE(tenants.complete);

  std::vector<AppSetReach> all = previews.reach;
  all.insert(all.end(), repos.reach.begin(), repos.reach.end());
  all.insert(all.end(), tenants.reach.begin(), tenants.reach.end());
  std::vector<bool> reached = files_in_reach(all, f.load, *f.index);
  std::map<std::string, bool> by_path;
  for (size_t i = 0; i < f.load.files.size(); ++i) {
    by_path[f.load.repo_name(f.load.files[i].repo) + "/" + f.load.files[i].path] = reached[i];
  }
  EXPECT_TRUE(by_path["infra/previews/a/cm.yaml"]);
  EXPECT_TRUE(by_path["infra/deploy/cm.yaml"]);
  EXPECT_TRUE(by_path["other/deploy/app.yaml"]);
  // What a kustomization in reach builds from counts, even outside the prefix.
  EXPECT_TRUE(by_path["infra/shared/base/cm.yaml"]);
  EXPECT_FALSE(by_path["infra/shared/unused.yaml"]);
  EXPECT_FALSE(by_path["other/docs/x.yaml"]);
  EXPECT_FALSE(by_path["infra/argocd/sets.yaml"]);
}

TEST(AppSetTest, NamesArgoCdRefusesAndOptionsItRejects) {
  AppSetFixture f(Files{{"argocd/sets.yaml", R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: twice}
spec:
  generators:
  - list: {elements: [{app: a, dir: x1}, {app: a, dir: x2}, {app: b, dir: x3}, {app: '', dir: x4}]}
  template:
    metadata: {name: '{{app}}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: '{{dir}}'}}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: bad-options}
spec:
  goTemplate: true
  goTemplateOptions: [missingkey=sometimes]
  generators: [{list: {elements: [{app: a}]}}]
  template:
    metadata: {name: '{{ .app }}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: 'opts/{{ .app }}'}}
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: unsupported}
spec:
  goTemplate: true
  generators: [{list: {elements: [{app: a}]}}]
  template:
    metadata: {name: '{{ .app }}-{{ now | date "2006" }}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: 'time/{{ .app }}'}}
)"}});
  AppSetExpansion twice = f.expand("twice");
  EXPECT_EQ(names_of(twice), (std::vector<std::string>{"b"}));
  EXPECT_TRUE(twice.complete);
  EXPECT_NE(notes_of(twice).find("generates 2 Applications named 'a'; Argo CD creates none of them"), std::string::npos);
  AppSetExpansion options = f.expand("bad-options");
  EXPECT_TRUE(options.apps.empty());
  EXPECT_FALSE(options.complete);
  EXPECT_NE(notes_of(options).find("unrecognized goTemplateOptions entry \"missingkey=sometimes\""), std::string::npos);
  AppSetExpansion unsupported = f.expand("unsupported");
  EXPECT_FALSE(unsupported.complete);
  EXPECT_EQ(unsupported.notes.size(), 1u);
  EXPECT_NE(notes_of(unsupported).find("driftlint does not support the template function \"now\""), std::string::npos)
      << notes_of(unsupported);
}

}  // namespace
}  // namespace driftlint
