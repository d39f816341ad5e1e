// One repo held in memory, loaded as a run loads it: for the tests of what
// reads a LoadResult (rendering, the Argo CD model, CRD choice, policy tests).
// Header only, so the library holds none of it.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "fs/file_tree.h"
#include "load/loader.h"

namespace driftlint {

// `files` (path -> text) as the repo `name`, with the URL `url` ("" for none).
inline LoadResult load_memory_repo(std::map<std::string, std::string> files, const std::string& name,
                                   const std::string& url = "", const LoadOptions& options = {}) {
  RepoInput repo;
  repo.name = name;
  repo.source = "memory";
  repo.url = url;
  repo.tree = std::make_shared<MemoryTree>(std::move(files));
  return load_repos({repo}, options);
}

}  // namespace driftlint
