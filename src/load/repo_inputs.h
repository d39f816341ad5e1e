// Turns what the user named (config repos, --repo, PATH arguments) into
// RepoInputs the loader reads. Errors are collected, one line each, so the
// repos that can be read still are.
#pragma once

#include <string>
#include <vector>

#include "config/config.h"
#include "git/clone_cache.h"
#include "load/loader.h"

namespace driftlint {

struct ResolvedRepos {
  std::vector<RepoInput> repos;
  std::vector<std::string> errors;
  std::vector<std::string> notes;  // clones and fetches made
};

// `config_repos` resolve relative to config.base_dir; `cli_repos` and
// `paths` relative to the working directory. URL sources are cloned or
// fetched into the cache `cache` describes.
ResolvedRepos resolve_repos(const Config& config, const std::vector<RepoConfig>& cli_repos,
                            const std::vector<std::string>& paths, const GitCacheOptions& cache);

}  // namespace driftlint
