// For the parse cache's tests: a folder loaded as one repo ("r", two jobs)
// through the parse cache in a folder, or without one, as a run loads it;
// whether a cache file was written again.
#pragma once

#include <sys/stat.h>

#include <filesystem>
#include <memory>

#include "load/loader.h"
#include "load/parse_cache.h"

namespace driftlint {

// `tree` stands in for the folder's disk tree when given; `git` is the
// repository the folder checks out, if any.
inline LoadResult load_folder(const std::filesystem::path& folder, const std::filesystem::path& cache_dir,
                              bool cached = true, std::shared_ptr<const FileTree> tree = nullptr,
                              std::shared_ptr<GitRepository> git = nullptr) {
  RepoInput repo;
  repo.name = "r";
  repo.source = folder.string();
  repo.tree = tree ? std::move(tree) : std::make_shared<DiskTree>(folder.string());
  repo.git = std::move(git);
  LoadOptions options;
  options.jobs = 2;
  ParseCache cache(cache_dir.string(), options.parse_limits);
  if (cached) options.cache = &cache;
  return load_repos({repo}, options);
}

// A file's inode (a file written again atomically gets a new one), or 0 when there is none.
inline ino_t inode_of(const std::string& file) {
  struct stat st;
  return ::stat(file.c_str(), &st) == 0 ? st.st_ino : 0;
}

}  // namespace driftlint
