#include "git/url.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(GitUrlTest, SpellingsOfOneRepoAreTheSame) {
  const char* same[] = {
      "git@github.com:org/repo.git",  "ssh://git@github.com/org/repo", "https://github.com/org/repo.git/",
      "https://user@github.com/org/repo", "HTTPS://GitHub.com/org/repo", "ssh://git@github.com:22/org/repo.git",
      "http://github.com/org/repo",   "git://github.com/org/repo.git", "github.com:org/repo",
      "https://token:x-oauth@github.com/org/repo.git",
  };
  for (const char* url : same) {
    EXPECT_EQ(normalize_git_url(url), "github.com/org/repo") << url;
  }
}

TEST(GitUrlTest, DifferentReposDiffer) {
  EXPECT_FALSE(same_git_repo("https://github.com/org/repo", "https://gitlab.com/org/repo"));
  EXPECT_FALSE(same_git_repo("https://github.com/org/repo", "https://github.com/other/repo"));
  EXPECT_FALSE(same_git_repo("https://github.com/org/repo", "https://github.com/org/repo2"));
  EXPECT_FALSE(same_git_repo("https://github.com/org/Repo", "https://github.com/org/repo"));
  EXPECT_FALSE(same_git_repo("https://github.com/org/repo", "https://github.com/org/repo/sub"));
}

TEST(GitUrlTest, LocalPathsAndFileUrls) {
  EXPECT_EQ(normalize_git_url("file:///tmp/x/repo"), "file:/tmp/x/repo");
  EXPECT_EQ(normalize_git_url("/tmp/x/./repo/"), "file:/tmp/x/repo");
  EXPECT_TRUE(same_git_repo("file:///tmp/x/repo", "/tmp/x/repo"));
  EXPECT_TRUE(same_git_repo("file:///tmp/x/repo/", "file:///tmp/x/repo"));
}

// Found by ci/fuzz (url_fuzz): the empty URL made std::filesystem throw.
TEST(GitUrlTest, EmptyUrlsHaveNoIdentityAndNeverThrow) {
  EXPECT_EQ(normalize_git_url(""), "");
  EXPECT_EQ(normalize_git_url("  "), "");
  EXPECT_FALSE(same_git_repo("", ""));
  EXPECT_FALSE(same_git_repo("", "https://git.example/org/x.git"));
  EXPECT_EQ(redact_url(""), "");
}

}  // namespace
}  // namespace driftlint
