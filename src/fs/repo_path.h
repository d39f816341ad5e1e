// Repo-relative paths ('/'-separated, no leading "./", "" for the root), as
// kustomizations, Argo CD sources and generators name them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/expected.h"

namespace driftlint {

// A path inside a repo, cleaned once: '/'-separated, no ".", ".." or empty
// segments, never absolute, no NUL; "" is the root. Every path a file names
// (an app's `path`, a value file, a kustomization's resources, patches and
// generator files, a config's paths) becomes one through resolve(), which
// refuses what is absolute or leaves the repo: a pull request controls those
// files, and what driftlint reads, copies or hands to a tool must stay in the
// repo it reviews.
class RepoPath {
 public:
  RepoPath() = default;  // the root
  // `entry` as written in a file of folder `base` (itself repo-relative and
  // clean); the error says what was refused and why, in one line.
  static Expected<RepoPath> resolve(std::string_view base, std::string_view entry);
  // A repo-relative path as stored (a listing, a cache): accepted only when
  // already clean.
  static Expected<RepoPath> checked(std::string_view path);

  const std::string& str() const { return path_; }
  bool operator==(const RepoPath& other) const { return path_ == other.path_; }
  bool operator<(const RepoPath& other) const { return path_ < other.path_; }

 private:
  explicit RepoPath(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// RepoPath::resolve's path, or nullopt when refused (for callers that only
// skip what leaves the repo; the closure of a build reports it).
std::optional<std::string> resolve_in_repo(std::string_view base, std::string_view entry);

// Whether `path` is already a clean repo path (what RepoPath holds).
bool is_clean_repo_path(std::string_view path);

// Whether a git tree entry may become part of a path: git's own fsck refuses
// the rest ("", ".", "..", ".git" in any case, a '/' or NUL in the name), and
// a commit holding one could otherwise place a file outside the folder it is
// copied into.
bool is_safe_tree_entry_name(std::string_view name);

// "a" + "b" -> "a/b"; either side may be "".
std::string join_path(std::string_view a, std::string_view b);
// Resolves "." and ".." lexically; nullopt when it climbs above the root. An
// absolute path is taken as relative: use RepoPath::resolve for paths a file
// names.
std::optional<std::string> clean_path(std::string_view path);
// "a/b/c" -> "a/b"; "c" -> "".
std::string parent_of(std::string_view path);
// The same as a view into `path`, for passes over every file that copy no folder.
std::string_view parent_view(std::string_view path);
// "a/b/c" -> "c".
std::string basename_of(std::string_view path);
// Whether `path` is `folder` or lies below it ("" holds everything).
bool path_is_under(std::string_view path, std::string_view folder);
// A kustomize entry that names a remote base or file rather than a file or
// folder of the repo: every form some kustomize (3, 4 or 5) would fetch or
// clone, whatever its case (remote_reference.cc says which and why).
bool is_remote_reference(std::string_view entry);

}  // namespace driftlint
