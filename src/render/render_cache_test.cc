#include "render/render_cache.h"

#include <gtest/gtest.h>

#include "render/request.h"

namespace driftlint {
namespace {

std::string fields(std::initializer_list<std::string_view> list) {
  std::string out;
  for (std::string_view f : list) add_identity_field(out, f);
  return out;
}

// A path is the repo's to choose, newlines included: a closure must not be
// able to spell another closure's identity and be served its output.
TEST(RenderCacheTest, NoFieldCanReadAsTheFieldsAfterIt) {
  EXPECT_NE(fields({"a.yaml\nblob", "1234"}), fields({"a.yaml", "blob\n1234"}));
  EXPECT_NE(fields({"a", ""}), fields({"a\n"}));
  EXPECT_NE(fields({"1:a"}), fields({"1", "a"}));
}

TEST(RenderCacheTest, AFolderHoldingANewlineIsAnotherRequest) {
  RenderRequest plain, forged;
  plain.folder = "apps/a";
  plain.remote.chart = "x";
  forged.folder = "apps/a\nx";
  EXPECT_NE(plain.identity(), forged.identity());
  EXPECT_NE(render_key(plain.identity()), render_key(forged.identity()));
}

TEST(RenderCacheTest, TheRunsMemoryKeepsOutputsUpToItsBudget) {
  RenderMemory memory(10);
  RenderCache cache("", &memory);
  ASSERT_TRUE(cache.enabled());
  cache.write("a", "123456");
  cache.write("b", "12345");  // past the 10 bytes: not kept
  cache.write("c", "1234");
  EXPECT_EQ(cache.read("a", 100), "123456");
  EXPECT_EQ(cache.read("b", 100), std::nullopt);
  EXPECT_EQ(cache.read("c", 100), "1234");
  EXPECT_EQ(cache.read("a", 5), std::nullopt) << "an output over the reader's limit is not served";
  EXPECT_FALSE(RenderCache("").enabled());
}

TEST(RenderCacheTest, TheKeyIsThirtyTwoHexDigitsAndStable) {
  std::string key = render_key("kustomize\napps/a\n");
  EXPECT_EQ(key.size(), 32u);
  EXPECT_EQ(key.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(key, render_key("kustomize\napps/a\n"));
  EXPECT_NE(key, render_key("kustomize\napps/b\n"));
}

}  // namespace
}  // namespace driftlint
