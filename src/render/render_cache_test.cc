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

TEST(RenderCacheTest, TheKeyIsThirtyTwoHexDigitsAndStable) {
  std::string key = render_key("kustomize\napps/a\n");
  EXPECT_EQ(key.size(), 32u);
  EXPECT_EQ(key.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(key, render_key("kustomize\napps/a\n"));
  EXPECT_NE(key, render_key("kustomize\napps/b\n"));
}

}  // namespace
}  // namespace driftlint
