// A file's bytes as they were when it was opened, for as long as they are
// held, whatever happens to the file meanwhile. Mapping a file is cheaper
// than reading it into fresh memory (docs/performance.md), but a mapping
// follows the file: truncated in place, its pages are gone and touching one
// raises SIGBUS anywhere in the program; rewritten in place, its bytes change
// under data already checked. So a snapshot maps the file only under a read
// lease (fcntl F_SETLEASE), which makes the kernel tell us before anyone opens
// the file for writing or truncates it, and hold them back until we let go:
// then the mapped pages are swapped for a private copy at the same address,
// and the lease is released. Where no lease can be had (another user's file,
// a network or FUSE file system, a file open for writing), the file is read
// into private memory at once.
//
// Mapped, even where a copy could have huge pages: the page cache's pages are
// mapped at once (MAP_POPULATE; a 30 MB pack: 1 ms, then 2.3 ms to read it
// through), where a copy must first be given fresh, zeroed memory (10 ms when
// the kernel has huge pages free, 50-85 ms when it must make them;
// docs/performance.md, round sixteen).
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "base/expected.h"

namespace driftlint {

class FileSnapshot {
 public:
  enum class Mode { MapUnderLease, Copy };

  // Takes over `fd` (open for reading). An error when the file is empty or
  // cannot be read. Mode::Copy always copies (MapUnderLease falls back to it
  // by itself).
  static Expected<std::shared_ptr<const FileSnapshot>> take(int fd, Mode mode = Mode::MapUnderLease);

  FileSnapshot(const FileSnapshot&) = delete;
  FileSnapshot& operator=(const FileSnapshot&) = delete;
  ~FileSnapshot();

  std::string_view bytes() const { return {address_, size_}; }
  // Whether the bytes are a private copy (from the start, or since someone
  // began to change the file), not the file's own pages.
  bool is_private_copy() const;

 private:
  FileSnapshot(const char* address, size_t size, int slot) : address_(address), size_(size), slot_(slot) {}
  // A null snapshot (and `fd` still open) when no lease can be had.
  static Expected<std::shared_ptr<const FileSnapshot>> map_under_lease(int fd);
  static Expected<std::shared_ptr<const FileSnapshot>> read_copy(int fd);
  const char* address_;
  size_t size_;
  int slot_;  // its lease's entry in the signal handler's table; -1: copied from the start
};

}  // namespace driftlint
