#include "fs/folder_entries.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>

namespace driftlint {

namespace {

// What one read asks for: a folder of a few hundred entries in one call.
constexpr size_t kBufferBytes = 32 * 1024;

}  // namespace

FolderEntries::FolderEntries(const std::string& path, bool follow_link, std::vector<char>& buffer)
    : buffer_(buffer) {
  int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow_link ? 0 : O_NOFOLLOW);
  fd_ = ::open(path.c_str(), flags);
  if (fd_ < 0) error_ = errno;
  if (buffer_.size() < kBufferBytes) buffer_.resize(kBufferBytes);
}

FolderEntries::~FolderEntries() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<FolderEntries::Entry> FolderEntries::next() {
  while (fd_ >= 0 && error_ == 0) {
    if (at_ >= filled_) {
      ssize_t n = ::getdents64(fd_, buffer_.data(), buffer_.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        if (n < 0) error_ = errno;
        return std::nullopt;
      }
      filled_ = static_cast<size_t>(n);
      at_ = 0;
    }
    const auto* entry = reinterpret_cast<const struct dirent64*>(buffer_.data() + at_);
    if (entry->d_reclen == 0) {  // never from a sane kernel; it would hand out this entry for ever
      error_ = EIO;
      return std::nullopt;
    }
    at_ += entry->d_reclen;
    std::string_view name(entry->d_name);
    if (name == "." || name == "..") continue;
    return Entry{name, entry->d_type};
  }
  return std::nullopt;
}

}  // namespace driftlint
