// GitCommitTree::files_under: every blob below a folder of the commit (a
// Helm chart's templates and helpers). Links are left out: at a revision a
// link's target is only followed for the manifests themselves.
#include <git2.h>

#include <algorithm>

#include "fs/repo_path.h"
#include "git/owned.h"
#include "git/repository.h"

namespace driftlint {

std::optional<std::vector<std::string>> GitCommitTree::files_under(const std::string& folder, size_t max_files) const {
  if (!is_clean_repo_path(folder)) return std::vector<std::string>{};
  std::lock_guard<std::mutex> lock(repo_->mutex());
  std::string full = prefix_.empty() ? folder : folder.empty() ? prefix_ : prefix_ + "/" + folder;
  std::string prefix = full.empty() ? "" : full + "/";
  size_t strip = prefix_.empty() ? 0 : prefix_.size() + 1;
  struct Walk {
    const std::string* prefix;
    size_t strip;
    size_t max;
    std::vector<std::string> out;
    bool too_many = false;
  } walk{&prefix, strip, max_files, {}};
  git_tree_walk(
      tree_.get(), GIT_TREEWALK_PRE,
      [](const char* root, const git_tree_entry* entry, void* payload) -> int {
        auto* w = static_cast<Walk*>(payload);
        if (!is_safe_tree_entry_name(git_tree_entry_name(entry))) return git_tree_entry_type(entry) == GIT_OBJECT_TREE ? 1 : 0;
        std::string dir = root;
        if (git_tree_entry_type(entry) == GIT_OBJECT_TREE) {
          std::string sub = dir + git_tree_entry_name(entry) + "/";
          // Descend only towards or into the folder.
          bool towards = w->prefix->compare(0, sub.size(), sub) == 0 || sub.compare(0, w->prefix->size(), *w->prefix) == 0;
          return towards ? 0 : 1;
        }
        if (git_tree_entry_type(entry) != GIT_OBJECT_BLOB || git_tree_entry_filemode(entry) == GIT_FILEMODE_LINK) return 0;
        if (dir.compare(0, w->prefix->size(), *w->prefix) != 0) return 0;
        if (w->out.size() >= w->max) {
          w->too_many = true;
          return -1;
        }
        w->out.push_back((dir + git_tree_entry_name(entry)).substr(w->strip));
        return 0;
      },
      &walk);
  if (walk.too_many) return std::nullopt;
  std::sort(walk.out.begin(), walk.out.end());
  return walk.out;
}

}  // namespace driftlint
