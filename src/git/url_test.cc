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

TEST(GitUrlTest, CredentialsAreSplitOffAndNeverShown) {
  UrlCredentials https = split_url_credentials("https://robot:s3cr3t@git.example/org/x.git");
  EXPECT_EQ(https.url, "https://git.example/org/x.git");
  EXPECT_EQ(https.username, "robot");
  EXPECT_EQ(https.password, "s3cr3t");
  EXPECT_TRUE(https.has_user);
  UrlCredentials token = split_url_credentials("https://ghp_token@git.example/org/x.git");
  EXPECT_EQ(token.url, "https://git.example/org/x.git");  // a lone user part over http is often the token
  EXPECT_EQ(token.username, "ghp_token");
  EXPECT_EQ(token.password, "");
  UrlCredentials ssh = split_url_credentials("ssh://git:pw@host:2222/org/x.git");
  EXPECT_EQ(ssh.url, "ssh://git@host:2222/org/x.git");  // the login name stays: ssh needs it
  EXPECT_EQ(ssh.password, "pw");
  EXPECT_FALSE(split_url_credentials("git@host:org/x.git").has_user);  // scp-like: no secret to take
  EXPECT_EQ(split_url_credentials("https://a:b@c@host/x").url, "https://host/x");  // '@' in the password
  EXPECT_EQ(redact_url("https://u:p@host/x?y@z"), "https://host/x?y@z");
  EXPECT_EQ(redact_url(redact_url("https://u:p@host/x")), "https://host/x");
}

}  // namespace
}  // namespace driftlint
