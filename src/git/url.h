// One identity for a git repository however it is spelt: Argo CD, developers
// and CI write `git@host:org/repo.git`, `ssh://git@host/org/repo`,
// `https://host/org/repo.git/`, `https://user@Host/org/repo`.
#pragma once

#include <string>

namespace driftlint {

// "host/org/repo": scheme, user, port of ssh, trailing ".git" and "/" dropped,
// scheme and host lower-cased (paths stay case-sensitive). A local path or
// file:// URL normalises to "file:" + the absolute lexical path; an empty URL
// to "" (no identity). Never throws.
std::string normalize_git_url(const std::string& url);

bool same_git_repo(const std::string& a, const std::string& b);


// The URL without secrets, for messages: http(s) loses its whole user part
// (it is often the token itself), other schemes their password
// ("ssh://git:pw@host/x" -> "ssh://git@host/x").
std::string redact_url(const std::string& url);

}  // namespace driftlint
