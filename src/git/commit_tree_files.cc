// GitCommitTree::files_under: every blob below a folder of the commit (a
// Helm chart's templates and helpers). Links are left out: at a revision a
// link's target is only followed for the manifests themselves.
#include <git2.h>

#include <algorithm>

#include "fs/repo_path.h"
#include "git/owned.h"
#include "git/repository.h"
#include "git/tree_walk.h"

namespace driftlint {

std::optional<std::vector<std::string>> GitCommitTree::files_under(const std::string& folder, size_t max_files) const {
  if (!is_clean_repo_path(folder)) return std::vector<std::string>{};
  std::lock_guard<std::mutex> lock(repo_->mutex());
  std::string full = prefix_.empty() ? folder : folder.empty() ? prefix_ : prefix_ + "/" + folder;
  std::string prefix = full.empty() ? "" : full + "/";
  size_t strip = prefix_.empty() ? 0 : prefix_.size() + 1;
  std::vector<std::string> out;
  bool too_many = false;
  TreeWalkResult walked = walk_tree(
      repo_->raw(), tree_.get(), kMaxTreeDepth, [&](const std::string& dir, const git_tree_entry* entry) {
        if (!is_safe_tree_entry_name(git_tree_entry_name(entry))) return TreeStep::Skip;
        if (git_tree_entry_type(entry) == GIT_OBJECT_TREE) {
          std::string sub = dir + git_tree_entry_name(entry) + "/";
          // Descend only towards or into the folder.
          bool towards = prefix.compare(0, sub.size(), sub) == 0 || sub.compare(0, prefix.size(), prefix) == 0;
          return towards ? TreeStep::Descend : TreeStep::Skip;
        }
        if (git_tree_entry_type(entry) != GIT_OBJECT_BLOB || is_link(entry)) {
          return TreeStep::Descend;
        }
        if (dir.compare(0, prefix.size(), prefix) != 0) return TreeStep::Descend;
        if (out.size() >= max_files) {
          too_many = true;
          return TreeStep::Stop;
        }
        out.push_back((dir + git_tree_entry_name(entry)).substr(strip));
        return TreeStep::Descend;
      });
  // A folder too deep to read holds more than the caller can take: as too many.
  if (too_many || !walked.too_deep.empty()) return std::nullopt;
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace driftlint
