// One identity for a git repository however it is spelt: Argo CD, developers
// and CI write `git@host:org/repo.git`, `ssh://git@host/org/repo`,
// `https://host/org/repo.git/`, `https://user@Host/org/repo`.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace driftlint {

// "host/org/repo": scheme, user, port of ssh, trailing ".git" and "/" dropped,
// scheme and host lower-cased (paths stay case-sensitive). A local path or
// file:// URL normalises to "file:" + the absolute lexical path; an empty URL
// to "" (no identity). Never throws.
std::string normalize_git_url(const std::string& url);

bool same_git_repo(const std::string& a, const std::string& b);


// A URL split into what may be shown and stored, and the secrets it held.
struct UrlCredentials {
  std::string url;       // the URL without secrets
  std::string username;  // the user part, if any ("" when none)
  std::string password;  // "" when none
  bool has_user = false;
};

// http(s) loses its whole user part (it is often the token itself:
// "https://TOKEN@host/x"), other schemes their password
// ("ssh://git:pw@host/x" -> "ssh://git@host/x").
UrlCredentials split_url_credentials(const std::string& url);

// Where a URL connects: what decides whether a credential may go there.
struct UrlEndpoint {
  std::string scheme;  // lower-case; "ssh" for scp-like `git@host:org/repo`
  std::string host;    // lower-case; an IPv6 address keeps its brackets
  std::string port;    // digits, "" when none is written
  std::string shown() const { return port.empty() ? host : host + ":" + port; }
};

// nullopt for a local path, a file:// URL, and a host that is not a plain
// DNS name or IP address (so a spelling another parser could read otherwise
// connects nowhere as far as credentials go).
std::optional<UrlEndpoint> url_endpoint(const std::string& url);

// The URL without secrets: split_url_credentials(url).url. Every URL that
// reaches a message, a report, a progress line or a file goes through it.
std::string redact_url(const std::string& url);

// Free text (a rendered manifest, a tool's message) with every
// `scheme://...` URL in it passed through redact_url.
std::string redact_urls_in(std::string_view text);

}  // namespace driftlint
