// Reading the files a user names, and writing files the way a user's tooling
// expects: whole or not at all.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>

#include "base/expected.h"

namespace driftlint {

// Reads a regular file whole, at most `max_bytes` of it. The file is opened
// non-blocking and checked before anything is read, so a FIFO or a device
// given as a config, snapshot or baseline is a clear error naming `path`
// instead of a run that blocks forever (a FIFO) or never ends (/dev/zero).
Expected<std::string> read_regular_file(const std::string& path, uint64_t max_bytes);

// The checks read_regular_file makes, for a caller that reads the file its own
// way (base/file_snapshot.h): the file opened non-blocking for reading, a
// regular file of at most `max_bytes`. The caller owns `fd`.
struct OpenedFile {
  int fd = -1;
  uint64_t size = 0;
};
Expected<OpenedFile> open_regular_file(const std::string& path, uint64_t max_bytes);

// The default of --max-file-size, for every file driftlint reads.
constexpr uint64_t kDefaultMaxFileBytes = uint64_t{64} << 20;

// Makes `folder` (and any missing parent) with mode 0700: a cache holds what
// every linted file says, and a shared CI runner has other users. With
// `tighten`, a folder that exists, is ours and is open to others (made by an
// older version) is closed to 0700 too; other folders that exist are left as
// they are. False when it could not be made.
bool make_private_directory(const std::string& folder, bool tighten);

// What `st_mode` is, for messages: "a FIFO", "a character device", ...
std::string describe_file_type(unsigned mode);

// "64 MiB", "1.5 KiB": sizes in messages.
std::string format_size(uint64_t bytes);

// Writes next to `path` and renames over it, so a reader never sees half a
// file (through a symlink, the file it points to is replaced). A path that is
// not a regular file (/dev/null, a FIFO) is written through, never replaced.
// False when it could not be written.
bool write_file_atomically(const std::string& path, const std::string& text);
// The same, for content written piece by piece into `write`'s stream (a
// large file need not be built in memory first).
bool write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);
// The same, creating the file with `mode` (less the umask) instead of 0666:
// 0600 for a file only its owner may read.
bool write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write, unsigned mode);

}  // namespace driftlint
