// Every blob of a commit's tree, listed on several threads (issue 30): a
// pull-request run lists the base revision's tree on one thread while the
// other waits, and reading its folders' trees (2,500 at 20,000 files) was a
// tenth of what the run did beyond a cold one. The folders near the top are
// read on the calling thread until there are kParts subtrees; each worker
// then walks whole subtrees on a repository handle of its own (libgit2
// objects are not shared between threads). What is listed does not depend on
// the thread count: the split does not, and the parts are joined in order.
#pragma once

#include <git2.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace driftlint {

struct TreeBlob {
  std::string path;  // from the tree's root, '/'-separated
  std::array<unsigned char, 20> id{};  // the raw git_oid
  bool link = false;
};

struct TreeListing {
  std::vector<TreeBlob> blobs;       // the same order at any thread count (not git's)
  std::vector<std::string> refused;  // entries git refuses as names (is_safe_tree_entry_name), not read below
  // The first folder not read for its depth, and the first libgit2 could not
  // read ("dir: cannot read the folder (libgit2's reason)"), in the split's
  // order (the folders it reads level by level, then each part's): the same
  // at any thread count. "" when none.
  std::string too_deep;
  std::string error;
};

// Subtrees shared among the threads, whatever their number.
inline constexpr size_t kTreeListingParts = 32;

// `repo` is used on the calling thread only (the caller holds whatever lock
// guards it); workers open the repository at git_repository_path(repo) for
// themselves, and where one cannot, the calling thread walks its share.
// Folders `max_depth` levels below the root are not read (tree_walk.h).
TreeListing list_tree(git_repository* repo, const git_tree* root, size_t max_depth, unsigned threads);

// A tree whose every blob is known without reading it: the tree git's
// index says its entries make, and they do (git/index_tree.h). So it is a
// tree as git writes them: each folder's entries in git's order, each name
// once, no folder empty; list_tree_from looks names up in it by that order.
struct KnownTree {
  git_oid id{};
  // Sorted by path, each once, none with a name git refuses or max_depth folders deep.
  std::vector<TreeBlob> blobs;
  size_t folders = 1;  // the trees it is made of, its root among them
};

// What list_tree lists for `root` (in another order: sorted by path), from
// `known` and the folders where the two trees differ: a pull request's base
// shares all but a few of its 2,500 folders with the checkout's tree, and
// those are read from git instead of all. nullopt where the folders read
// hold what list_tree reports (a name git refuses, a folder too deep, one
// that cannot be read) or an entry named twice: list_tree's order says which
// of those comes first, so it lists the tree. nullopt too once the folders
// read outnumber a quarter of `known`'s and 64 more (a revision far from the
// checkout): list_tree reads one tree a folder, on every thread, where the
// comparison reads two, on one. A folder `root` shares with `known` is not
// read at all, so one git could no longer read (its object gone) is listed
// from `known`, where list_tree would name it unreadable.
std::optional<TreeListing> list_tree_from(git_repository* repo, const git_tree* root, KnownTree known,
                                          size_t max_depth);

}  // namespace driftlint
