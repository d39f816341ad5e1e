// git's index file (gitformat-index(5)) read straight from its bytes, for
// git/worktree_index.h. libgit2's git_index_open hashed the whole file
// (SHA-1 with collision detection) and built a map and a sorted copy of its
// entries before the first one could be read: 7 ms for 14,000 files, on the
// way of every run that wants its files' content ids (a pull request's, a CI
// job's with a restored cache). git itself does not verify the checksum when
// it reads the index (only fsck does); neither does this.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "base/expected.h"

namespace driftlint {

struct IndexEntry {
  std::string_view path;  // valid during the visit only
  // The stat git recorded, 32 bits a field as it writes them.
  uint32_t ctime_seconds = 0, ctime_nanoseconds = 0, mtime_seconds = 0, mtime_nanoseconds = 0;
  uint32_t device = 0, inode = 0, mode = 0, size = 0;
  const unsigned char* id = nullptr;  // the raw SHA-1, 20 bytes
  unsigned stage = 0;                 // 0, or 1-3 for a conflict's sides
  bool intent_to_add = false;         // `git add -N`: no content recorded
  bool skip_worktree = false;         // sparse checkout: not in the work tree
};

// An index larger is not read: git's for a million files is about 100 MB.
inline constexpr uint64_t kMaxIndexFileBytes = uint64_t{256} << 20;
// No entry is shorter: its fixed fields and two bytes more (version 4's
// shared length and NUL; versions 2 and 3 pad to 64 at least).
inline constexpr size_t kLeastIndexEntryBytes = 64;

// The root of the index's cache tree (its "TREE" extension): the tree git
// wrote, or found already written, from all the index's entries, as long as
// no entry changed since (git invalidates the root on any change).
struct IndexTreeRoot {
  std::array<unsigned char, 20> id{};  // the tree's raw SHA-1
  uint32_t entries = 0;                // how many entries it was made of
};

// Calls `visit` with each entry in file order, until it returns false. An
// error, naming what is wrong, for bytes that are not an index of version 2,
// 3 or 4 with SHA-1 ids, that end inside an entry or an extension, or that
// carry what git requires its readers to understand: an extension whose
// name does not start with a capital letter (a split index's "link", a
// sparse index's "sdir": those entries are not the whole truth), or an
// entry's extended flag other than intent-to-add and skip-worktree. Entries already visited
// stand either way; a caller that needs all or nothing discards them.
// Where `tree` is given and every entry was visited, it is set to the cache
// tree's root when the index has a valid one (an error for a "TREE"
// extension whose root record is cut short or malformed).
Status read_index_entries(std::string_view bytes, const std::function<bool(const IndexEntry&)>& visit,
                          std::optional<IndexTreeRoot>* tree = nullptr);

}  // namespace driftlint
