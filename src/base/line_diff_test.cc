#include "base/line_diff.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(LineDiffTest, EqualTextsHaveNoDiff) { EXPECT_EQ(unified_diff("a\nb\n", "a\nb\n", "x", "y"), ""); }

TEST(LineDiffTest, AChangeWithContext) {
  std::string before = "1\n2\n3\n4\n5\n6\n7\n8\n";
  std::string after = "1\n2\n3\n4\nfive\n6\n7\n8\n";
  EXPECT_EQ(unified_diff(before, after, "base", "head"),
            "--- base\n+++ head\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
}

TEST(LineDiffTest, AddedAndRemovedWholeTexts) {
  EXPECT_EQ(unified_diff("", "a\nb\n", "base", "head"), "--- base\n+++ head\n@@ -0,0 +1,2 @@\n+a\n+b\n");
  EXPECT_EQ(unified_diff("a\n", "", "base", "head"), "--- base\n+++ head\n@@ -1,1 +0,0 @@\n-a\n");
}

TEST(LineDiffTest, DistantChangesAreSeparateHunks) {
  std::string before, after;
  for (int i = 0; i < 30; ++i) {
    before += std::to_string(i) + "\n";
    after += (i == 2 || i == 25 ? "x" : std::to_string(i)) + "\n";
  }
  std::string diff = unified_diff(before, after, "a", "b");
  EXPECT_NE(diff.find("@@ -1,6 +1,6 @@"), std::string::npos) << diff;
  EXPECT_NE(diff.find("@@ -23,7 +23,7 @@"), std::string::npos) << diff;
}

}  // namespace
}  // namespace driftlint
