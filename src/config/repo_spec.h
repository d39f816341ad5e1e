// `--repo NAME=SOURCE[@REV]` on the command line.
#pragma once

#include <optional>
#include <string>

#include "base/expected.h"
#include "config/config.h"

namespace driftlint {

// The revision is the part after the last '@' that follows the last '/', so
// `git@host:org/repo.git` has none and `../infra@main` has `main`.
Expected<RepoConfig> parse_repo_spec(const std::string& spec);

// True for sources that name a remote git repository rather than a path.
bool is_url_source(const std::string& source);

}  // namespace driftlint
