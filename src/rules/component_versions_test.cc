#include "rules/component_versions.h"

#include <gtest/gtest.h>

#include "rules/deprecation_verdict.h"
#include "rules/rule_test_support.h"

namespace driftlint {
namespace {

TEST(ComponentVersionsTest, ReleasesParseAndCompareByNumbers) {
  EXPECT_EQ(parse_release("v1.11.4"), (ReleaseNumber{1, 11, 4}));
  EXPECT_EQ(parse_release("^3.2.0"), (ReleaseNumber{3, 2, 0}));
  EXPECT_EQ(parse_release("3.1.x"), (ReleaseNumber{3, 1}));
  EXPECT_EQ(parse_release("v0.20.0-rc.1"), (ReleaseNumber{0, 20, 0}));
  for (const char* text : {"latest", "main", "*", "3", "", "v"}) EXPECT_FALSE(parse_release(text)) << text;
  EXPECT_LT(compare_releases({1, 9}, {1, 13}), 0);
  EXPECT_EQ(compare_releases({1, 13}, {1, 13, 0}), 0);
  EXPECT_GT(compare_releases({0, 20, 1}, {0, 20}), 0);
}

TEST(ComponentVersionsTest, TheNewestReleaseFromImagesChartsAndAppsCounts) {
  MemoryContext m({
      {"kyverno/deploy.yaml",
       "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: kyverno, namespace: kyverno}\nspec:\n  template:\n"
       "    spec:\n      containers: [{name: kyverno, image: 'ghcr.io/kyverno/kyverno:v1.11.4'}]\n"},
      {"apps/kyverno.yaml",
       "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: kyverno}\nspec:\n"
       "  source: {repoURL: 'https://kyverno.github.io/kyverno', chart: kyverno, targetRevision: 3.3.1}\n"},
      {"charts/platform/Chart.yaml",
       "apiVersion: v2\nname: platform\nversion: 1.0.0\ndependencies:\n- {name: kueue, version: 0.13.4}\n"},
      {"wf/deploy.yaml",
       "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: wc}\nspec:\n  template:\n    spec:\n"
       "      containers: [{name: c, image: 'quay.io/argoproj/workflow-controller:latest'}]\n"},
  });
  ComponentVersions versions(m.context);
  auto kyverno = versions.installed("Kyverno");
  ASSERT_TRUE(kyverno);
  EXPECT_EQ(kyverno->version, "1.13");  // chart 3.3.1 is Kyverno 1.13, newer than the image's 1.11.4
  EXPECT_EQ(kyverno->where, "chart kyverno 3.3.1 of Application kyverno in mem/apps/kyverno.yaml");
  auto kueue = versions.installed("Kueue");
  ASSERT_TRUE(kueue);
  EXPECT_EQ(kueue->version, "0.13.4");
  EXPECT_FALSE(versions.installed("Argo Workflows"));  // `latest` says no release
}

TEST(DeprecationVerdictTest, AComponentsReleaseDecides) {
  Deprecation kyverno{ComponentRelease{"Kyverno", "1.13"}, std::nullopt, "spec.rules[].validate.failureAction"};
  Deprecation kueue{ComponentRelease{"Kueue", "v0.15"}, ComponentRelease{"Kueue", "v0.20.0"}, "v1beta2"};
  MemoryContext old_kyverno({{"Chart.yaml", "apiVersion: v2\nname: kyverno\nversion: 3.1.4\nappVersion: v1.11.4\n"},
                             {"k.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: k}\nspec:\n  containers: "
                                        "[{name: c, image: 'registry.k8s.io/kueue/kueue:v0.21.0'}]\n"}});
  ComponentVersions versions(old_kyverno.context);
  EXPECT_FALSE(judge_deprecation(kyverno, "1.36", &versions));  // 1.11 predates the replacement
  auto removed = judge_deprecation(kueue, "1.36", &versions);
  ASSERT_TRUE(removed);
  EXPECT_EQ(removed->severity, Severity::Error);
  EXPECT_EQ(removed->text.rfind("removed in Kueue v0.20.0, and Kueue 0.21.0 is installed (image ", 0), 0u) << removed->text;
  auto unknown = judge_deprecation(kyverno, "1.36", nullptr);
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->severity, Severity::Notice);
  EXPECT_NE(unknown->text.find("the installed Kyverno version is unknown"), std::string::npos) << unknown->text;
}

TEST(DeprecationVerdictTest, KubernetesRowsAreJudgedAgainstTheChosenRelease) {
  Deprecation ingress{std::nullopt, ComponentRelease{"Kubernetes", "1.22"}, "networking.k8s.io/v1"};
  auto v = judge_deprecation(ingress, "1.34", nullptr);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->severity, Severity::Error);
  EXPECT_EQ(v->text, "removed in Kubernetes 1.22: Kubernetes 1.34 does not serve it");
  Deprecation later{ComponentRelease{"Kubernetes", "1.34"}, ComponentRelease{"Kubernetes", "1.35"}, "x/v1"};
  v = judge_deprecation(later, "1.34", nullptr);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->severity, Severity::Notice);
  EXPECT_EQ(v->text, "deprecated in Kubernetes 1.34, not served from Kubernetes 1.35; Kubernetes 1.34 still serves it");
  EXPECT_EQ(judge_deprecation(later, "1.36", nullptr)->severity, Severity::Error);
  Deprecation future{ComponentRelease{"Kubernetes", "1.40"}, std::nullopt, "x/v2"};
  EXPECT_FALSE(judge_deprecation(future, "1.36", nullptr));
}

}  // namespace
}  // namespace driftlint
