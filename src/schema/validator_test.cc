// The validator on inputs of the sizes issue 20 measured: a map of 200,000
// keys, a list of 200,000 items, nesting 16,000 deep. These check answers, not
// time (speed is measured by ci/bench-shape and docs/performance.md); before
// key tables each wide case took minutes, as every key looked itself up.
#include "schema/validator.h"

#include <gtest/gtest.h>
#include <pthread.h>

#include <functional>
#include <string>

#include "yaml/parser.h"

namespace driftlint {
namespace {

std::shared_ptr<const Schema> compile(const char* json) {
  auto schema = Schema::compile(nlohmann::json::parse(json), SchemaOptions{.kubernetes = true});
  EXPECT_TRUE(schema) << schema.error().message;
  return *schema;
}

// {"k0": "v", ...} one key a line (key i on line i + 2), with `extra` before the closing brace.
std::string wide_map(size_t keys, const std::string& extra = "") {
  std::string text = "{\n";
  for (size_t i = 0; i < keys; ++i) text += "\"k" + std::to_string(i) + "\": \"v\",\n";
  return text + extra + "\"end\": \"v\"\n}\n";
}

yaml::ParsedFile parse(const std::string& text, size_t max_depth = 1000) {
  yaml::ParseLimits limits;
  limits.max_depth = max_depth;
  yaml::ParsedFile f = yaml::parse_yaml(text, limits);
  EXPECT_FALSE(f.error) << f.error->message;
  return f;
}

TEST(ValidatorTest, AWideMapIsCheckedKeyByKeyWithTheLastValueOfARepeatedKey) {
  auto schema = compile(R"({"type": "object", "additionalProperties": {"type": "string"}})");
  // k5 is written twice, a string last (fine); k7 is a string first and a number last (reported there).
  yaml::ParsedFile f = parse(wide_map(200'000, "\"k5\": \"v\",\n\"k7\": 7,\n\"k199999\": 9,\n"));
  std::vector<SchemaViolation> v = validate(*schema, f.documents[0].root);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].path, "k7");
  EXPECT_EQ(v[0].at.position().line, 200'003u);
  EXPECT_EQ(v[0].message, "expected string, got an integer");
  EXPECT_EQ(v[1].path, "k199999");
  EXPECT_EQ(v[1].at.position().line, 200'004u);
}

TEST(ValidatorTest, AWideMapOfUnknownFieldsStopsAtTheLimit) {
  auto schema = compile(R"({"type": "object", "properties": {"k1x": {"type": "string"}}, "required": ["end", "k150000"]})");
  yaml::ParsedFile f = parse(wide_map(200'000));
  std::vector<SchemaViolation> v = validate(*schema, f.documents[0].root, 10);
  ASSERT_EQ(v.size(), 10u);
  EXPECT_EQ(v[1].message, "unknown field 'k1' (did you mean 'k1x'?)");
  EXPECT_EQ(v[9].message, "unknown field 'k9' (did you mean 'k1x'?)");
  EXPECT_EQ(v[9].path, "k9");
  EXPECT_EQ(v[9].at.position().line, 11u);
}

TEST(ValidatorTest, ALongListFindsItsFirstRepeatedItem) {
  auto schema = compile(R"({"type": "array", "uniqueItems": true})");
  std::string items;
  for (int i = 0; i < 100'000; ++i) items += std::to_string(i) + ", [" + std::to_string(i) + "], ";
  // .nan equals nothing, not even itself; 7.0 is 7, and [-0.0] is [0].
  yaml::ParsedFile nan = parse("[" + items + ".nan, .nan]");
  EXPECT_TRUE(validate(*schema, nan.documents[0].root).empty());
  yaml::ParsedFile number = parse("[" + items + "7.0, [0.0]]");
  std::vector<SchemaViolation> v = validate(*schema, number.documents[0].root);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].message, "items must be unique, 7.0 is repeated");
  yaml::ParsedFile zero = parse("[" + items + "[-0.0]]");
  v = validate(*schema, zero.documents[0].root);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].message.rfind("items must be unique, [", 0), 0u) << v[0].message;
}

// Runs `fn` on a thread with a 256 KiB stack: a walk that recursed once per
// level of a 16,000-deep input (16 bytes a level) would overflow it. The
// sanitizer build's unoptimised frames are many times larger (the validator's
// own bounded recursion, 64 levels, needs more than 256 KiB there), so it
// gets 4 MiB, still far short of 16,000 of its frames.
void on_small_stack(std::function<void()> fn) {
#if defined(DRIFTLINT_SANITIZED)
  constexpr size_t kStack = 4 * 1024 * 1024;
#else
  constexpr size_t kStack = 256 * 1024;
#endif
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStack);
  pthread_t thread;
  auto run = [](void* arg) -> void* {
    (*static_cast<std::function<void()>*>(arg))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, run, &fn), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

TEST(ValidatorTest, DeepNestingIsParsedAndValidatedOnASmallStack) {
  constexpr size_t kDepth = 16'000;
  auto schema = compile(R"({"type": "object", "properties": {"deep": {"type": "array", "items": {"$ref": "#/properties/deep"}}, "name": {"type": "string"}}})");
  std::string text = "deep:\n";
  for (size_t i = 1; i < kDepth; ++i) text += "- ";
  text += "[]\nname: 1\n";  // block sequences (flow nesting stops at 64), the innermost empty
  std::vector<SchemaViolation> v;
  size_t depth = 0;
  yaml::ParsedFile f;  // outlives the thread: the violations point into its tree
  on_small_stack([&] {
    f = parse(text, kDepth + 1);
    for (yaml::Node n = f.documents[0].root.get("deep"); n.size() == 1; n = n.element(0)) ++depth;
    v = validate(*schema, f.documents[0].root);
  });
  EXPECT_EQ(depth, kDepth - 1);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].path, "name");
  EXPECT_EQ(v[0].at.position().line, 3u);
}

}  // namespace
}  // namespace driftlint
