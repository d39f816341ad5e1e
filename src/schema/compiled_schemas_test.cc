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
  CompiledSchemas::Outcome first = compiled.get("kubernetes 1.35 definition a", false, good);
  CompiledSchemas::Outcome again = compiled.get("kubernetes 1.35 definition a", false, good);
  ASSERT_NE(first.compiled, nullptr);
  EXPECT_EQ(first.compiled, again.compiled);
  EXPECT_EQ(compiles, 1);
  // Read with unknown fields kept, the same document is another schema.
  EXPECT_NE(compiled.get("kubernetes 1.35 definition a", true, good).compiled, first.compiled);
  EXPECT_EQ(compiles, 2);
  auto bad = [&]() -> CompiledSchemas::Outcome {
    ++compiles;
    return {nullptr, "unknown type"};
  };
  EXPECT_EQ(compiled.get("crd 1234 0:1:1", false, bad).error, "unknown type");
  EXPECT_EQ(compiled.get("crd 1234 0:1:1", false, bad).error, "unknown type");
  EXPECT_EQ(compiles, 3);
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
