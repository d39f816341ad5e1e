#include "git/credentials.h"

#include "base/process.h"
#include "git/url.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pthread.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace driftlint {

namespace {

enum : unsigned { kAgent = 1, kToken = 2, kHelper = 4, kAskpass = 8, kUrl = 16 };

// "https://user@host:8443/org/repo.git" -> protocol, host (with port), path.
struct UrlParts {
  std::string protocol, host, path;
};
UrlParts split_url(const std::string& url) {
  UrlParts parts;
  size_t scheme = url.find("://");
  if (scheme == std::string::npos) return parts;
  parts.protocol = url.substr(0, scheme);
  std::string rest = url.substr(scheme + 3);
  size_t slash = rest.find('/');
  std::string authority = rest.substr(0, slash);
  if (size_t at = authority.rfind('@'); at != std::string::npos) authority = authority.substr(at + 1);
  parts.host = authority;
  parts.path = slash == std::string::npos ? "" : rest.substr(slash + 1);
  return parts;
}

std::string first_line(std::string s) {
  size_t nl = s.find_first_of("\r\n");
  if (nl != std::string::npos) s.resize(nl);
  return s;
}

}  // namespace

EnvLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (!value || !*value) return std::nullopt;
    return std::string(value);
  };
}

bool CredentialPolicy::valid_host(std::string_view host) {
  if (host.empty() || host.find_first_of("/@?#\\ ") != std::string_view::npos) return false;
  std::optional<UrlEndpoint> endpoint = url_endpoint("https://" + std::string(host) + "/");
  return endpoint && !(host.back() == ':');
}

bool CredentialPolicy::allow(std::string_view host) {
  if (!valid_host(host)) return false;
  std::optional<UrlEndpoint> endpoint = url_endpoint("https://" + std::string(host) + "/");
  hosts_.push_back(endpoint->shown());
  return true;
}

void CredentialPolicy::allow_url(const std::string& url) {
  std::optional<UrlEndpoint> endpoint = url_endpoint(url);
  if (endpoint) hosts_.push_back(endpoint->shown());
}

std::string CredentialPolicy::refusal(const std::string& url) const {
  std::optional<UrlEndpoint> endpoint = url_endpoint(url);
  if (!endpoint) return "to " + redact_url(url) + ": it names no plain host name";
  const std::string shown = endpoint->shown();
  bool named = false;
  for (const std::string& host : hosts_) {
    // "host" allows any port of it; "host:port" that port only.
    named = named || host == endpoint->host || host == shown;
  }
  if (!named) return "to " + shown + ": only to hosts named on the command line or with --token-host";
  if (endpoint->scheme != "https" && endpoint->scheme != "ssh") {
    return "over " + endpoint->scheme + ":// to " + shown + ": only over https or ssh";
  }
  return "";
}

void CredentialSources::withhold(const std::string& what) {
  if (withheld_.find(what) != std::string::npos) return;
  if (!withheld_.empty()) withheld_ += "; ";
  withheld_ += what;
}

void CredentialSources::mark(const std::string& source) {
  if (!tried_.empty()) tried_ += ", ";
  tried_ += source;
}

void CredentialSources::set_url_user(std::string username, std::string password) {
  url_username_ = std::move(username);
  url_password_ = std::move(password);
  url_has_user_ = true;
}

std::optional<Credential> CredentialSources::from_url(const std::string& username, bool ssh, bool userpass) {
  done_ |= kUrl;
  // Over ssh a user without a password is only a login name (ssh://git@host):
  // the agent comes next with it.
  if (!userpass || (ssh && url_password_.empty())) return std::nullopt;
  mark("the URL");
  Credential c;
  c.username = username;
  c.secret = url_password_;
  c.source = "the URL";
  return c;
}

std::optional<Credential> CredentialSources::next(const std::string& url, const std::string& given_username,
                                                  bool ssh, bool userpass) {
  const std::string& username_from_url = given_username.empty() ? url_username_ : given_username;
  if (url_has_user_ && !(done_ & kUrl)) {
    if (std::optional<Credential> c = from_url(username_from_url, ssh, userpass)) return c;
  }
  // `url` is where libgit2 is now (after any redirect), so it is what the policy judges.
  std::string refused = policy_.refusal(url);
  if (ssh && !(done_ & kAgent)) {
    done_ |= kAgent;
    if (!refused.empty()) {
      withhold("ssh-agent not offered " + refused);
    } else {
      mark("ssh-agent");
      Credential c;
      c.kind = Credential::Kind::SshAgent;
      c.username = username_from_url.empty() ? "git" : username_from_url;
      c.source = "ssh-agent";
      return c;
    }
  }
  if (!userpass) return std::nullopt;
  if (!refused.empty()) {
    if (!(done_ & kToken)) {
      withhold(env_("DRIFTLINT_GIT_TOKEN") ? "DRIFTLINT_GIT_TOKEN not sent " + refused
                                           : "stored credentials (git credential, GIT_ASKPASS) not sent " + refused);
    }
    done_ |= kToken | kHelper | kAskpass;
    return std::nullopt;
  }
  if (!(done_ & kToken)) {
    done_ |= kToken;
    if (std::optional<std::string> token = env_("DRIFTLINT_GIT_TOKEN")) {
      mark("DRIFTLINT_GIT_TOKEN");
      Credential c;
      c.username = env_("DRIFTLINT_GIT_USERNAME").value_or(
          username_from_url.empty() ? "x-access-token" : username_from_url);
      c.secret = *token;
      c.source = "DRIFTLINT_GIT_TOKEN";
      return c;
    }
  }
  bool helper_ran = false;
  if (!(done_ & kHelper)) {
    done_ |= kHelper;
    if (std::optional<Credential> c = from_helper(url, username_from_url, helper_ran)) return c;
  }
  // git's credential fill already asks GIT_ASKPASS; ask it ourselves only
  // where git itself could not run.
  if (!(done_ & kAskpass) && !helper_ran) {
    done_ |= kAskpass;
    return from_askpass(url, username_from_url);
  }
  return std::nullopt;
}

std::optional<Credential> CredentialSources::from_helper(const std::string& url, const std::string& username,
                                                         bool& helper_ran) {
  UrlParts parts = split_url(url);
  std::string request = "protocol=" + parts.protocol + "\nhost=" + parts.host + "\npath=" + parts.path + "\n";
  if (!username.empty()) request += "username=" + username + "\n";
  request += "\n";
  std::optional<std::string> answer = run_capture({"git", "credential", "fill"}, request);
  helper_ran = answer.has_value();
  if (!answer) return std::nullopt;
  Credential c;
  c.source = "git credential";
  size_t start = 0;
  while (start < answer->size()) {
    size_t end = answer->find('\n', start);
    if (end == std::string::npos) end = answer->size();
    std::string line = answer->substr(start, end - start);
    if (line.rfind("username=", 0) == 0) c.username = line.substr(9);
    if (line.rfind("password=", 0) == 0) c.secret = line.substr(9);
    start = end + 1;
  }
  if (c.secret.empty()) return std::nullopt;
  mark("git credential");
  return c;
}

std::optional<Credential> CredentialSources::from_askpass(const std::string& url, const std::string& username) {
  std::optional<std::string> askpass = env_("GIT_ASKPASS");
  if (!askpass) return std::nullopt;
  Credential c;
  c.source = "GIT_ASKPASS";
  c.username = username;
  if (c.username.empty()) {
    std::optional<std::string> user = run_capture({*askpass, "Username for '" + url + "': "}, "");
    if (user) c.username = first_line(*user);
  }
  std::optional<std::string> pass = run_capture({*askpass, "Password for '" + url + "': "}, "");
  if (!pass) return std::nullopt;
  mark("GIT_ASKPASS");
  c.secret = first_line(*pass);
  return c;
}

std::optional<std::string> run_capture(const std::vector<std::string>& argv, const std::string& input) {
  ProcessOptions options;
  options.input = input;  // no credential is a megabyte: the default bound holds
  ProcessResult result = run_process(argv, options);
  if (!result.ok()) return std::nullopt;
  return std::move(result.out);
}

}  // namespace driftlint
