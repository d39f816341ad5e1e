// A git tree walked depth first in git's order (as GIT_TREEWALK_PRE), without
// recursion and to a bounded depth: libgit2's git_tree_walk recurses once per
// level, and a commit 100,000 folders deep (a few KB in git) overflowed the
// stack inside it.
#pragma once

#include <git2.h>

#include <functional>
#include <string>
#include <string_view>

namespace driftlint {

// Folders below this many levels are not read (git itself checks out paths
// of at most 4096 bytes, so no real checkout comes near it).
inline constexpr size_t kMaxTreeDepth = 2048;

enum class TreeStep { Descend, Skip, Stop };

struct TreeWalkResult {
  std::string too_deep;  // the first folder not read for its depth ("" when none)
  std::string error;     // the first subtree libgit2 could not read (unreadable_folder)
};

// Calls `visit(dir, entry)` for every entry, `dir` being the entry's folder
// with a trailing '/' (`root_dir` at the top: "" for a commit's root, or the
// path of the folder `root` is, with its '/'); a tree entry's subtree is
// walked when `visit` returns Descend.
TreeWalkResult walk_tree(git_repository* repo, const git_tree* root, size_t max_depth,
                         const std::function<TreeStep(const std::string& dir, const git_tree_entry* entry)>& visit,
                         const std::string& root_dir = "");

// Whether a tree entry is a symbolic link (mode 120000): its blob is the target's path.
bool is_link(const git_tree_entry* entry);

// "DIR: cannot read the folder (libgit2's reason)", the reason read at once:
// libgit2 keeps its last error per thread, and a later call may replace it.
std::string unreadable_folder(std::string_view dir);

}  // namespace driftlint
