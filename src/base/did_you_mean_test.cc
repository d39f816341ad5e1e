#include "base/did_you_mean.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(DidYouMean, FindsTheNearestNameWithinTwoEdits) {
  std::vector<std::string> keys = {"repos", "sharedNamespaces", "ignore", "ownership"};
  EXPECT_EQ(closest_name("sharedNamespace", keys), "sharedNamespaces");
  EXPECT_EQ(closest_name("ingore", keys), "ignore");  // a swap is one edit
  EXPECT_EQ(closest_name("owner", keys), "");          // four letters short
  EXPECT_EQ(closest_name("x", keys), "");
  EXPECT_EQ(did_you_mean("repo", keys), " (did you mean 'repos'?)");
  EXPECT_EQ(did_you_mean("zzzzzz", keys), "");
}

TEST(DidYouMean, ShortWordsNeedCloserMatches) {
  std::vector<std::string> rules = {"duplicate-key", "yaml-syntax", "gpu"};
  EXPECT_EQ(closest_name("gpx", rules), "gpu");
  EXPECT_EQ(closest_name("ab", rules), "");
  EXPECT_EQ(closest_name("duplicate-kye", rules), "duplicate-key");
}

}  // namespace
}  // namespace driftlint
