#include "load/load_index.h"

#include <algorithm>

#include "fs/repo_path.h"

namespace driftlint {

const LoadIndex& LoadResult::index() const {
  std::call_once(*index_once_, [this] { index_ = std::make_shared<const LoadIndex>(*this); });
  return *index_;
}

LoadIndex::LoadIndex(const LoadResult& load) {
  files_by_repo_.resize(load.repos.size());
  for (uint32_t f = 0; f < load.files.size(); ++f) files_by_repo_[load.files[f].repo].push_back({load.files[f].path, f});
  path_slots_.resize(load.repos.size());
  for (size_t r = 0; r < files_by_repo_.size(); ++r) {
    std::vector<PathEntry>& files = files_by_repo_[r];
    // By path; a path loaded twice keeps its last file.
    std::stable_sort(files.begin(), files.end(), [](const PathEntry& a, const PathEntry& b) { return a.path < b.path; });
    std::reverse(files.begin(), files.end());
    auto same_path = [](const PathEntry& a, const PathEntry& b) { return a.path == b.path; };
    files.erase(std::unique(files.begin(), files.end(), same_path), files.end());
    std::reverse(files.begin(), files.end());
    path_slots_[r].build_by_text(files.size(), [&](size_t i) { return files[i].path; });
  }
  manifests_of_file_.assign(load.files.size(), {0, 0});
  for (uint32_t i = 0; i < load.manifests.size(); ++i) {
    auto& range = manifests_of_file_[load.manifests[i].file];
    if (range.second == 0) range.first = i;
    range.second = i + 1;
  }
  for (const BuildFile& b : load.build_files) build_file_of_[b.file] = b.root;
}

std::optional<uint32_t> LoadIndex::file(uint32_t repo, const std::string& path) const {
  const std::vector<PathEntry>& files = files_by_repo_[repo];
  std::optional<uint32_t> i = path_slots_[repo].find_text(path, [&](uint32_t e) { return files[e].path; });
  if (!i) return std::nullopt;
  return files[*i].file;
}

std::optional<uint32_t> LoadIndex::kustomization_in(uint32_t repo, const std::string& folder) const {
  for (const char* name : kKustomizationNames) {
    if (auto f = file(repo, join_path(folder, name))) return f;
  }
  return std::nullopt;
}

yaml::Node LoadIndex::build_file(uint32_t file) const {
  auto it = build_file_of_.find(file);
  return it == build_file_of_.end() ? yaml::Node() : it->second;
}

}  // namespace driftlint
