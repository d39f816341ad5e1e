#include "git/tree_listing.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <deque>
#include <memory>
#include <thread>

#include "base/parallel.h"
#include "fs/repo_path.h"
#include "git/repository.h"
#include "git/tree_walk.h"

namespace driftlint {

namespace {

// A folder still to read: its path with a trailing '/', and its depth (the root's children are 1).
struct Part {
  std::string dir;
  git_oid id;
  size_t depth;
};

// Notes one entry of folder `dir` (with its '/'): a blob, or a name git
// refuses (false: nothing below it is read).
bool note(const std::string& dir, const git_tree_entry* entry, TreeListing& out) {
  const char* name = git_tree_entry_name(entry);
  if (!is_safe_tree_entry_name(name)) {
    out.refused.push_back(dir + name);
    return false;
  }
  if (git_tree_entry_type(entry) == GIT_OBJECT_BLOB) {
    TreeBlob& blob = out.blobs.emplace_back();
    blob.path.reserve(dir.size() + std::strlen(name));
    blob.path.append(dir).append(name);
    std::memcpy(blob.id.data(), git_tree_entry_id(entry)->id, blob.id.size());
    blob.link = is_link(entry);
  }
  return true;
}

GitTreeHandle look_up(git_repository* repo, const Part& part, TreeListing& out) {
  git_tree* tree = nullptr;
  if (git_tree_lookup(&tree, repo, &part.id) != 0) {
    if (out.error.empty()) out.error = unreadable_folder(std::string_view(part.dir).substr(0, part.dir.size() - 1));
    return nullptr;
  }
  return GitTreeHandle(tree);
}

// Walks a part into `out`, its own listing; walk_tree's depth limit counts from the part's folder.
void walk_part(git_repository* repo, const Part& part, size_t max_depth, TreeListing& out) {
  GitTreeHandle top = look_up(repo, part, out);
  if (!top) return;
  auto visit = [&](const std::string& dir, const git_tree_entry* entry) {
    return note(dir, entry, out) ? TreeStep::Descend : TreeStep::Skip;
  };
  TreeWalkResult walked = walk_tree(repo, top.get(), max_depth - part.depth, visit, part.dir);
  out.too_deep = std::move(walked.too_deep);
  out.error = std::move(walked.error);
}

// Reads folders breadth first from the root until kTreeListingParts are left to read.
std::vector<Part> split(git_repository* repo, const git_tree* root, size_t max_depth, TreeListing& out) {
  std::deque<Part> queue;
  auto read_entries = [&](const git_tree* tree, const std::string& dir, size_t depth) {
    for (size_t i = 0; i < git_tree_entrycount(tree); ++i) {
      const git_tree_entry* entry = git_tree_entry_byindex(tree, i);
      if (!note(dir, entry, out) || git_tree_entry_type(entry) != GIT_OBJECT_TREE) continue;
      std::string sub = dir + git_tree_entry_name(entry);
      if (depth + 1 >= max_depth) {  // as walk_tree: a folder at max_depth is not read
        if (out.too_deep.empty()) out.too_deep = std::move(sub);
        continue;
      }
      queue.push_back({sub + '/', *git_tree_entry_id(entry), depth + 1});
    }
  };
  read_entries(root, "", 0);
  while (!queue.empty() && queue.size() < kTreeListingParts) {
    Part part = std::move(queue.front());
    queue.pop_front();
    if (GitTreeHandle tree = look_up(repo, part, out)) read_entries(tree.get(), part.dir, part.depth);
  }
  return {std::make_move_iterator(queue.begin()), std::make_move_iterator(queue.end())};
}

void append(TreeListing& to, TreeListing&& from) {
  to.blobs.insert(to.blobs.end(), std::make_move_iterator(from.blobs.begin()), std::make_move_iterator(from.blobs.end()));
  to.refused.insert(to.refused.end(), std::make_move_iterator(from.refused.begin()),
                    std::make_move_iterator(from.refused.end()));
  if (to.too_deep.empty()) to.too_deep = std::move(from.too_deep);
  if (to.error.empty()) to.error = std::move(from.error);
}

}  // namespace

TreeListing list_tree(git_repository* repo, const git_tree* root, size_t max_depth, unsigned threads) {
  TreeListing out;
  std::vector<Part> parts = split(repo, root, max_depth, out);
  std::vector<TreeListing> found(parts.size());
  std::atomic<size_t> next{0};
  auto drain = [&](git_repository* handle) {
    for (size_t i = next.fetch_add(1); i < parts.size(); i = next.fetch_add(1)) walk_part(handle, parts[i], max_depth, found[i]);
  };
  const char* path = git_repository_path(repo);
  std::string git_dir = path ? path : "";
  std::thread::id caller = std::this_thread::get_id();
  size_t workers = std::min<size_t>(std::max(threads, 1u), parts.size());
  parallel_for(workers, static_cast<unsigned>(workers), [&](size_t) {
    if (std::this_thread::get_id() == caller) return drain(repo);
    if (next.load() >= parts.size()) return;  // all taken: no handle to open
    git_repository* own = nullptr;
    if (git_dir.empty() || git_repository_open_ext(&own, git_dir.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0) {
      return;  // the calling thread reads this share too
    }
    GitRepositoryHandle handle(own);
    drain(handle.get());
  });
  drain(repo);  // what no worker could open a handle for
  size_t blobs = out.blobs.size();
  for (const TreeListing& part : found) blobs += part.blobs.size();
  out.blobs.reserve(blobs);
  for (TreeListing& part : found) append(out, std::move(part));
  return out;
}

namespace {

// How the listed tree differs from the known one, found folder by folder
// where their ids differ.
class TreeDifference {
 public:
  TreeDifference(git_repository* repo, size_t max_depth, size_t reads)
      : repo_(repo), max_depth_(max_depth), reads_left_(reads) {}

  // The folder `dir` (with its '/'; "" at the root, depth 0) in both trees.
  void compare(const git_tree* known, const git_tree* listed, const std::string& dir, size_t depth) {
    std::vector<std::string_view> names;
    names.reserve(git_tree_entrycount(listed));
    for (size_t i = 0; i < git_tree_entrycount(listed) && !unlisted_; ++i) {
      const git_tree_entry* entry = git_tree_entry_byindex(listed, i);
      names.push_back(git_tree_entry_name(entry));
      if (!is_safe_tree_entry_name(names.back())) return unlist();
      const git_tree_entry* had = git_tree_entry_byname(known, git_tree_entry_name(entry));
      if (had && git_oid_equal(git_tree_entry_id(had), git_tree_entry_id(entry)) &&
          git_tree_entry_filemode(had) == git_tree_entry_filemode(entry)) {
        continue;  // the same blob, or the same folder whole
      }
      if (had && git_tree_entry_type(had) == GIT_OBJECT_TREE && git_tree_entry_type(entry) == GIT_OBJECT_TREE) {
        GitTreeHandle was = subtree(had, depth), is = subtree(entry, depth);
        if (was && is) compare(was.get(), is.get(), dir + std::string(names.back()) + '/', depth + 1);
        continue;
      }
      if (had) drop(had, dir);
      add(entry, dir, depth);
    }
    std::sort(names.begin(), names.end());
    if (std::adjacent_find(names.begin(), names.end()) != names.end()) return unlist();  // crafted: list_tree keeps both
    for (size_t i = 0; i < git_tree_entrycount(known) && !unlisted_; ++i) {
      const git_tree_entry* had = git_tree_entry_byindex(known, i);
      if (!std::binary_search(names.begin(), names.end(), std::string_view(git_tree_entry_name(had)))) drop(had, dir);
    }
  }

  // `known`'s blobs but those gone, and those added, sorted by path;
  // nullopt where the comparison met what list_tree reports, or a new
  // folder names an entry twice (list_tree keeps both, the first first).
  std::optional<TreeListing> listing(std::vector<TreeBlob> known) {
    auto by_path = [](const TreeBlob& a, const TreeBlob& b) { return a.path < b.path; };
    std::sort(added_.blobs.begin(), added_.blobs.end(), by_path);
    auto same_path = [](const TreeBlob& a, const TreeBlob& b) { return a.path == b.path; };
    if (unlisted_ || std::adjacent_find(added_.blobs.begin(), added_.blobs.end(), same_path) != added_.blobs.end()) {
      return std::nullopt;
    }
    std::sort(gone_.begin(), gone_.end());
    TreeListing out;
    out.blobs = std::move(known);
    std::erase_if(out.blobs, [&](const TreeBlob& blob) { return is_gone(blob.path); });
    size_t kept = out.blobs.size();
    out.blobs.insert(out.blobs.end(), std::make_move_iterator(added_.blobs.begin()),
                     std::make_move_iterator(added_.blobs.end()));
    std::inplace_merge(out.blobs.begin(), out.blobs.begin() + static_cast<std::ptrdiff_t>(kept), out.blobs.end(), by_path);
    return out;
  }

 private:
  void unlist() { unlisted_ = true; }

  // Counts a folder read; false (and unlisted) once more are read than list_tree's share.
  bool may_read() {
    if (reads_left_ == 0) {
      unlist();
      return false;
    }
    --reads_left_;
    return true;
  }

  // A folder one level below `dir`; null (and unlisted) where list_tree would name it.
  GitTreeHandle subtree(const git_tree_entry* entry, size_t depth) {
    git_tree* tree = nullptr;
    if (!may_read()) return nullptr;
    if (depth + 1 >= max_depth_ || git_tree_lookup(&tree, repo_, git_tree_entry_id(entry)) != 0) {
      unlist();
      return nullptr;
    }
    return GitTreeHandle(tree);
  }

  // A known entry the listed tree does not have: a blob, or a folder and all below it.
  void drop(const git_tree_entry* had, const std::string& dir) {
    git_object_t type = git_tree_entry_type(had);
    if (type == GIT_OBJECT_BLOB) gone_.push_back(dir + git_tree_entry_name(had));
    if (type == GIT_OBJECT_TREE) gone_.push_back(dir + git_tree_entry_name(had) + '/');
  }

  // A listed entry the known tree does not have: a blob, or a folder walked
  // whole as list_tree walks it (note() keeps what it finds).
  void add(const git_tree_entry* entry, const std::string& dir, size_t depth) {
    if (!note(dir, entry, added_)) return unlist();
    if (git_tree_entry_type(entry) != GIT_OBJECT_TREE) return;
    GitTreeHandle tree = subtree(entry, depth);
    if (!tree) return;
    auto visit = [&](const std::string& at, const git_tree_entry* e) {
      bool reads = git_tree_entry_type(e) == GIT_OBJECT_TREE;  // the walk reads it next
      return note(at, e, added_) && (!reads || may_read()) ? TreeStep::Descend : TreeStep::Stop;
    };
    std::string folder = dir + git_tree_entry_name(entry) + '/';
    TreeWalkResult walked = walk_tree(repo_, tree.get(), max_depth_ - (depth + 1), visit, folder);
    if (!added_.refused.empty() || !walked.too_deep.empty() || !walked.error.empty()) unlist();
  }

  // Whether a known path is gone: gone itself, or below a folder that is.
  // Gone entries never lie below one another, so the last one not after
  // `path` is the only one that can hold it.
  bool is_gone(const std::string& path) const {
    auto after = std::upper_bound(gone_.begin(), gone_.end(), path);
    if (after == gone_.begin()) return false;
    const std::string& last = *(after - 1);
    return last == path || (last.back() == '/' && path.compare(0, last.size(), last) == 0);
  }

  git_repository* repo_;
  size_t max_depth_;
  size_t reads_left_;
  std::vector<std::string> gone_;
  TreeListing added_;  // its blobs; a name git refuses unlists
  bool unlisted_ = false;
};

}  // namespace

std::optional<TreeListing> list_tree_from(git_repository* repo, const git_tree* root, KnownTree known,
                                          size_t max_depth) {
  git_tree* known_root = nullptr;
  if (git_tree_lookup(&known_root, repo, &known.id) != 0) return std::nullopt;
  GitTreeHandle held(known_root);
  TreeDifference difference(repo, max_depth, known.folders / 4 + 64);
  difference.compare(known_root, root, "", 0);
  return difference.listing(std::move(known.blobs));
}

}  // namespace driftlint
