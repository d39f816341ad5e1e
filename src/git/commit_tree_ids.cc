// GitCommitTree's identity for the parse cache, and each file's blob id: the
// content itself, known without reading it.
#include <git2.h>

#include <mutex>
#include <string>

#include "git/repository.h"

namespace driftlint {

std::string GitCommitTree::cache_identity() const {
  std::lock_guard<std::mutex> lock(repo_->mutex());
  const char* git_dir = git_repository_path(repo_->raw());
  return std::string("git:") + (git_dir ? git_dir : repo_->workdir()) + "|" + prefix_;
}

static_assert(GIT_OID_RAWSZ == 20, "blob_ids_ holds SHA-1 ids");

std::string GitCommitTree::content_fingerprint(const std::string& path) const {
  char buffer[GIT_OID_HEXSZ + 1];
  auto known_id = [&]() -> const char* {
    const std::array<unsigned char, 20>* known = blob_ids_.find(prefix_.empty() ? path : prefix_ + "/" + path);
    if (!known) return nullptr;
    git_oid id;
    git_oid_fromraw(&id, known->data());
    return git_oid_tostr(buffer, sizeof buffer, &id);
  };
  // Once kept, the ids are only read: the loader's threads look them up
  // without taking turns on the lock.
  if (ids_kept_.load(std::memory_order_acquire)) {
    if (const char* id = known_id()) return id;
  }
  std::lock_guard<std::mutex> lock(repo_->mutex());
  if (const char* id = known_id()) return id;
  Expected<std::string> full = followed(prefix_.empty() ? path : prefix_ + "/" + path, path);
  if (!full) return {};
  git_tree_entry* entry = nullptr;
  if (git_tree_entry_bypath(&entry, tree_.get(), full->c_str()) != 0) return {};
  git_oid_tostr(buffer, sizeof buffer, git_tree_entry_id(entry));
  git_tree_entry_free(entry);
  return buffer;
}

}  // namespace driftlint
