// The blob ids git's index records for a checkout's files, for the parse
// cache: a fresh checkout (every CI run) gives every file a new inode and
// new times, so no stamp matches the cached ones, and each file would be
// read and hashed again to find its parse. Where a file's stat is still the
// one the index recorded, its bytes are the blob the index names, as `git
// status` concludes without reading it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/path_table.h"
#include "fs/file_stamp.h"

namespace driftlint {

class GitRepository;

class WorktreeIndex {
 public:
  // The index of `repo`'s work tree; null where none can be trusted: a bare
  // repository, no index or one that cannot be read whole (a split or
  // sparse index: git/index_file.h), one rewritten while read, or a checkout where git may convert
  // bytes between the work tree and the blobs (core.autocrlf, or any
  // attributes file: one in the index, the repository's info/attributes,
  // the user's or the system's), so a blob id may not name the file's bytes.
  static std::unique_ptr<const WorktreeIndex> read(const GitRepository& repo);

  // The hex blob id of the file at `path` (from the work tree's root) whose
  // stat is `stamp`: "" unless the index records the file (stage 0, a
  // regular file git looks for in the work tree) with exactly this size, times, inode and device, written
  // before the index itself (not racily clean), and the file was not
  // changed in the last two seconds (fs/file_stamp.h's rule).
  std::string blob_id(std::string_view path, const FileStamp& stamp) const;

  // How many files it can vouch for (stage 0, regular, not skip-worktree).
  size_t size() const { return by_path_.size(); }

 private:
  // What the index keeps of a file's stat: 32-bit fields, as git writes them.
  struct Recorded {
    uint32_t ctime_seconds, ctime_nanoseconds, mtime_seconds, mtime_nanoseconds;
    uint32_t device, inode, size;
    std::array<unsigned char, 20> id;  // raw SHA-1
  };
  bool racily_clean(const Recorded& r) const;

  PathTable<Recorded> by_path_;
  struct timespec written_ {};  // the index file's modification time
};

}  // namespace driftlint
