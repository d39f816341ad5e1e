// Lookups into a LoadResult by repo and path: which loaded file a path is,
// the files below a folder (in path order), the manifests of a file, the
// kustomization of a folder. Built once; read by the Argo CD model and the
// renderers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/flat_index.h"
#include "load/loader.h"

namespace driftlint {

class LoadIndex {
 public:
  explicit LoadIndex(const LoadResult& load);
  LoadIndex(const LoadIndex&) = delete;  // files_by_repo_ views the load's paths
  LoadIndex& operator=(const LoadIndex&) = delete;

  // The loaded file at a repo-relative path.
  std::optional<uint32_t> file(uint32_t repo, const std::string& path) const;
  // The kustomization file of a folder (kustomization.yaml, .yml or Kustomization).
  std::optional<uint32_t> kustomization_in(uint32_t repo, const std::string& folder) const;
  // The parsed kustomization held by a loaded file, when it is one.
  yaml::Node build_file(uint32_t file) const;
  // Manifests of a file: indices [first, second) into LoadResult::manifests.
  std::pair<uint32_t, uint32_t> manifests_of(uint32_t file) const { return manifests_of_file_[file]; }
  // A loaded file's path (a view of LoadedFile::path) and index.
  struct PathEntry {
    std::string_view path;
    uint32_t file;
  };
  // Every loaded file of a repo, sorted by path.
  const std::vector<PathEntry>& files_of(uint32_t repo) const { return files_by_repo_[repo]; }

  // Calls visit(path, file) for the repo's files below `folder` ("" = all), in path order.
  template <class Visit>
  void for_each_file_under(uint32_t repo, const std::string& folder, Visit visit) const {
    const std::vector<PathEntry>& files = files_by_repo_[repo];
    std::string prefix = folder.empty() ? "" : folder + "/";
    auto it = std::lower_bound(files.begin(), files.end(), std::string_view(prefix),
                               [](const PathEntry& e, std::string_view p) { return e.path < p; });
    for (; it != files.end() && it->path.starts_with(prefix); ++it) visit(it->path, it->file);
  }

 private:
  // Views of the load's paths: the index is built once the load is complete,
  // and a LoadResult's files do not move (a moved vector keeps its elements).
  std::vector<std::vector<PathEntry>> files_by_repo_;  // sorted: deterministic order
  // The same, hashed, for lookups (a model looks up every file every build
  // read): per repo, over files_by_repo_. 8 bytes a file where a map of views took 56.
  std::vector<FlatIndex> path_slots_;
  std::vector<std::pair<uint32_t, uint32_t>> manifests_of_file_;
  std::unordered_map<uint32_t, yaml::Node> build_file_of_;
};

// The names kustomize accepts for a kustomization, in the order it tries them.
inline constexpr const char* kKustomizationNames[] = {"kustomization.yaml", "kustomization.yml", "Kustomization"};

}  // namespace driftlint
