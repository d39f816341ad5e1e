#include "git/repository.h"

#include <git2.h>
#include <libssh2.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <optional>
#include <unordered_set>
#include <vector>

#include "base/strings.h"
#include "fs/helm_charts.h"
#include "fs/repo_path.h"
#include "git/index_tree.h"
#include "git/owned.h"
#include "git/tree_listing.h"
#include "git/tree_walk.h"

namespace driftlint {

void GitRepositoryDeleter::operator()(git_repository* repo) const { git_repository_free(repo); }
void GitTreeDeleter::operator()(git_tree* tree) const { git_tree_free(tree); }

namespace {

using OwnedObject = Owned<git_object, git_object_free>;
using OwnedCommit = Owned<git_commit, git_commit_free>;
using OwnedTree = Owned<git_tree, git_tree_free>;
using OwnedDiff = Owned<git_diff, git_diff_free>;
using OwnedBlob = Owned<git_blob, git_blob_free>;
using OwnedRemote = Owned<git_remote, git_remote_free>;
using OwnedStatus = Owned<git_status_list, git_status_list_free>;

Expected<GitTreeHandle> tree_of(git_repository* repo, const std::string& commit_id) {
  git_oid oid;
  if (git_oid_fromstr(&oid, commit_id.c_str()) != 0) return Error{"bad commit id " + commit_id};
  OwnedCommit commit;
  if (git_commit_lookup(commit.out(), repo, &oid) != 0) return Error{last_git_error()};
  git_tree* tree = nullptr;
  if (git_commit_tree(&tree, commit.ptr) != 0) return Error{last_git_error()};
  return GitTreeHandle(tree);
}

// "a/b/../c" -> "a/c"; nullopt when ".." climbs above the root.
std::optional<std::string> normalize_in_tree(const std::string& path) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    std::string part = path.substr(start, slash - start);
    if (part == "..") {
      if (parts.empty()) return std::nullopt;
      parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(std::move(part));
    }
    start = slash + 1;
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

struct ResolvedLink {
  LinkTarget kind = LinkTarget::Broken;
  std::string target;  // the file's path from the repo root, for InRepo
};

// Follows the symbolic link at `path` (from the repo root) inside the commit
// as the file system would: a target that is absolute or climbs out of the
// repo is not followed, a chain of over 40 links is a loop (ELOOP's bound).
ResolvedLink resolve_link_in_tree(git_repository* repo, git_tree* tree, std::string path) {
  for (int hop = 0; hop < 40; ++hop) {
    git_tree_entry* entry = nullptr;
    if (git_tree_entry_bypath(&entry, tree, path.c_str()) != 0) return {LinkTarget::Broken, {}};
    git_filemode_t mode = git_tree_entry_filemode(entry);
    git_object_t type = git_tree_entry_type(entry);
    OwnedBlob blob;
    int rc = mode == GIT_FILEMODE_LINK ? git_blob_lookup(blob.out(), repo, git_tree_entry_id(entry)) : 0;
    git_tree_entry_free(entry);
    if (mode != GIT_FILEMODE_LINK) {
      if (type == GIT_OBJECT_BLOB) return {LinkTarget::InRepo, path};
      return {LinkTarget::NotAFile, {}};
    }
    if (rc != 0) return {LinkTarget::Broken, {}};
    std::string target(static_cast<const char*>(git_blob_rawcontent(blob.ptr)), git_blob_rawsize(blob.ptr));
    if (target.empty()) return {LinkTarget::Broken, {}};
    if (target[0] == '/') return {LinkTarget::Outside, {}};
    size_t slash = path.rfind('/');
    std::optional<std::string> next =
        normalize_in_tree((slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + target);
    if (!next) return {LinkTarget::Outside, {}};
    path = *next;
  }
  return {LinkTarget::Loop, {}};
}

}  // namespace

std::string last_git_error() {
  const git_error* e = git_error_last();
  return e && e->message ? e->message : "unknown libgit2 error";
}

void ensure_libgit2() {
  static const int initialised = [] {
    // libgit2 starts libssh2 (for ssh:// remotes), whose own start loads
    // OpenSSL's engines: 1.5 MB of every run's memory touched for nothing
    // OpenSSL 3 needs (it starts itself when first used). Started first
    // without that, libssh2 takes libgit2's start for a second one.
    libssh2_init(LIBSSH2_INIT_NO_CRYPTO);
    return git_libgit2_init();
  }();
  (void)initialised;
}

Expected<std::shared_ptr<GitRepository>> GitRepository::open(const std::string& path) {
  ensure_libgit2();
  git_repository* raw = nullptr;
  if (git_repository_open_ext(&raw, path.c_str(), 0, nullptr) != 0) {
    return Error{path + ": not a git repository (" + last_git_error() + ")"};
  }
  auto repo = std::make_shared<GitRepository>();
  repo->repo_.reset(raw);
  if (const char* workdir = git_repository_workdir(raw)) {
    std::string w = workdir;
    while (w.size() > 1 && w.back() == '/') w.pop_back();
    repo->workdir_ = w;
  }
  return repo;
}

std::optional<std::string> GitRepository::head_commit() const {
  std::lock_guard<std::mutex> lock(mutex_);
  git_oid oid;
  if (git_reference_name_to_id(&oid, repo_.get(), "HEAD") != 0) return std::nullopt;
  char hex[GIT_OID_HEXSZ + 1];
  git_oid_tostr(hex, sizeof hex, &oid);
  return std::string(hex);
}

bool GitRepository::dirty() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (git_repository_is_bare(repo_.get())) return false;
  git_status_options options = GIT_STATUS_OPTIONS_INIT;
  options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
  options.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
  OwnedStatus status;
  if (git_status_list_new(status.out(), repo_.get(), &options) != 0) return false;
  return git_status_list_entrycount(status.ptr) > 0;
}

std::optional<std::string> GitRepository::origin_url() const {
  std::lock_guard<std::mutex> lock(mutex_);
  OwnedRemote remote;
  if (git_remote_lookup(remote.out(), repo_.get(), "origin") != 0) return std::nullopt;
  const char* url = git_remote_url(remote.ptr);
  return url ? std::optional<std::string>(url) : std::nullopt;
}

Expected<std::string> GitRepository::resolve_commit(const std::string& revision) const {
  std::lock_guard<std::mutex> lock(mutex_);
  OwnedObject object;
  if (git_revparse_single(object.out(), repo_.get(), revision.c_str()) != 0) {
    return Error{"revision '" + revision + "' does not resolve (" + last_git_error() + ")"};
  }
  OwnedObject commit;
  if (git_object_peel(commit.out(), object.ptr, GIT_OBJECT_COMMIT) != 0) {
    return Error{"revision '" + revision + "' is not a commit (" + last_git_error() + ")"};
  }
  char hex[GIT_OID_HEXSZ + 1];
  git_oid_tostr(hex, sizeof hex, git_object_id(commit.ptr));
  return std::string(hex);
}

Expected<std::set<std::string>> GitRepository::changed_files(
    const std::string& base_commit, const std::optional<std::string>& target_commit, bool include_deleted) const {
  std::lock_guard<std::mutex> lock(mutex_);
  Expected<GitTreeHandle> base = tree_of(repo_.get(), base_commit);
  if (!base) return base.error();
  git_diff_options options = GIT_DIFF_OPTIONS_INIT;
  OwnedDiff diff;
  int rc;
  if (target_commit) {
    Expected<GitTreeHandle> target = tree_of(repo_.get(), *target_commit);
    if (!target) return target.error();
    rc = git_diff_tree_to_tree(diff.out(), repo_.get(), base->get(), target->get(), &options);
  } else {
    options.flags |= GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS;
    rc = git_diff_tree_to_workdir_with_index(diff.out(), repo_.get(), base->get(), &options);
  }
  if (rc != 0) return Error{"cannot diff against " + base_commit + ": " + last_git_error()};
  git_diff_find_options find = GIT_DIFF_FIND_OPTIONS_INIT;
  find.flags = GIT_DIFF_FIND_RENAMES | GIT_DIFF_FIND_FOR_UNTRACKED;
  if (git_diff_find_similar(diff.ptr, &find) != 0) return Error{last_git_error()};
  std::set<std::string> out;
  for (size_t i = 0; i < git_diff_num_deltas(diff.ptr); ++i) {
    const git_diff_delta* delta = git_diff_get_delta(diff.ptr, i);
    switch (delta->status) {
      case GIT_DELTA_ADDED:
      case GIT_DELTA_MODIFIED:
      case GIT_DELTA_RENAMED:
      case GIT_DELTA_COPIED:
      case GIT_DELTA_UNTRACKED:
      case GIT_DELTA_TYPECHANGE:
        out.insert(delta->new_file.path);
        break;
      case GIT_DELTA_DELETED:
        if (include_deleted) out.insert(delta->old_file.path);
        break;
      default:
        break;
    }
  }
  return out;
}

Expected<GitRepository::CommitRelation> GitRepository::relation(const std::string& checked,
                                                                const std::string& other) const {
  std::lock_guard<std::mutex> lock(mutex_);
  CommitRelation out;
  git_oid checked_id, other_id;
  if (git_oid_fromstr(&checked_id, checked.c_str()) != 0) return Error{"not a commit id: " + checked};
  if (other.size() != GIT_OID_HEXSZ || git_oid_fromstr(&other_id, other.c_str()) != 0) return out;
  OwnedCommit commit;
  if (git_commit_lookup(commit.out(), repo_.get(), &other_id) != 0) return out;  // not fetched
  out.found = true;
  if (git_graph_ahead_behind(&out.ahead, &out.behind, repo_.get(), &checked_id, &other_id) != 0) {
    return Error{"cannot compare " + checked.substr(0, 12) + " with " + other.substr(0, 12) + ": " + last_git_error()};
  }
  return out;
}

bool GitCommitTree::has_directory(const std::string& path) const {
  if (!is_clean_repo_path(path)) return false;
  std::lock_guard<std::mutex> lock(repo_->mutex());
  std::string full = prefix_.empty() ? path : path.empty() ? prefix_ : prefix_ + "/" + path;
  if (full.empty()) return true;
  git_tree_entry* entry = nullptr;
  if (git_tree_entry_bypath(&entry, tree_.get(), full.c_str()) != 0) return false;
  bool is_tree = git_tree_entry_type(entry) == GIT_OBJECT_TREE;
  git_tree_entry_free(entry);
  return is_tree;
}

bool GitCommitTree::has_file(const std::string& path) const {
  std::lock_guard<std::mutex> lock(repo_->mutex());
  std::string full = prefix_.empty() ? path : prefix_ + "/" + path;
  git_tree_entry* entry = nullptr;
  if (git_tree_entry_bypath(&entry, tree_.get(), full.c_str()) != 0) return false;
  bool is_blob = git_tree_entry_type(entry) == GIT_OBJECT_BLOB;
  git_tree_entry_free(entry);
  return is_blob;
}

Expected<std::shared_ptr<GitCommitTree>> GitCommitTree::create(std::shared_ptr<GitRepository> repo,
                                                               const std::string& commit,
                                                               std::string prefix) {
  std::lock_guard<std::mutex> lock(repo->mutex());
  Expected<GitTreeHandle> tree = tree_of(repo->raw(), commit);
  if (!tree) return tree.error();
  auto out = std::make_shared<GitCommitTree>();
  out->repo_ = std::move(repo);
  out->tree_ = std::move(*tree);
  while (!prefix.empty() && prefix.back() == '/') prefix.pop_back();
  out->prefix_ = prefix == "." ? "" : prefix;
  return out;
}

// Links to manifests, as the work tree lists them (load/file_tree.cc).
void GitCommitTree::list_links(const std::set<std::string>& links, FileListing& out) const {
  std::lock_guard<std::mutex> lock(repo_->mutex());
  for (const std::string& path : links) {
    if (!prefix_.empty() && path.compare(0, prefix_.size() + 1, prefix_ + "/") != 0) continue;
    std::string relative = prefix_.empty() ? path : path.substr(prefix_.size() + 1);
    if (!is_manifest_file_name(relative)) continue;
    list_link(resolve_link_in_tree(repo_->raw(), tree_.get(), path).kind, relative, relative, out);
  }
}

// The path of the file `full` names, links followed; an error for a link
// that is not followed.
Expected<std::string> GitCommitTree::followed(const std::string& full, const std::string& shown) const {
  git_tree_entry* entry = nullptr;
  if (git_tree_entry_bypath(&entry, tree_.get(), full.c_str()) != 0) {
    return Error{shown + ": not in the commit (" + last_git_error() + ")"};
  }
  bool link = is_link(entry);
  git_tree_entry_free(entry);
  if (!link) return full;
  ResolvedLink resolved = resolve_link_in_tree(repo_->raw(), tree_.get(), full);
  if (resolved.kind == LinkTarget::InRepo) return resolved.target;
  return Error{shown + ": " + link_not_followed(resolved.kind)};
}

FileListing GitCommitTree::list_on(unsigned threads) const {
  FileListing out;
  TreeListing tree;
  {
    std::lock_guard<std::mutex> lock(repo_->mutex());
    // From the index's tree and the folders that differ where the index lists one, else from git.
    std::optional<TreeListing> from_index;
    if (std::optional<KnownTree> known = read_index_tree(*repo_, kMaxTreeDepth)) {
      from_index = list_tree_from(repo_->raw(), tree_.get(), std::move(*known), kMaxTreeDepth);
    }
    tree = from_index ? std::move(*from_index) : list_tree(repo_->raw(), tree_.get(), kMaxTreeDepth, threads);
    if (!ids_kept_.load(std::memory_order_relaxed)) {  // under the lock: only the first list writes
      blob_ids_.reserve(tree.blobs.size());
      for (const TreeBlob& blob : tree.blobs) {
        if (!blob.link && (prefix_.empty() || blob.path.rfind(prefix_ + "/", 0) == 0)) blob_ids_.add(blob.path, blob.id);
      }
      blob_ids_.index();
      ids_kept_.store(true, std::memory_order_release);
    }
  }
  if (!tree.too_deep.empty()) {
    out.errors.push_back(tree.too_deep + ": folders nested more than " + std::to_string(kMaxTreeDepth) +
                         " levels deep (driftlint's limit): not read below");
  }
  if (!tree.error.empty()) out.errors.push_back(tree.error);
  std::set<std::string> links;
  for (TreeBlob& blob : tree.blobs) {
    if (blob.link) links.insert(std::move(blob.path));
  }
  // Which paths are files matters only below a folder named templates (a Helm chart's).
  std::unordered_set<std::string_view> present;
  bool charts_possible = std::any_of(tree.blobs.begin(), tree.blobs.end(),
                                     [](const TreeBlob& b) { return b.path.find("templates/") != std::string::npos; });
  if (charts_possible) {
    for (const TreeBlob& blob : tree.blobs) {
      if (!blob.link) present.insert(blob.path);
    }
  }
  auto has = [&](const std::string& path) { return present.count(path) > 0; };
  std::set<std::string> skipped_dirs;
  for (const TreeBlob& blob : tree.blobs) {
    const std::string& path = blob.path;
    if (blob.link) continue;
    if (!prefix_.empty() && path.compare(0, prefix_.size() + 1, prefix_ + "/") != 0) continue;
    std::string relative = prefix_.empty() ? path : path.substr(prefix_.size() + 1);
    if (!is_manifest_file_name(relative)) continue;
    auto has_relative = [&](const std::string& p) { return has(prefix_.empty() ? p : prefix_ + "/" + p); };
    if (auto templates = helm_templates_dir_of(relative, has_relative)) {
      skipped_dirs.insert(*templates);
      continue;
    }
    out.files.push_back(std::move(relative));
  }
  list_links(links, out);
  // A listing from the index is in order already (links come last, out of it).
  if (!std::is_sorted(out.files.begin(), out.files.end())) std::sort(out.files.begin(), out.files.end());
  // A tree object may name an entry twice (git fsck refuses it, a crafted one can): listed once.
  out.files.erase(std::unique(out.files.begin(), out.files.end()), out.files.end());
  for (const std::string& dir : skipped_dirs) {
    out.skipped.push_back({dir, "Helm chart templates (not rendered)", true});
  }
  std::sort(tree.refused.begin(), tree.refused.end());
  tree.refused.erase(std::unique(tree.refused.begin(), tree.refused.end()), tree.refused.end());
  for (const std::string& path : tree.refused) {
    out.errors.push_back(path + ": a tree entry named " + quote_for_message(basename_of(path)) +
                         " (git refuses such names; a checkout of it could write outside the repo): not read");
  }
  return out;
}

Expected<FileContent> GitCommitTree::read(const std::string& path, uint64_t max_bytes) const {
  if (!is_clean_repo_path(path)) return Error{path + ": not a clean path inside the repo; not read"};
  std::lock_guard<std::mutex> lock(repo_->mutex());
  Expected<std::string> full = followed(prefix_.empty() ? path : prefix_ + "/" + path, path);
  if (!full) return full.error();
  git_tree_entry* entry = nullptr;
  if (git_tree_entry_bypath(&entry, tree_.get(), full->c_str()) != 0) {
    return Error{path + ": not in the commit (" + last_git_error() + ")"};
  }
  OwnedBlob blob;
  int rc = git_blob_lookup(blob.out(), repo_->raw(), git_tree_entry_id(entry));
  git_tree_entry_free(entry);
  if (rc != 0) return Error{path + ": cannot read the blob (" + last_git_error() + ")"};
  FileContent content;
  content.size = static_cast<uint64_t>(git_blob_rawsize(blob.ptr));
  if (content.size > max_bytes) {
    content.too_large = true;
    return content;
  }
  content.text.assign(static_cast<const char*>(git_blob_rawcontent(blob.ptr)), content.size);
  return content;
}

}  // namespace driftlint
