// A private temporary folder a build runs in: the closure of a kustomization
// or a chart, copied out of the repo's file tree (a work tree or a commit in
// the object database alike), so the user's checkout is never touched and a
// revision renders exactly as its work tree would.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "base/expected.h"
#include "fs/file_tree.h"

namespace driftlint {

class RenderWorkspace {
 public:
  // Makes a 0700 folder under scratch_root() (base/scratch.h: $TMPDIR, else /dev/shm or /tmp).
  static Expected<RenderWorkspace> create();
  RenderWorkspace(RenderWorkspace&& other) noexcept : root_(std::move(other.root_)) { other.root_.clear(); }
  RenderWorkspace& operator=(RenderWorkspace&&) = delete;
  RenderWorkspace(const RenderWorkspace&) = delete;
  ~RenderWorkspace();

  const std::string& root() const { return root_; }
  std::string path_of(const std::string& relative) const { return relative.empty() ? root_ : root_ + "/" + relative; }

  // Copies `files` (repo-relative) out of `tree`, each within `max_bytes`;
  // `replaced` gives other content for some of them (an edited kustomization).
  // Files the tree does not hold are left out (the build then says so).
  Status copy(const FileTree& tree, const std::set<std::string>& files, uint64_t max_bytes,
              const std::map<std::string, std::string>& replaced);
  // Writes one file (making its folders).
  Status write(const std::string& relative, const std::string& text);

 private:
  explicit RenderWorkspace(std::string root) : root_(std::move(root)) {}
  std::string root_;
};

}  // namespace driftlint
