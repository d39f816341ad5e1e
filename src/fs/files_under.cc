// FileTree::files_under for the trees of this layer: every file below a
// folder, for builds that read more than manifests (a Helm chart).
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <filesystem>

#include "fs/beneath.h"
#include "fs/file_tree.h"

namespace driftlint {

namespace {

struct FolderWalker {
  std::string root;  // the repo's folder on disk
  const RepoRoot& beneath;  // links must lead to a file inside the repo, resolved there
  size_t max_files;
  std::vector<std::string> out;
  bool too_many = false;

  bool inside(const std::string& path) const {
    std::string target;
    return beneath.resolve_link(path, target) == LinkTarget::InRepo;
  }

  void walk(const std::string& relative, int depth) {
    if (too_many || depth > 64) return;
    std::string full = relative.empty() ? root : root + "/" + relative;
    DIR* dir = ::opendir(full.c_str());
    if (!dir) return;
    std::vector<std::string> folders;
    while (struct dirent* entry = ::readdir(dir)) {
      std::string name = entry->d_name;
      if (name == "." || name == ".." || name == ".git") continue;
      std::string path = relative.empty() ? name : relative + "/" + name;
      struct stat st;
      if (::lstat((root + "/" + path).c_str(), &st) != 0) continue;
      if (S_ISDIR(st.st_mode)) {
        folders.push_back(path);
      } else if (S_ISREG(st.st_mode) || (S_ISLNK(st.st_mode) && inside(path))) {
        if (out.size() >= max_files) too_many = true;
        out.push_back(path);
      }
    }
    ::closedir(dir);
    for (const std::string& f : folders) walk(f, depth + 1);
  }
};

}  // namespace

std::optional<std::vector<std::string>> DiskTree::files_under(const std::string& folder, size_t max_files) const {
  if (!single_file_.empty()) return std::nullopt;
  if (!beneath_->is_directory(folder)) return std::vector<std::string>{};  // absent, or reached through a link
  FolderWalker walker{root_, *beneath_, max_files, {}};
  walker.walk(folder, 0);
  if (walker.too_many) return std::nullopt;
  std::sort(walker.out.begin(), walker.out.end());
  return walker.out;
}

std::optional<std::vector<std::string>> MemoryTree::files_under(const std::string& folder, size_t max_files) const {
  std::vector<std::string> out;
  std::string prefix = folder.empty() ? "" : folder + "/";
  for (auto it = files_.lower_bound(prefix); it != files_.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
    if (out.size() >= max_files) return std::nullopt;
    out.push_back(it->first);
  }
  return out;
}

}  // namespace driftlint
