// Schemas compiled once per run, shared by the registries of its revisions.
#include "schema/compiled_schemas.h"

#include <gtest/gtest.h>

#include "load/memory_repo.h"
#include "schema/registry.h"

namespace driftlint {
namespace {

TEST(CompiledSchemasTest, EachKeyIsCompiledOnceAndAnErrorIsKeptToo) {
  CompiledSchemas compiled;
  int compiles = 0;
  auto good = [&]() -> CompiledSchemas::Outcome {
    ++compiles;
    auto schema = Schema::compile(nlohmann::json{{"type", "object"}}, {});
    return {*schema, {}};
  };
  CompiledSchemas::Outcome first = compiled.get("apps/v1/Deployment", "kubernetes 1.35 definition a", false, good);
  CompiledSchemas::Outcome again = compiled.get("apps/v1/Deployment", "kubernetes 1.35 definition a", false, good);
  ASSERT_NE(first.compiled, nullptr);
  EXPECT_EQ(first.compiled, again.compiled);
  EXPECT_EQ(compiles, 1);
  // Read with unknown fields kept, the same document is another schema.
  EXPECT_NE(compiled.get("apps/v1/Deployment", "kubernetes 1.35 definition a", true, good).compiled, first.compiled);
  EXPECT_EQ(compiles, 2);
  auto bad = [&]() -> CompiledSchemas::Outcome {
    ++compiles;
    return {nullptr, "unknown type"};
  };
  EXPECT_EQ(compiled.get("example.com/v1/Pool", "crd 1234 0:1:1", false, bad).error, "unknown type");
  EXPECT_EQ(compiled.get("example.com/v1/Pool", "crd 1234 0:1:1", false, bad).error, "unknown type");
  EXPECT_EQ(compiles, 3);
  // One identity, another kind or version (a CRD's served versions): compiled on its own.
  EXPECT_NE(compiled.get("apps/v1beta1/Deployment", "kubernetes 1.35 definition a", false, good).compiled,
            first.compiled);
  EXPECT_EQ(compiles, 4);
}

// A CRD serving two versions, each with a schema of its own; its file's
// content id makes both versions' identity (they share it).
TEST(CompiledSchemasTest, EachServedVersionOfACrdKeepsItsOwnSchema) {
  const std::string crd = R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: pools.example.com}
spec:
  group: example.com
  names: {kind: Pool, plural: pools}
  scope: Namespaced
  versions:
  - name: v1alpha1
    served: true
    storage: false
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: string}}}}}}
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}}
)";
  LoadOptions options;
  options.content_ids = true;
  LoadResult load = load_memory_repo({{"crd.yaml", crd}}, "pools", "", options);
  CompiledSchemas compiled;
  std::vector<std::string> errors;
  SchemaRegistry registry(load, nullptr, {}, errors, "", nullptr, &compiled);
  const SchemaSource* old_version = registry.find("example.com", "v1alpha1", "Pool");
  const SchemaSource* new_version = registry.find("example.com", "v1", "Pool");
  ASSERT_TRUE(old_version && new_version && old_version->compiled && new_version->compiled);
  ASSERT_FALSE(old_version->identity.empty());
  EXPECT_EQ(old_version->identity, new_version->identity);
  EXPECT_NE(old_version->compiled, new_version->compiled);
  LoadResult pool = load_memory_repo({{"p.yaml", "apiVersion: example.com/v1\nkind: Pool\nmetadata: {name: p}\nspec: {size: 3}\n"}}, "p");
  ValidateOptions validate_options;
  EXPECT_TRUE(validate(*new_version->compiled, pool.manifests.at(0).root, validate_options).empty());
  EXPECT_FALSE(validate(*old_version->compiled, pool.manifests.at(0).root, validate_options).empty());
}

TEST(CompiledSchemasTest, TwoRegistriesOfOneRunShareABuiltInKindsSchema) {
  // A pull-request run's base and head: one registry each, over loads of their own.
  LoadResult base = load_memory_repo({{"a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"}}, "base");
  LoadResult head = load_memory_repo({{"a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n"}}, "head");
  CompiledSchemas compiled;
  std::vector<std::string> errors;
  SchemaRegistry at_base(base, nullptr, {}, errors, "", nullptr, &compiled);
  SchemaRegistry at_head(head, nullptr, {}, errors, "", nullptr, &compiled);
  const SchemaSource* a = at_base.find("", "v1", "ConfigMap");
  const SchemaSource* b = at_head.find("", "v1", "ConfigMap");
  ASSERT_TRUE(a && b && a->compiled && b->compiled);
  EXPECT_EQ(a->compiled, b->compiled);
  // Without the shared set, each registry compiles its own.
  SchemaRegistry alone(head, nullptr, {}, errors);
  const SchemaSource* c = alone.find("", "v1", "ConfigMap");
  ASSERT_TRUE(c && c->compiled);
  EXPECT_NE(c->compiled, a->compiled);
  EXPECT_TRUE(errors.empty());
}

}  // namespace
}  // namespace driftlint
