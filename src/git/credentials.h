// Where credentials for cloning and fetching come from, in the order git users
// expect: the user part of the URL the user wrote (libgit2's order; the URL
// handed to libgit2 and stored in the clone has none), ssh-agent for ssh URLs;
// for https, a token from the environment, then git's own credential helpers
// (`git credential fill`), then GIT_ASKPASS.
// Each source is tried once per URL, so a wrong credential fails instead of
// looping. Secrets are held only long enough to hand them to libgit2.
//
// Every source but the URL's own is something the runner holds, and the
// repo under review may name any URL (its driftlint.yaml, its apps): those
// go only where CredentialPolicy allows, and the error of a clone that then
// needs them says what was held back and why.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace driftlint {

struct Credential {
  enum class Kind { SshAgent, UserPassword };
  Kind kind = Kind::UserPassword;
  std::string username;
  std::string secret;
  std::string source;  // "the URL", "ssh-agent", "DRIFTLINT_GIT_TOKEN", "git credential", "GIT_ASKPASS"
};

// Reads an environment variable; tests inject their own.
using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;
EnvLookup process_environment();

// The servers the runner's credentials (DRIFTLINT_GIT_TOKEN, git's credential
// helpers, GIT_ASKPASS, ssh-agent) may go to: hosts the user named (--repo
// URLs, --token-host, DRIFTLINT_TOKEN_HOSTS), over https or ssh only, never
// plain http. Empty, it allows none.
class CredentialPolicy {
 public:
  // "host" (any port) or "host:port"; an IPv6 address in brackets.
  static bool valid_host(std::string_view host);
  // Adds `host` when valid_host says it is one; false otherwise.
  bool allow(std::string_view host);
  // The host of `url` (a remote URL the user typed), when it has one, with
  // its port when one is written; plain http stays refused all the same.
  void allow_url(const std::string& url);
  // "" when the runner's credentials may go to `url`; else the end of a
  // sentence saying why not: "to git.evil.example: only to hosts named on the
  // command line or with --token-host", "over http:// to 127.0.0.1:8080: only over https or ssh".
  std::string refusal(const std::string& url) const;
  const std::vector<std::string>& hosts() const { return hosts_; }

 private:
  std::vector<std::string> hosts_;  // lower-case, as allow() got them
};

class CredentialSources {
 public:
  explicit CredentialSources(EnvLookup env = process_environment(), CredentialPolicy policy = {})
      : env_(std::move(env)), policy_(std::move(policy)) {}

  // The user part that split_url_credentials took out of the URL: tried
  // first, and its user name stands in for the one libgit2 no longer sees.
  void set_url_user(std::string username, std::string password);

  // The next credential to try for `url`, or nullopt when every source was
  // tried. `ssh` and `userpass` say what the server accepts.
  std::optional<Credential> next(const std::string& url, const std::string& username_from_url, bool ssh,
                                 bool userpass);
  // Sources tried so far, for the error message ("tried ssh-agent, GIT_ASKPASS").
  const std::string& tried() const { return tried_; }
  // What the policy held back and why, one clause each joined by "; "
  // ("DRIFTLINT_GIT_TOKEN not sent to git.evil.example: only to hosts ..."); "" when nothing.
  const std::string& withheld() const { return withheld_; }

 private:
  void mark(const std::string& source);
  void withhold(const std::string& what);
  std::optional<Credential> from_url(const std::string& username, bool ssh, bool userpass);
  std::optional<Credential> from_helper(const std::string& url, const std::string& username, bool& helper_ran);
  std::optional<Credential> from_askpass(const std::string& url, const std::string& username);
  EnvLookup env_;
  CredentialPolicy policy_;
  std::string withheld_;
  std::string url_username_, url_password_;
  bool url_has_user_ = false;
  unsigned done_ = 0;
  std::string tried_;
};

// Runs `argv` with `input` on its standard input and returns its standard
// output, or nullopt when it could not run or failed. Its stderr is dropped
// and it gets no terminal input (GIT_TERMINAL_PROMPT=0).
std::optional<std::string> run_capture(const std::vector<std::string>& argv, const std::string& input);

}  // namespace driftlint
