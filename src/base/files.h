// Writing files the way a user's tooling expects: whole or not at all.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace driftlint {

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
