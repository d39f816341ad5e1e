#include "fs/repo_path.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(RepoPathTest, JoinsAndCleans) {
  EXPECT_EQ(join_path("", "a"), "a");
  EXPECT_EQ(join_path("a", ""), "a");
  EXPECT_EQ(join_path("a", "b/c"), "a/b/c");
  EXPECT_EQ(clean_path("overlays/dev/../../base"), "base");
  EXPECT_EQ(clean_path("./a//b/."), "a/b");
  EXPECT_EQ(clean_path(""), "");
  EXPECT_FALSE(clean_path("a/../.."));
}

TEST(RepoPathTest, ParentsAndBasenames) {
  EXPECT_EQ(parent_of("a/b/c"), "a/b");
  EXPECT_EQ(parent_of("c"), "");
  EXPECT_EQ(basename_of("a/b/c"), "c");
  EXPECT_EQ(basename_of("c"), "c");
}

TEST(RepoPathTest, UnderAFolder) {
  EXPECT_TRUE(path_is_under("a/b", ""));
  EXPECT_TRUE(path_is_under("a/b", "a"));
  EXPECT_TRUE(path_is_under("a", "a"));
  EXPECT_FALSE(path_is_under("ab/c", "a"));
  EXPECT_FALSE(path_is_under("a", "a/b"));
}

TEST(RepoPathTest, RemoteReferences) {
  EXPECT_TRUE(is_remote_reference("https://github.com/org/repo//deploy?ref=v1"));
  EXPECT_TRUE(is_remote_reference("github.com/org/repo/deploy?ref=v1"));
  EXPECT_TRUE(is_remote_reference("git@github.com:org/repo.git"));
  EXPECT_FALSE(is_remote_reference("../base"));
  EXPECT_FALSE(is_remote_reference("deployment.yaml"));
}

}  // namespace
}  // namespace driftlint
