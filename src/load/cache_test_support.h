// For the parse cache's tests: a folder loaded as one repo ("r", two jobs)
// through the parse cache in a folder, or without one, as a run loads it.
#pragma once

#include <filesystem>
#include <memory>

#include "load/loader.h"
#include "load/parse_cache.h"

namespace driftlint {

// `tree` stands in for the folder's disk tree when given.
inline LoadResult load_folder(const std::filesystem::path& folder, const std::filesystem::path& cache_dir,
                              bool cached = true, std::shared_ptr<const FileTree> tree = nullptr) {
  RepoInput repo;
  repo.name = "r";
  repo.source = folder.string();
  repo.tree = tree ? std::move(tree) : std::make_shared<DiskTree>(folder.string());
  LoadOptions options;
  options.jobs = 2;
  ParseCache cache(cache_dir.string(), options.parse_limits);
  if (cached) options.cache = &cache;
  return load_repos({repo}, options);
}

}  // namespace driftlint
