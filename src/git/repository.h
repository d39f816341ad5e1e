// libgit2 behind RAII handles: open a repository, resolve revisions, read a
// commit's files straight from the object database (never touching the work
// tree, index or refs), and list files changed between revisions.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "base/expected.h"
#include "base/path_table.h"
#include "fs/file_tree.h"

struct git_repository;
struct git_tree;

namespace driftlint {

struct GitRepositoryDeleter {
  void operator()(git_repository* repo) const;
};
struct GitTreeDeleter {
  void operator()(git_tree* tree) const;
};
using GitRepositoryHandle = std::unique_ptr<git_repository, GitRepositoryDeleter>;
using GitTreeHandle = std::unique_ptr<git_tree, GitTreeDeleter>;

// Initialises libgit2 once per process (thread-safe).
void ensure_libgit2();

class GitRepository {
 public:
  // Opens the repository holding `path` (searching upwards). Errors name the path.
  static Expected<std::shared_ptr<GitRepository>> open(const std::string& path);

  // The work tree root (absolute, no trailing slash); empty for bare repositories.
  const std::string& workdir() const { return workdir_; }
  std::optional<std::string> head_commit() const;
  // Uncommitted changes to tracked files (untracked files do not count).
  bool dirty() const;
  std::optional<std::string> origin_url() const;

  // Resolves a branch, tag, remote branch, commit id or expression (HEAD~2) to
  // a full commit id.
  Expected<std::string> resolve_commit(const std::string& revision) const;

  // Paths (relative to the repo root) that differ between `base` and `target`
  // (added, modified, renamed or copied; deletions have no file to report).
  // With no target, the work tree (with the index and untracked files) is compared.
  Expected<std::set<std::string>> changed_files(const std::string& base_commit,
                                                const std::optional<std::string>& target_commit,
                                                bool include_deleted = false) const;

  // How a checked-out commit stands to another (a revision Argo CD has live).
  struct CommitRelation {
    bool found = false;  // the other commit is in this repository
    size_t ahead = 0;    // commits in `checked` and not in `other`
    size_t behind = 0;   // commits in `other` and not in `checked`
  };
  Expected<CommitRelation> relation(const std::string& checked, const std::string& other) const;

  git_repository* raw() const { return repo_.get(); }
  std::mutex& mutex() const { return mutex_; }

 private:
  GitRepositoryHandle repo_;
  std::string workdir_;
  mutable std::mutex mutex_;  // libgit2 objects are not safe for concurrent use
};

// A commit's files as a FileTree, read from the object database.
class GitCommitTree : public FileTree {
 public:
  // `prefix` (relative to the repo root) makes a folder the root: only its
  // files are listed, with paths relative to it.
  static Expected<std::shared_ptr<GitCommitTree>> create(std::shared_ptr<GitRepository> repo,
                                                         const std::string& commit,
                                                         std::string prefix = {});
  FileListing list_on(unsigned threads) const override;
  Expected<FileContent> read(const std::string& path, uint64_t max_bytes) const override;
  bool has_directory(const std::string& path) const override;
  // Whether the commit has a file (or a link) at `path`.
  bool has_file(const std::string& path) const;
  std::optional<std::vector<std::string>> files_under(const std::string& folder, size_t max_files) const override;
  std::string cache_identity() const override;
  // The blob id: the content itself, known without reading it.
  std::string content_fingerprint(const std::string& path) const override;
  std::string known_content_id(const std::string& path) const override { return content_fingerprint(path); }

 private:
  void list_links(const std::set<std::string>& links, FileListing& out) const;
  Expected<std::string> followed(const std::string& full, const std::string& shown) const;
  std::shared_ptr<GitRepository> repo_;
  GitTreeHandle tree_;
  std::string prefix_;
  // Each blob's id by full path, kept by the first list() (under the repo's
  // mutex): a fingerprint is then a lookup, not a walk down the trees.
  mutable PathTable<std::array<unsigned char, 20>> blob_ids_;  // raw git_oid
  mutable std::atomic<bool> ids_kept_{false};  // set once blob_ids_ is filled; never written after
};

// The last git error as text ("no such revision", "object not found", ...).
std::string last_git_error();

}  // namespace driftlint
