// FileTree::files_under for the trees of this layer: every file below a
// folder, for builds that read more than manifests (a Helm chart).
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string_view>

#include "fs/beneath.h"
#include "fs/file_tree.h"
#include "fs/folder_entries.h"

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

  // Listed with FolderEntries, as the manifest walk lists (file_tree.cc): the
  // kernel's entry types, no stat by path, and a folder met on the way opened
  // only if it is still a folder, not a link swapped in since it was listed.
  void walk(const std::string& relative, const std::string& start, int depth) {
    if (too_many || depth > 64) return;
    std::string full = relative.empty() ? root : root + "/" + relative;
    thread_local std::vector<char> buffer;
    FolderEntries entries(full, relative == start, buffer);
    std::vector<std::string> folders;
    while (std::optional<FolderEntries::Entry> entry = entries.next()) {
      std::string_view name = entry->name;
      if (name == ".git") continue;
      unsigned char type = entry->type;
      if (type == DT_UNKNOWN) {
        struct stat st;
        // d_name ends in a NUL, so the view's data is a C string.
        if (::fstatat(entries.fd(), name.data(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;  // vanished meanwhile
        type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISLNK(st.st_mode) ? DT_LNK : S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
      }
      std::string path = relative.empty() ? std::string(name) : relative + "/" + std::string(name);
      if (type == DT_DIR) {
        folders.push_back(std::move(path));
      } else if (type == DT_REG || (type == DT_LNK && inside(path))) {
        if (out.size() >= max_files) too_many = true;
        out.push_back(std::move(path));
      }
    }
    for (const std::string& f : folders) walk(f, start, depth + 1);
  }
};

}  // namespace

std::optional<std::vector<std::string>> DiskTree::files_under(const std::string& folder, size_t max_files) const {
  if (!single_file_.empty()) return std::nullopt;
  if (!beneath_->is_directory(folder)) return std::vector<std::string>{};  // absent, or reached through a link
  FolderWalker walker{root_, *beneath_, max_files, {}};
  walker.walk(folder, folder, 0);
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
