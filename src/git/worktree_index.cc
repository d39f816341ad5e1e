#include "git/worktree_index.h"

#include <git2.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "base/files.h"
#include "git/index_file.h"
#include "git/owned.h"
#include "git/repository.h"

namespace driftlint {

namespace {

using OwnedRepository = Owned<git_repository, git_repository_free>;
using OwnedConfig = Owned<git_config, git_config_free>;

bool exists(const std::string& path) {
  struct stat st;
  return !path.empty() && ::stat(path.c_str(), &st) == 0;
}

// core.autocrlf converts line ends on the way in (input, true) or out (true).
bool converts_line_ends(git_config* config) {
  int on = 0;
  int rc = git_config_get_bool(&on, config, "core.autocrlf");
  if (rc == GIT_ENOTFOUND) return false;
  return rc != 0 || on != 0;  // "input" is no boolean
}

// Where git reads attributes besides the work tree's own .gitattributes files
// (gitattributes(5)): the user's file (core.attributesFile, else
// $XDG_CONFIG_HOME/git/attributes or ~/.config/git/attributes), the
// repository's info/attributes (in `common_dir`) and the system's.
bool any_attributes_file(git_config* config, const std::string& common_dir) {
  git_buf configured = GIT_BUF_INIT;
  std::string user;
  if (git_config_get_path(&configured, config, "core.attributesFile") == 0) user = configured.ptr;
  git_buf_dispose(&configured);
  if (user.empty()) {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    if (xdg && *xdg) user = std::string(xdg) + "/git/attributes";
    else if (home && *home) user = std::string(home) + "/.config/git/attributes";
  }
  return exists(user) || exists(common_dir + "info/attributes") || exists("/etc/gitattributes");
}

bool is_attributes_file(std::string_view path) {
  return path == ".gitattributes" || path.ends_with("/.gitattributes");
}

}  // namespace

std::unique_ptr<const WorktreeIndex> WorktreeIndex::read(const GitRepository& repo) {
  if (repo.workdir().empty()) return nullptr;
  // A handle of its own: the shared one is held for a whole `git status`
  // (GitRepository::dirty), which may run meanwhile, and this is read while
  // the files are listed.
  OwnedRepository own;
  if (git_repository_open_ext(own.out(), repo.workdir().c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0) {
    return nullptr;
  }
  OwnedConfig config;
  if (git_repository_config_snapshot(config.out(), own.ptr) != 0) return nullptr;
  std::string git_dir = git_repository_path(own.ptr);
  const char* common = git_repository_commondir(own.ptr);
  std::string common_dir = common ? common : git_dir;
  if (converts_line_ends(config.ptr) || any_attributes_file(config.ptr, common_dir)) return nullptr;
  // Its ids are SHA-1's 20 bytes (git/index_file.h): libgit2 1.5 opens no
  // other repository ("unsupported extension name extensions.objectformat").
  std::string file = git_dir + "index";
  // Stat before and after the read: an index rewritten meanwhile is not
  // trusted, and the time taken before is the earlier (the stricter) one.
  struct stat before, after;
  if (::stat(file.c_str(), &before) != 0) return nullptr;
  Expected<std::string> bytes = read_regular_file(file, kMaxIndexFileBytes);  // larger: each file's id is its hash
  if (!bytes) return nullptr;
  if (::stat(file.c_str(), &after) != 0 || !same_stamp(stamp_of(before), stamp_of(after))) return nullptr;
  auto out = std::unique_ptr<WorktreeIndex>(new WorktreeIndex());
  out->written_ = before.st_mtim;
  out->by_path_.reserve(bytes->size() / kLeastIndexEntryBytes);
  bool trusted = true;
  Status read = read_index_entries(*bytes, [&](const IndexEntry& e) {
    if (is_attributes_file(e.path)) return trusted = false;
    bool regular = e.mode == GIT_FILEMODE_BLOB || e.mode == GIT_FILEMODE_BLOB_EXECUTABLE;
    if (!regular || e.stage != 0 || e.intent_to_add || e.skip_worktree) return true;
    Recorded r{e.ctime_seconds, e.ctime_nanoseconds, e.mtime_seconds, e.mtime_nanoseconds, e.device, e.inode, e.size, {}};
    std::copy(e.id, e.id + r.id.size(), r.id.begin());
    if (!out->by_path_.add(e.path, r)) return trusted = false;
    return true;
  });
  if (!read || !trusted) return nullptr;
  out->by_path_.index();
  return out;
}

bool WorktreeIndex::racily_clean(const Recorded& r) const {
  // git's rule: a file modified no earlier than the index was written may
  // have changed again within the same timestamp, so its stat proves nothing.
  uint32_t seconds = static_cast<uint32_t>(written_.tv_sec);
  return r.mtime_seconds > seconds ||
         (r.mtime_seconds == seconds && r.mtime_nanoseconds >= static_cast<uint32_t>(written_.tv_nsec));
}

std::string WorktreeIndex::blob_id(std::string_view path, const FileStamp& stamp) const {
  if (!settled(stamp) || stamp.size > INT64_C(0xffffffff)) return {};
  const Recorded* found = by_path_.find(path);
  if (!found) return {};
  const Recorded& r = *found;
  bool same = r.size == static_cast<uint32_t>(stamp.size) &&
              r.mtime_seconds == static_cast<uint32_t>(stamp.modified.tv_sec) &&
              r.mtime_nanoseconds == static_cast<uint32_t>(stamp.modified.tv_nsec) &&
              r.ctime_seconds == static_cast<uint32_t>(stamp.changed.tv_sec) &&
              r.ctime_nanoseconds == static_cast<uint32_t>(stamp.changed.tv_nsec) &&
              r.inode == static_cast<uint32_t>(stamp.inode) && r.device == static_cast<uint32_t>(stamp.device);
  if (!same || racily_clean(r)) return {};
  git_oid id;
  git_oid_fromraw(&id, r.id.data());
  char hex[GIT_OID_HEXSZ + 1];
  return git_oid_tostr(hex, sizeof hex, &id);
}

}  // namespace driftlint
