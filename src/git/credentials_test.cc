#include "git/credentials.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "git/url.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

EnvLookup fake_env(std::map<std::string, std::string> vars) {
  return [vars](const std::string& name) -> std::optional<std::string> {
    auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

TEST(Credentials, SshTriesTheAgentOnceThenGivesUp) {
  CredentialSources sources(fake_env({}));
  auto agent = sources.next("ssh://git@host/org/repo", "git", true, false);
  ASSERT_TRUE(agent);
  EXPECT_EQ(agent->kind, Credential::Kind::SshAgent);
  EXPECT_EQ(agent->username, "git");
  EXPECT_FALSE(sources.next("ssh://git@host/org/repo", "git", true, false));
  EXPECT_EQ(sources.tried(), "ssh-agent");
}

TEST(Credentials, TheUrlsOwnUserPartComesFirstAndNamesTheUser) {
  CredentialSources sources(fake_env({{"DRIFTLINT_GIT_TOKEN", "tok"}}));
  sources.set_url_user("robot", "s3cr3t");
  auto c = sources.next("https://host/org/repo.git", "", false, true);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->source, "the URL");
  EXPECT_EQ(c->username, "robot");
  EXPECT_EQ(c->secret, "s3cr3t");
  auto next = sources.next("https://host/org/repo.git", "", false, true);
  ASSERT_TRUE(next);
  EXPECT_EQ(next->source, "DRIFTLINT_GIT_TOKEN");
  EXPECT_EQ(next->username, "robot");  // the URL's user name still counts
  // Over ssh a user without a password is a login name for the agent.
  CredentialSources ssh(fake_env({}));
  ssh.set_url_user("git", "");
  auto agent = ssh.next("ssh://git@host/org/repo", "", true, false);
  ASSERT_TRUE(agent);
  EXPECT_EQ(agent->kind, Credential::Kind::SshAgent);
  EXPECT_EQ(agent->username, "git");
}

TEST(Credentials, TokenFromTheEnvironmentComesFirstForHttps) {
  CredentialSources sources(fake_env({{"DRIFTLINT_GIT_TOKEN", "tok"}}));
  auto c = sources.next("https://host/org/repo.git", "", false, true);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->username, "x-access-token");
  EXPECT_EQ(c->secret, "tok");
  CredentialSources named(fake_env({{"DRIFTLINT_GIT_TOKEN", "tok"}, {"DRIFTLINT_GIT_USERNAME", "ci"}}));
  EXPECT_EQ(named.next("https://host/org/repo.git", "", false, true)->username, "ci");
}

TEST(Credentials, AskpassIsAskedWhenNothingElseAnswers) {
  Workspace workspace;
  workspace.write("askpass", "#!/bin/sh\ncase \"$1\" in Username*) echo robot;; *) echo hunter2;; esac\n");
  std::filesystem::path askpass = workspace.path_of("askpass");
  std::filesystem::permissions(askpass, std::filesystem::perms::owner_all);
  // git's own credential fill runs first: with no helper configured and no
  // prompt allowed it answers nothing, so GIT_ASKPASS is asked directly.
  CredentialSources sources(fake_env({{"GIT_ASKPASS", askpass.string()}}));
  std::optional<Credential> c;
  while ((c = sources.next("https://host.invalid/org/repo.git", "", false, true)) && c->source != "GIT_ASKPASS") {
  }
  ASSERT_TRUE(c) << sources.tried();
  EXPECT_EQ(c->username, "robot");
  EXPECT_EQ(c->secret, "hunter2");
  EXPECT_FALSE(sources.next("https://host.invalid/org/repo.git", "", false, true));
}

TEST(Credentials, RunCaptureFeedsInputAndReportsFailure) {
  EXPECT_EQ(run_capture({"cat"}, "a=b\n"), std::optional<std::string>("a=b\n"));
  EXPECT_FALSE(run_capture({"false"}, ""));
  EXPECT_FALSE(run_capture({"/no/such/program"}, ""));
  // A program that exits without reading its input must not kill us with SIGPIPE.
  EXPECT_EQ(run_capture({"true"}, std::string(1 << 20, 'x')), std::optional<std::string>(""));
}

TEST(RedactUrl, RemovesSecretsAndKeepsTheRest) {
  EXPECT_EQ(redact_url("https://user:pw@host/org/repo.git"), "https://host/org/repo.git");
  EXPECT_EQ(redact_url("https://ghp_token@host/org/repo.git"), "https://host/org/repo.git");
  EXPECT_EQ(redact_url("ssh://git:pw@host:22/org/repo"), "ssh://git@host:22/org/repo");
  EXPECT_EQ(redact_url("ssh://git@host/org/repo"), "ssh://git@host/org/repo");
  EXPECT_EQ(redact_url("git@host:org/repo.git"), "git@host:org/repo.git");
  EXPECT_EQ(redact_url("https://host/org/a@b"), "https://host/org/a@b");
  EXPECT_EQ(redact_url("file:///tmp/repo"), "file:///tmp/repo");
}

}  // namespace
}  // namespace driftlint
