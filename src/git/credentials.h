// Where credentials for cloning and fetching come from, in the order git users
// expect: the user part of the URL the user wrote (libgit2's order; the URL
// handed to libgit2 and stored in the clone has none), ssh-agent for ssh URLs;
// for https, a token from the environment, then git's own credential helpers
// (`git credential fill`), then GIT_ASKPASS.
// Each source is tried once per URL, so a wrong credential fails instead of
// looping. Secrets are held only long enough to hand them to libgit2.
#pragma once

#include <functional>
#include <optional>
#include <string>

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

class CredentialSources {
 public:
  explicit CredentialSources(EnvLookup env = process_environment()) : env_(std::move(env)) {}

  // The user part that split_url_credentials took out of the URL: tried
  // first, and its user name stands in for the one libgit2 no longer sees.
  void set_url_user(std::string username, std::string password);

  // The next credential to try for `url`, or nullopt when every source was
  // tried. `ssh` and `userpass` say what the server accepts.
  std::optional<Credential> next(const std::string& url, const std::string& username_from_url, bool ssh,
                                 bool userpass);
  // Sources tried so far, for the error message ("tried ssh-agent, GIT_ASKPASS").
  const std::string& tried() const { return tried_; }

 private:
  void mark(const std::string& source);
  std::optional<Credential> from_url(const std::string& username, bool ssh, bool userpass);
  EnvLookup env_;
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
