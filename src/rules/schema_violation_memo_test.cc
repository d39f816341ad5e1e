// schema-violation with a ValidationMemo (schema/validation_memo.h): what an
// earlier run or the other revision of a pull-request run validated is
// replayed, and only for the same content, place and schema.
#include <gtest/gtest.h>

#include "lint/engine.h"
#include "load/memory_repo.h"
#include "rules/registry.h"
#include "schema/registry.h"
#include "schema/validation_memo.h"

namespace driftlint {
namespace {

const char* kTwoObjects =
    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: fine}\n---\n"
    "apiVersion: v1\nkind: Namespace\nmetadata: {name: team}\nspec:\n  finalizerz: [x]\n";

class SchemaViolationMemoTest : public ::testing::Test {
 protected:
  // The findings of schema-violation over `files`, loaded with content ids
  // as a cached or pull-request run loads them.
  std::vector<Finding> run(std::map<std::string, std::string> files, ValidationMemo* memo,
                           const std::string& kubernetes = "1.35") {
    LoadOptions options;
    options.content_ids = true;
    load_ = load_memory_repo(std::move(files), "mem", "", options);
    config_.kubernetes_version = kubernetes;
    std::vector<std::string> errors;
    schemas_ = std::make_unique<SchemaRegistry>(load_, nullptr, std::vector<std::string>{}, errors, kubernetes);
    LintContext context{load_, config_, gpu_};
    std::vector<const Manifest*> objects;
    for (const Manifest& m : load_.manifests) objects.push_back(&m);
    context.objects = objects;
    context.schemas = schemas_.get();
    context.validations = memo;
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
  // The memo key of the load's manifest `n`, judged whole.
  std::string key_of(size_t n) const {
    const Manifest& m = load_.manifests[n];
    const SchemaSource* source = schemas_->find(m.id.group, m.id.version, m.id.kind);
    yaml::Position at = m.root.position();
    return ValidationMemo::key(load_.file_of(m).content_id, m.document, at.line, at.column, false, source->identity);
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
  memo.remember(key_of(0), {{2, 7, "metadata.planted", "planted by the test", false}});
  std::vector<Finding> replayed = run({{"other/place.yaml", kTwoObjects}}, &memo);  // same content, another path
  ASSERT_EQ(replayed.size(), 2u);
  EXPECT_EQ(replayed[0].path, "other/place.yaml");
  EXPECT_EQ(replayed[0].line, 2u);
  EXPECT_EQ(replayed[0].column, 7u);
  EXPECT_EQ(replayed[0].message, "ConfigMap fine: metadata.planted: planted by the test (schema: Kubernetes 1.35)");
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

}  // namespace
}  // namespace driftlint
