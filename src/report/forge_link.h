// Links to a file at a commit on the forges whose URL shapes are known:
// GitHub, GitLab and Gitea/Forgejo (by host name: github.com or a host
// naming github, gitlab.com or a host naming gitlab, codeberg.org or a host
// naming gitea or forgejo). Other hosts get no link rather than a wrong one.
#pragma once

#include <cstdint>
#include <string>

namespace driftlint {

// "" when the host's shape is unknown or the URL is not a remote one.
// `path` is relative to the repository's root; `line` 0 links the file.
std::string forge_file_link(const std::string& repo_url, const std::string& commit, const std::string& path,
                            uint32_t line);

}  // namespace driftlint
