// One identity for a git repository however it is spelt: Argo CD, developers
// and CI write `git@host:org/repo.git`, `ssh://git@host/org/repo`,
// `https://host/org/repo.git/`, `https://user@Host/org/repo`.
#pragma once

#include <string>

namespace driftlint {

// "host/org/repo": scheme, user, port of ssh, trailing ".git" and "/" dropped,
// scheme and host lower-cased (paths stay case-sensitive). A local path or
// file:// URL normalises to "file:" + the absolute lexical path.
std::string normalize_git_url(const std::string& url);

bool same_git_repo(const std::string& a, const std::string& b);

}  // namespace driftlint
