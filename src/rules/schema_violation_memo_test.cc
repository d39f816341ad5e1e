// schema-violation with a ValidationMemo (schema/validation_memo.h): what an
// earlier run validated is replayed, and only for the same content, place
// and schema; and with TwinValidations (schema/twin_validations.h): what a
// pull-request run's base found in the same object, for the same way of
// judging and schema.
#include <gtest/gtest.h>

#include "lint/engine.h"
#include "load/memory_repo.h"
#include "load/reused_parses.h"
#include "rules/registry.h"
#include "schema/registry.h"
#include "schema/twin_validations.h"
#include "schema/validation_memo.h"

namespace driftlint {
namespace {

const char* kTwoObjects =
    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: fine}\n---\n"
    "apiVersion: v1\nkind: Namespace\nmetadata: {name: team}\nspec:\n  finalizerz: [x]\n";

// A violation no validator would find: seen only if replayed.
const std::vector<RememberedViolation> kPlanted = {{2, 7, "metadata.planted", "planted by the test", false}};

// Whether `found` (of a run over kTwoObjects at `path`) replayed kPlanted for the ConfigMap.
void expect_planted(const std::vector<Finding>& found, const std::string& path) {
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].path, path);
  EXPECT_EQ(found[0].line, 2u);
  EXPECT_EQ(found[0].column, 7u);
  EXPECT_EQ(found[0].message, "ConfigMap fine: metadata.planted: planted by the test (schema: Kubernetes 1.35)");
}

class SchemaViolationMemoTest : public ::testing::Test {
 protected:
  // Loads `files` as a cached or pull-request run loads a revision: with
  // content ids, taking the parses of `reuse` (the head's) by them.
  static LoadResult load(std::map<std::string, std::string> files, const ParsedByContent* reuse = nullptr) {
    LoadOptions options;
    options.content_ids = true;
    options.reuse = reuse;
    return load_memory_repo(std::move(files), "mem", "", options);
  }
  // The findings of schema-violation over `files`.
  std::vector<Finding> run(std::map<std::string, std::string> files, ValidationMemo* memo,
                           const std::string& kubernetes = "1.35") {
    load_ = load(std::move(files));
    return run_over(load_, memo, nullptr, kubernetes);
  }
  // The findings of schema-violation over `load`.
  std::vector<Finding> run_over(const LoadResult& load, ValidationMemo* memo, TwinValidations* twins,
                                const std::string& kubernetes = "1.35") {
    config_.kubernetes_version = kubernetes;
    std::vector<std::string> errors;
    schemas_ = std::make_unique<SchemaRegistry>(load, nullptr, std::vector<std::string>{}, errors, kubernetes);
    LintContext context{load, config_, gpu_};
    std::vector<const Manifest*> objects;
    for (const Manifest& m : load.manifests) objects.push_back(&m);
    context.objects = objects;
    context.schemas = schemas_.get();
    context.validations = memo;
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
  // The identity of the schema (Kubernetes 1.35's) that `load`'s manifest `m` is validated with.
  static std::string identity_of(const LoadResult& load, const Manifest& m) {
    std::vector<std::string> errors;
    SchemaRegistry schemas(load, nullptr, std::vector<std::string>{}, errors, "1.35");
    return schemas.find(m.id.group, m.id.version, m.id.kind)->identity;
  }
  // The memo key of the load's manifest `n`, judged whole.
  std::string key_of(size_t n) const {
    const Manifest& m = load_.manifests[n];
    yaml::Position at = m.root.position();
    return ValidationMemo::key(load_.file_of(m).content_id, m.document, at.line, at.column, false, identity_of(load_, m));
  }

  LoadResult load_;
  Config config_;
  GpuResourceMatcher gpu_ = *GpuResourceMatcher::create(default_accelerators());
  std::unique_ptr<SchemaRegistry> schemas_;
};

TEST_F(SchemaViolationMemoTest, TheFirstRunFillsTheMemoAndTheNextSaysTheSame) {
  ValidationMemo memo;
  std::vector<Finding> first = run({{"app.yaml", kTwoObjects}}, &memo);
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].line, 9u);
  EXPECT_NE(first[0].message.find("finalizerz"), std::string::npos) << first[0].message;
  EXPECT_EQ(memo.size(), 2u);  // both objects, the clean one too
  EXPECT_EQ(memo.find(key_of(0)), std::vector<RememberedViolation>{});

  std::vector<Finding> second = run({{"app.yaml", kTwoObjects}}, &memo);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].message, first[0].message);
  EXPECT_EQ(second[0].line, first[0].line);
  EXPECT_EQ(second[0].column, first[0].column);
  EXPECT_EQ(second[0].path, first[0].path);
  EXPECT_EQ(run({{"app.yaml", kTwoObjects}}, nullptr)[0].message, first[0].message);
}

TEST_F(SchemaViolationMemoTest, WhatTheMemoSaysIsReplayedWithoutValidating) {
  ValidationMemo memo;
  run({{"app.yaml", kTwoObjects}}, &memo);
  memo.remember(key_of(0), kPlanted);
  expect_planted(run({{"other/place.yaml", kTwoObjects}}, &memo), "other/place.yaml");  // same content, another path
}

TEST_F(SchemaViolationMemoTest, OtherContentOrAnotherReleaseIsValidatedAgain) {
  ValidationMemo memo;
  run({{"app.yaml", kTwoObjects}}, &memo);
  memo.remember(key_of(1), {});  // as if the Namespace were clean
  EXPECT_EQ(run({{"app.yaml", kTwoObjects}}, &memo).size(), 0u);
  // One byte more (a comment) is another blob.
  EXPECT_EQ(run({{"app.yaml", std::string(kTwoObjects) + "# note\n"}}, &memo).size(), 1u);
  // Another release is another schema.
  EXPECT_EQ(run({{"app.yaml", kTwoObjects}}, &memo, "1.36").size(), 1u);
}

TEST_F(SchemaViolationMemoTest, ARepoCrdIsKnownByItsContent) {
  const std::string crd =
      "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\n"
      "spec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n"
      "  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n"
      "        properties:\n          spec:\n            type: object\n            properties:\n"
      "              size: {type: integer}\n";
  const std::string widget = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: big}\n";
  ValidationMemo memo;
  ASSERT_EQ(run({{"crd.yaml", crd}, {"w.yaml", widget}}, &memo).size(), 1u);
  // The CRD now takes a string: the Widget is judged again, not replayed.
  std::string loosened = crd;
  loosened.replace(loosened.find("type: integer"), 13, "type: string");
  EXPECT_EQ(run({{"crd.yaml", loosened}, {"w.yaml", widget}}, &memo).size(), 0u);
}

class SchemaViolationTwinsTest : public SchemaViolationMemoTest {};

TEST_F(SchemaViolationTwinsTest, TheHeadReplaysWhatTheBaseFoundInTheSameObject) {
  const std::string changed = "apiVersion: v1\nkind: Namespace\nmetadata: {name: ";
  LoadResult head = load({{"app.yaml", kTwoObjects}, {"changed.yaml", changed + "new}\n"}});
  ParsedByContent parsed = parsed_by_content(head);
  LoadResult base = load({{"app.yaml", kTwoObjects}, {"changed.yaml", changed + "old}\n"}}, &parsed);
  TwinValidations twins(base, head);
  EXPECT_EQ(twins.twins(), 2u);  // app.yaml's two objects; changed.yaml's differs

  std::vector<Finding> at_base = run_over(base, nullptr, &twins);
  ASSERT_EQ(at_base.size(), 1u);
  ASSERT_NE(twins.find(head.manifests[1], false, identity_of(head, head.manifests[1])), nullptr) << "remembered";
  std::vector<Finding> at_head = run_over(head, nullptr, &twins);
  ASSERT_EQ(at_head.size(), 1u);
  EXPECT_EQ(at_head[0].message, at_base[0].message);
  EXPECT_EQ(at_head[0].line, at_base[0].line);
  EXPECT_EQ(at_head[0].column, at_base[0].column);
  EXPECT_EQ(at_head[0].path, "app.yaml");
  std::vector<Finding> validated = run_over(head, nullptr, nullptr);
  ASSERT_EQ(validated.size(), 1u);
  EXPECT_EQ(validated[0].message, at_head[0].message);
}

TEST_F(SchemaViolationTwinsTest, WhatTheBaseFoundIsReplayedWithoutValidating) {
  LoadResult head = load({{"app.yaml", kTwoObjects}});
  ParsedByContent parsed = parsed_by_content(head);
  LoadResult base = load({{"moved/app.yaml", kTwoObjects}}, &parsed);  // same content at another path
  TwinValidations twins(base, head);
  ASSERT_EQ(twins.twins(), 2u);
  const Manifest& config_map = base.manifests[0];
  twins.remember(config_map, false, identity_of(base, config_map), kPlanted);
  expect_planted(run_over(head, nullptr, &twins), "app.yaml");
}

TEST_F(SchemaViolationTwinsTest, AnotherWayOfJudgingOrAnotherSchemaIsValidatedAgain) {
  LoadResult head = load({{"app.yaml", kTwoObjects}});
  ParsedByContent parsed = parsed_by_content(head);
  LoadResult base = load({{"app.yaml", kTwoObjects}}, &parsed);
  TwinValidations twins(base, head);
  const Manifest& ns = base.manifests[1];
  std::string identity = identity_of(base, ns);
  twins.remember(ns, true, identity, {});  // as if judged partial, and clean
  EXPECT_EQ(run_over(head, nullptr, &twins).size(), 1u);  // judged whole at the head: validated
  EXPECT_NE(twins.find(head.manifests[1], true, identity), nullptr);
  EXPECT_EQ(twins.find(head.manifests[1], false, identity), nullptr);
  EXPECT_EQ(twins.find(head.manifests[1], true, identity + "x"), nullptr);
  // Another release is another schema.
  LoadResult base_again = load({{"app.yaml", kTwoObjects}}, &parsed);
  TwinValidations again(base_again, head);
  EXPECT_EQ(run_over(base_again, nullptr, &again).size(), 1u);
  EXPECT_EQ(run_over(head, nullptr, &again, "1.36").size(), 1u);
  const std::vector<RememberedViolation>* found = again.find(head.manifests[1], false, identity);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->size(), 1u);
}

TEST_F(SchemaViolationTwinsTest, OnlyTheLoadsOwnObjectsArePaired) {
  LoadResult head = load({{"a.yaml", kTwoObjects}, {"b.yaml", kTwoObjects}});
  ParsedByContent parsed = parsed_by_content(head);
  LoadResult base = load({{"a.yaml", kTwoObjects}, {"c.yaml", kTwoObjects}}, &parsed);
  TwinValidations twins(base, head);
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
