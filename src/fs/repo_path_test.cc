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
  std::string path = "a/b/c";
  EXPECT_EQ(parent_view(path), "a/b");
  EXPECT_EQ(parent_view(path).data(), path.data());  // a view into the path, no copy
  EXPECT_EQ(parent_view("c"), "");
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

namespace driftlint {
namespace {

TEST(RepoPathTest, ResolvesEntriesAndRefusesWhatLeavesTheRepo) {
  EXPECT_EQ(RepoPath::resolve("overlays/dev", "../../base")->str(), "base");
  EXPECT_EQ(RepoPath::resolve("a", "./b//c/.")->str(), "a/b/c");
  EXPECT_EQ(RepoPath::resolve("a", "")->str(), "a");
  EXPECT_EQ(RepoPath::resolve("a", "..")->str(), "");
  EXPECT_EQ(RepoPath::resolve("a", "../../x").error().message, "'../../x' leaves the repo; only files inside it are read");
  EXPECT_EQ(RepoPath::resolve("a", "b/../../../x").error().message,
            "'b/../../../x' leaves the repo; only files inside it are read");
  // An absolute path is refused, never taken as relative to the folder.
  EXPECT_EQ(RepoPath::resolve("a", "/etc/passwd").error().message,
            "'/etc/passwd' is an absolute path; only files inside the repo are read");
  EXPECT_FALSE(RepoPath::resolve("", std::string_view("a\0b", 3)));
}

TEST(RepoPathTest, CleanPathsAndTreeEntryNames) {
  for (const char* clean : {"", "a", "a/b.yaml", "..a/b..", ".hidden/x"}) EXPECT_TRUE(is_clean_repo_path(clean)) << clean;
  for (const char* unclean : {"/a", "a/", "a//b", "./a", "a/.", "..", "a/../b", "../a"}) {
    EXPECT_FALSE(is_clean_repo_path(unclean)) << unclean;
  }
  EXPECT_TRUE(RepoPath::checked("a/b"));
  EXPECT_FALSE(RepoPath::checked("a/../b"));
  for (const char* ok : {"a", "..a", "a..", ".github", ".gitignore", ".gi", ".g1t", ".gi\x14", "\x0egit", "xgit"}) {
    EXPECT_TRUE(is_safe_tree_entry_name(ok)) << ok;
  }
  for (const char* bad : {"", ".", "..", ".git", ".GIT", ".Git", ".gIt", ".giT", "a/b"}) {
    EXPECT_FALSE(is_safe_tree_entry_name(bad)) << bad;
  }
}

}  // namespace
}  // namespace driftlint
