#include "git/tree_walk.h"

#include <memory>
#include <vector>

namespace driftlint {

namespace {

struct TreeFree {
  void operator()(git_tree* t) const { git_tree_free(t); }
};

struct Frame {
  const git_tree* tree;
  std::unique_ptr<git_tree, TreeFree> owned;  // null for the root, which the caller owns
  std::string dir;
  size_t next = 0;
};

}  // namespace

bool is_link(const git_tree_entry* entry) { return git_tree_entry_filemode(entry) == GIT_FILEMODE_LINK; }

std::string unreadable_folder(std::string_view dir) {
  const git_error* why = git_error_last();
  return std::string(dir) + ": cannot read the folder (" + (why && why->message ? why->message : "unknown libgit2 error") +
         ")";
}

TreeWalkResult walk_tree(git_repository* repo, const git_tree* root, size_t max_depth,
                         const std::function<TreeStep(const std::string& dir, const git_tree_entry* entry)>& visit,
                         const std::string& root_dir) {
  TreeWalkResult result;
  std::vector<Frame> stack;
  stack.push_back({root, nullptr, root_dir, 0});
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next >= git_tree_entrycount(top.tree)) {
      stack.pop_back();
      continue;
    }
    const git_tree_entry* entry = git_tree_entry_byindex(top.tree, top.next++);
    TreeStep step = visit(top.dir, entry);
    if (step == TreeStep::Stop) break;
    if (step != TreeStep::Descend || git_tree_entry_type(entry) != GIT_OBJECT_TREE) continue;
    std::string dir = top.dir + git_tree_entry_name(entry) + "/";
    if (stack.size() >= max_depth) {
      if (result.too_deep.empty()) result.too_deep = dir.substr(0, dir.size() - 1);
      continue;
    }
    git_tree* sub = nullptr;
    if (git_tree_lookup(&sub, repo, git_tree_entry_id(entry)) != 0) {
      if (result.error.empty()) result.error = unreadable_folder(std::string_view(dir).substr(0, dir.size() - 1));
      continue;
    }
    stack.push_back({sub, std::unique_ptr<git_tree, TreeFree>(sub), std::move(dir), 0});
  }
  return result;
}

}  // namespace driftlint
