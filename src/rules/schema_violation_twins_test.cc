// schema-violation in a pull-request run's two revisions (schema/twin_validations.h):
// the head replays what the base found in the same object, and only for the
// same content, document, way of judging and schema.
#include <gtest/gtest.h>

#include "lint/engine.h"
#include "load/memory_repo.h"
#include "rules/registry.h"
#include "schema/registry.h"
#include "schema/twin_validations.h"

namespace driftlint {
namespace {

const char* kTwoObjects =
    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: fine}\n---\n"
    "apiVersion: v1\nkind: Namespace\nmetadata: {name: team}\nspec:\n  finalizerz: [x]\n";

class SchemaViolationTwinsTest : public ::testing::Test {
 protected:
  // Loads `files` as a pull-request run loads a revision (content ids, the
  // head's parses taken by the base).
  LoadResult load(std::map<std::string, std::string> files, const ParsedByContent* reuse = nullptr) {
    LoadOptions options;
    options.content_ids = true;
    options.reuse = reuse;
    return load_memory_repo(std::move(files), "mem", "", options);
  }
  // schema-violation's findings over `load`, with `twins`.
  std::vector<Finding> run(const LoadResult& load, TwinValidations* twins, const std::string& kubernetes = "1.35") {
    config_.kubernetes_version = kubernetes;
    std::vector<std::string> errors;
    SchemaRegistry schemas(load, nullptr, std::vector<std::string>{}, errors, kubernetes);
    LintContext context{load, config_, gpu_};
    std::vector<const Manifest*> objects;
    for (const Manifest& m : load.manifests) objects.push_back(&m);
    context.objects = objects;
    context.schemas = &schemas;
    context.twins = twins;
    RuleSelection selection;
    selection.enable = {"schema-violation"};
    auto rules = instantiate_rules(config_, selection, rule_registry());
    EXPECT_TRUE(rules);
    std::vector<Finding> out;
    for (Finding& f : run_rules(*rules, context, rule_registry()).findings) {
      if (f.rule == "schema-violation") out.push_back(std::move(f));
    }
    return out;
  }
  std::string identity_of(const LoadResult& load, const Manifest& m) {
    std::vector<std::string> errors;
    SchemaRegistry schemas(load, nullptr, std::vector<std::string>{}, errors, "1.35");
    return schemas.find(m.id.group, m.id.version, m.id.kind)->identity;
  }

  Config config_;
  GpuResourceMatcher gpu_ = *GpuResourceMatcher::create(default_accelerators());
};

TEST_F(SchemaViolationTwinsTest, TheHeadReplaysWhatTheBaseFoundInTheSameObject) {
  LoadResult head = load({{"app.yaml", kTwoObjects}, {"changed.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: new}\n"}});
  ParsedByContent parsed = parsed_by_content(head);
  LoadResult base = load({{"app.yaml", kTwoObjects}, {"changed.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: old}\n"}}, &parsed);
  TwinValidations twins(base, parsed);
  EXPECT_EQ(twins.twins(), 2u);  // app.yaml's two objects; changed.yaml's differs

  std::vector<Finding> at_base = run(base, &twins);
  ASSERT_EQ(at_base.size(), 1u);
  std::vector<Finding> at_head = run(head, &twins);
  ASSERT_EQ(at_head.size(), 1u);
  EXPECT_EQ(at_head[0].message, at_base[0].message);
  EXPECT_EQ(at_head[0].line, at_base[0].line);
  EXPECT_EQ(at_head[0].column, at_base[0].column);
  EXPECT_EQ(at_head[0].path, "app.yaml");
  EXPECT_EQ(run(head, nullptr)[0].message, at_head[0].message);
}

TEST_F(SchemaViolationTwinsTest, WhatTheBaseFoundIsReplayedWithoutValidating) {
  LoadResult head = load({{"app.yaml", kTwoObjects}});
  ParsedByContent parsed = parsed_by_content(head);
  LoadResult base = load({{"moved/app.yaml", kTwoObjects}}, &parsed);  // same content at another path
  TwinValidations twins(base, parsed);
  ASSERT_EQ(twins.twins(), 2u);
  const Manifest& config_map = base.manifests[0];
  twins.remember(config_map, false, identity_of(base, config_map), {{2, 7, "metadata.planted", "planted by the test", false}});
  std::vector<Finding> replayed = run(head, &twins);
  ASSERT_EQ(replayed.size(), 2u);
  EXPECT_EQ(replayed[0].path, "app.yaml");
  EXPECT_EQ(replayed[0].line, 2u);
  EXPECT_EQ(replayed[0].column, 7u);
  EXPECT_EQ(replayed[0].message, "ConfigMap fine: metadata.planted: planted by the test (schema: Kubernetes 1.35)");
}

TEST_F(SchemaViolationTwinsTest, AnotherWayOfJudgingOrAnotherSchemaIsValidatedAgain) {
  LoadResult head = load({{"app.yaml", kTwoObjects}});
  ParsedByContent parsed = parsed_by_content(head);
  LoadResult base = load({{"app.yaml", kTwoObjects}}, &parsed);
  TwinValidations twins(base, parsed);
  const Manifest& ns = base.manifests[1];
  std::string identity = identity_of(base, ns);
  twins.remember(ns, true, identity, {});  // as if judged partial, and clean
  EXPECT_EQ(run(head, &twins).size(), 1u);  // judged whole at the head: validated
  EXPECT_NE(twins.find(head.manifests[1], true, identity), nullptr);
  EXPECT_EQ(twins.find(head.manifests[1], false, identity), nullptr);
  EXPECT_EQ(twins.find(head.manifests[1], true, identity + "x"), nullptr);
  // Another release is another schema.
  LoadResult base_again = load({{"app.yaml", kTwoObjects}}, &parsed);
  TwinValidations again(base_again, parsed);
  EXPECT_EQ(run(base_again, &again).size(), 1u);
  EXPECT_EQ(run(head, &again, "1.36").size(), 1u);
  EXPECT_EQ(again.find(head.manifests[1], false, identity)->size(), 1u);
}

TEST_F(SchemaViolationTwinsTest, OnlyTheLoadsOwnObjectsArePaired) {
  LoadResult head = load({{"a.yaml", kTwoObjects}, {"b.yaml", kTwoObjects}});
  ParsedByContent parsed = parsed_by_content(head);
  LoadResult base = load({{"a.yaml", kTwoObjects}, {"c.yaml", kTwoObjects}}, &parsed);
  TwinValidations twins(base, parsed);
  // Both base files have one twin file among the head's: the first remembered wins, the other is ignored.
  EXPECT_EQ(twins.twins(), 4u);
  twins.remember(base.manifests[0], false, "i", {{1, 1, "p", "first", false}});
  twins.remember(base.manifests[2], false, "i", {{1, 1, "p", "second", false}});
  Manifest elsewhere = head.manifests[0];  // a copy: not the load's (as a rendered object is not)
  twins.remember(elsewhere, false, "i", {});
  EXPECT_EQ(twins.find(elsewhere, false, "i"), nullptr);
  size_t replayed = 0;
  for (const Manifest& m : head.manifests) {
    if (const auto* v = twins.find(m, false, "i")) {
      ++replayed;
      ASSERT_EQ(v->size(), 1u);
      EXPECT_EQ((*v)[0].message, "first");
    }
  }
  EXPECT_EQ(replayed, 1u);
}

}  // namespace
}  // namespace driftlint
