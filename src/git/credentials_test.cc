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

// The hosts these tests connect to, named as --token-host would.
CredentialPolicy allowing(std::initializer_list<const char*> hosts) {
  CredentialPolicy policy;
  for (const char* h : hosts) EXPECT_TRUE(policy.allow(h)) << h;
  return policy;
}

TEST(Credentials, SshTriesTheAgentOnceThenGivesUp) {
  CredentialSources sources(fake_env({}), allowing({"host"}));
  auto agent = sources.next("ssh://git@host/org/repo", "git", true, false);
  ASSERT_TRUE(agent);
  EXPECT_EQ(agent->kind, Credential::Kind::SshAgent);
  EXPECT_EQ(agent->username, "git");
  EXPECT_FALSE(sources.next("ssh://git@host/org/repo", "git", true, false));
  EXPECT_EQ(sources.tried(), "ssh-agent");
}

TEST(Credentials, TheUrlsOwnUserPartComesFirstAndNamesTheUser) {
  CredentialSources sources(fake_env({{"DRIFTLINT_GIT_TOKEN", "tok"}}), allowing({"host"}));
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
  CredentialSources ssh(fake_env({}), allowing({"host"}));
  ssh.set_url_user("git", "");
  auto agent = ssh.next("ssh://git@host/org/repo", "", true, false);
  ASSERT_TRUE(agent);
  EXPECT_EQ(agent->kind, Credential::Kind::SshAgent);
  EXPECT_EQ(agent->username, "git");
}

TEST(Credentials, TokenFromTheEnvironmentComesFirstForHttps) {
  CredentialSources sources(fake_env({{"DRIFTLINT_GIT_TOKEN", "tok"}}), allowing({"host"}));
  auto c = sources.next("https://host/org/repo.git", "", false, true);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->username, "x-access-token");
  EXPECT_EQ(c->secret, "tok");
  CredentialSources named(fake_env({{"DRIFTLINT_GIT_TOKEN", "tok"}, {"DRIFTLINT_GIT_USERNAME", "ci"}}),
                          allowing({"host"}));
  EXPECT_EQ(named.next("https://host/org/repo.git", "", false, true)->username, "ci");
}

TEST(Credentials, AskpassIsAskedWhenNothingElseAnswers) {
  Workspace workspace;
  workspace.write("askpass", "#!/bin/sh\ncase \"$1\" in Username*) echo robot;; *) echo hunter2;; esac\n");
  std::filesystem::path askpass = workspace.path_of("askpass");
  std::filesystem::permissions(askpass, std::filesystem::perms::owner_all);
  // git's own credential fill runs first: with no helper configured and no
  // prompt allowed it answers nothing, so GIT_ASKPASS is asked directly.
  CredentialSources sources(fake_env({{"GIT_ASKPASS", askpass.string()}}), allowing({"host.invalid"}));
  std::optional<Credential> c;
  while ((c = sources.next("https://host.invalid/org/repo.git", "", false, true)) && c->source != "GIT_ASKPASS") {
  }
  ASSERT_TRUE(c) << sources.tried();
  EXPECT_EQ(c->username, "robot");
  EXPECT_EQ(c->secret, "hunter2");
  EXPECT_FALSE(sources.next("https://host.invalid/org/repo.git", "", false, true));
}

// A pull request's driftlint.yaml (or an app in it) may name any URL: the
// runner's credentials go only to hosts the user named, and never over http.
TEST(CredentialPolicy, OnlyNamedHostsOverHttpsOrSsh) {
  CredentialPolicy policy = allowing({"git.corp.example", "GitHub.com", "git.example:8443", "[::1]:9443"});
  EXPECT_EQ(policy.refusal("https://git.corp.example/org/repo.git"), "");
  EXPECT_EQ(policy.refusal("https://git.corp.example:444/org/repo.git"), "");  // a bare host: any port
  EXPECT_EQ(policy.refusal("ssh://git@github.com/org/repo"), "");
  EXPECT_EQ(policy.refusal("git@github.com:org/repo.git"), "");
  EXPECT_EQ(policy.refusal("https://git.example:8443/org/repo"), "");
  EXPECT_EQ(policy.refusal("https://[::1]:9443/org/repo"), "");
  EXPECT_EQ(policy.refusal("https://git.example/org/repo"),
            "to git.example: only to hosts named on the command line or with --token-host");
  EXPECT_EQ(policy.refusal("https://git.evil.example/org/repo"),
            "to git.evil.example: only to hosts named on the command line or with --token-host");
  // A user part naming a trusted host does not make the URL go there.
  EXPECT_NE(policy.refusal("https://github.com@git.evil.example/org/repo"), "");
  EXPECT_NE(policy.refusal("https://github.com.evil.example/org/repo"), "");
  EXPECT_NE(policy.refusal("https://evil.example\\@github.com/org/repo"), "");
  EXPECT_EQ(policy.refusal("http://github.com/org/repo"), "over http:// to github.com: only over https or ssh");
  EXPECT_EQ(policy.refusal("git://github.com/org/repo"), "over git:// to github.com: only over https or ssh");
  EXPECT_NE(policy.refusal("file:///srv/git/repo"), "");
  EXPECT_NE(CredentialPolicy().refusal("https://github.com/org/repo"), "");  // nobody named: nowhere
}

TEST(CredentialPolicy, ValidHostsAndUrlsTheUserTyped) {
  for (const char* good : {"github.com", "git.example:8443", "10.0.0.7", "[fd00::1]", "[fd00::1]:443", "GitLab.COM"}) {
    EXPECT_TRUE(CredentialPolicy::valid_host(good)) << good;
  }
  for (const char* bad : {"", "https://github.com", "github.com/org", "user@github.com", "git.example:", "a b",
                          "git.example:https", "-x.example"}) {
    EXPECT_FALSE(CredentialPolicy::valid_host(bad)) << bad;
  }
  CredentialPolicy policy;
  policy.allow_url("https://robot:tok@git.corp.example/org/infra.git");
  policy.allow_url("git@gitlab.com:org/infra.git");
  policy.allow_url("ssh://git@git.example:2222/org/infra.git");
  EXPECT_EQ(policy.refusal("https://git.corp.example/org/other.git"), "");
  EXPECT_EQ(policy.refusal("ssh://git@gitlab.com/org/infra.git"), "");
  EXPECT_EQ(policy.refusal("ssh://git@git.example:2222/org/infra.git"), "");
  EXPECT_NE(policy.refusal("ssh://git@git.example:22/org/infra.git"), "");  // the port the user wrote only
}

// Held back, the runner's credentials are never asked for and the failure says why.
TEST(Credentials, WithheldSourcesAreNotAskedAndSayWhy) {
  Workspace workspace;
  workspace.write("askpass", "#!/bin/sh\ntouch \"$0.asked\"; echo hunter2\n");
  std::filesystem::path askpass = workspace.path_of("askpass");
  std::filesystem::permissions(askpass, std::filesystem::perms::owner_all);
  EnvLookup env = fake_env({{"DRIFTLINT_GIT_TOKEN", "tok"}, {"GIT_ASKPASS", askpass.string()}});
  CredentialSources config_only(env, allowing({"github.com"}));
  EXPECT_FALSE(config_only.next("https://git.evil.example/org/repo.git", "", false, true));
  EXPECT_EQ(config_only.tried(), "");
  EXPECT_EQ(config_only.withheld(),
            "DRIFTLINT_GIT_TOKEN not sent to git.evil.example: only to hosts named on the command line or with "
            "--token-host");
  CredentialSources plain_http(env, allowing({"127.0.0.1"}));
  EXPECT_FALSE(plain_http.next("http://127.0.0.1:8080/org/repo.git", "", false, true));
  EXPECT_EQ(plain_http.withheld(), "DRIFTLINT_GIT_TOKEN not sent over http:// to 127.0.0.1:8080: only over https or ssh");
  CredentialSources no_token(fake_env({{"GIT_ASKPASS", askpass.string()}}));
  EXPECT_FALSE(no_token.next("https://git.evil.example/org/repo.git", "", false, true));
  EXPECT_EQ(no_token.withheld(),
            "stored credentials (git credential, GIT_ASKPASS) not sent to git.evil.example: only to hosts named on "
            "the command line or with --token-host");
  EXPECT_FALSE(std::filesystem::exists(workspace.path_of("askpass.asked")));
  CredentialSources ssh(env);
  EXPECT_FALSE(ssh.next("git@git.evil.example:org/repo.git", "git", true, false));
  EXPECT_EQ(ssh.withheld(),
            "ssh-agent not offered to git.evil.example: only to hosts named on the command line or with --token-host");
  // The URL's own credentials are the URL's: they go where it goes.
  CredentialSources own(env);
  own.set_url_user("robot", "s3cr3t");
  std::optional<Credential> c = own.next("http://git.evil.example/org/repo.git", "", false, true);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->source, "the URL");
  EXPECT_FALSE(own.next("http://git.evil.example/org/repo.git", "", false, true));
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
