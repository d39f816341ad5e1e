// What expanding ApplicationSets may cost (issue 28): Applications per set,
// bytes rendered and template steps over a run; past each, one error naming
// the set, the limit and the flag.
#include "argocd/appset_budget.h"

#include <gtest/gtest.h>

#include "argocd/appset_test_support.h"

namespace driftlint {
namespace {

// A set whose two lists of `n` elements make n * n Applications.
std::string matrix_set(const std::string& name, int n, const std::string& extra = "") {
  std::string first, second;
  for (int i = 0; i < n; ++i) {
    first += "{a: a" + std::to_string(i) + "},";
    second += "{b: b" + std::to_string(i) + "},";
  }
  return "apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: " + name +
         "}\nspec:\n  goTemplate: true\n  generators:\n  - matrix:\n      generators:\n"
         "      - list: {elements: [" + first + "]}\n      - list: {elements: [" + second + "]}\n"
         "  template:\n    metadata: {name: '{{ .a }}-{{ .b }}'" + extra + "}\n"
         "    spec: {source: {repoURL: https://git.example/org/infra.git, path: apps}}\n";
}

// 316 x 316 made 99,856 Applications (with 200 KB each, out of memory): now
// the first 10,000, and one error.
TEST(AppSetBudgetTest, ASetGeneratesAtMostMaxAppsApplications) {
  AppSetFixture f(Files{{"argocd/set.yaml", matrix_set("big", 316)}});
  AppSetExpansion e = f.expand("big");
  EXPECT_EQ(e.apps.size(), 10000u);
  EXPECT_FALSE(e.complete);
  EXPECT_EQ(e.errors, (std::vector<std::string>{"ApplicationSet 'big' generates more than 10000 Applications "
                                                "(driftlint's limit, --max-appset-apps); the rest were not expanded"}));
}

TEST(AppSetBudgetTest, TheLimitCountsEveryGeneratorOfTheSet) {
  std::string two_lists = R"(apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: lists}
spec:
  generators:
  - list: {elements: [{a: x1}, {a: x2}, {a: x3}]}
  - list: {elements: [{a: y1}, {a: y2}, {a: y3}]}
  - list: {elements: [{a: z1}], elementsYaml: "[{a: z2}, {a: z3}, {a: z4}]"}
  template:
    metadata: {name: '{{a}}'}
    spec: {source: {repoURL: https://git.example/org/infra.git, path: apps}}
)";
  AppSetFixture f(Files{{"argocd/set.yaml", two_lists}, {"argocd/matrix.yaml", matrix_set("m", 3)}});
  AppSetBudget four(AppSetLimits{4, 256 << 20, 1'000'000});
  AppSetExpansion e = f.expand("lists", &four);
  EXPECT_EQ(names_of(e), (std::vector<std::string>{"x1", "x2", "x3", "y1"}));
  ASSERT_EQ(e.errors.size(), 1u) << notes_of(e);
  EXPECT_NE(e.errors[0].find("more than 4 Applications"), std::string::npos);
  // The matrix stops at the limit too, inside its second pass.
  AppSetExpansion m = f.expand("m", &four);
  EXPECT_EQ(names_of(m), (std::vector<std::string>{"a0-b0", "a0-b1", "a0-b2", "a1-b0"}));
  EXPECT_EQ(m.errors.size(), 1u) << notes_of(m);
  AppSetBudget enough(AppSetLimits{9, 256 << 20, 1'000'000});
  EXPECT_EQ(f.expand("m", &enough).apps.size(), 9u);
  EXPECT_TRUE(f.expand("m", &enough).errors.empty());
}

// The run's budgets are shared: the set that spends them gets the error, and
// so does each set expanded after it; a set within them is not touched.
TEST(AppSetBudgetTest, RenderedBytesAreARunWideBudget) {
  AppSetFixture f(Files{{"argocd/a.yaml", matrix_set("a", 10, ", annotations: {big: '{{ repeat 100000 \"x\" }}'}")},
                        {"argocd/b.yaml", matrix_set("b", 2)}});
  AppSetBudget budget(AppSetLimits{10000, 4 << 20, 50'000'000});
  AppSetExpansion b_first = f.expand("b", &budget);
  EXPECT_EQ(b_first.apps.size(), 4u);
  EXPECT_TRUE(b_first.errors.empty()) << notes_of(b_first);
  AppSetExpansion a = f.expand("a", &budget);
  EXPECT_LT(a.apps.size(), 42u);  // 4 MiB holds 41 of 100 KB
  EXPECT_FALSE(a.complete);
  const std::string spent = "not expanded further: this run's templates rendered more than 4 MiB "
                            "(driftlint's limit, --max-rendered-size)";
  EXPECT_EQ(a.errors, (std::vector<std::string>{"ApplicationSet 'a': " + spent}));
  AppSetExpansion b_after = f.expand("b", &budget);
  EXPECT_TRUE(b_after.apps.empty());
  EXPECT_EQ(b_after.errors, (std::vector<std::string>{"ApplicationSet 'b': " + spent}));
}

TEST(AppSetBudgetTest, TemplateStepsAreARunWideBudget) {
  AppSetFixture f(Files{{"argocd/a.yaml", matrix_set("a", 10, ", annotations: {slow: '{{ range until 5000 }}{{ end }}'}")}});
  AppSetBudget budget(AppSetLimits{10000, 256 << 20, 100'000});
  AppSetExpansion a = f.expand("a", &budget);
  EXPECT_LT(a.apps.size(), 20u);  // each takes some 5,000 steps
  EXPECT_EQ(a.errors, (std::vector<std::string>{"ApplicationSet 'a': not expanded further: this run's templates took "
                                                "more than 100000 steps (driftlint's limit, --max-template-steps)"}));
  // Values that functions build count too: a list of 100,000 is one call but 1,600,000 bytes.
  AppSetFixture g(Files{{"argocd/g.yaml", matrix_set("g", 10, ", annotations: {n: '{{ until 100000 | len }}'}")}});
  AppSetBudget values(AppSetLimits{10000, 256 << 20, 1'000'000});
  AppSetExpansion e = g.expand("g", &values);
  EXPECT_LT(e.apps.size(), 50u);
  EXPECT_EQ(e.errors.size(), 1u) << notes_of(e);
}

}  // namespace
}  // namespace driftlint
