// A folder's entries as the kernel hands them out (getdents64): each name
// and type, in a buffer the caller keeps from folder to folder. readdir
// costs a stat of the folder and a fresh 32 KB buffer per folder, and the
// walk of a large repo lists thousands of folders.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace driftlint {

class FolderEntries {
 public:
  struct Entry {
    std::string_view name;  // valid until the next call to next()
    unsigned char type;     // DT_REG, DT_DIR, DT_LNK...; DT_UNKNOWN where the file system does not say
  };

  // Opens `path` to list it; `follow_link` false refuses a link in its last
  // component (a folder a walk found, swapped for a link since). `buffer`
  // is reused, and must outlive this object.
  FolderEntries(const std::string& path, bool follow_link, std::vector<char>& buffer);
  ~FolderEntries();
  FolderEntries(const FolderEntries&) = delete;
  FolderEntries& operator=(const FolderEntries&) = delete;

  // 0 when the folder is open; else the errno of its opening or of a read
  // that failed part way (the entries before it were handed out).
  int error() const { return error_; }
  // The open folder, for fstatat beside its entries; -1 when it did not open.
  int fd() const { return fd_; }
  // The next entry, "." and ".." left out; nullopt at the end or on an error.
  std::optional<Entry> next();

 private:
  int fd_ = -1;
  int error_ = 0;
  std::vector<char>& buffer_;
  size_t filled_ = 0;  // bytes the last read put in the buffer
  size_t at_ = 0;      // where the next entry starts in it
};

}  // namespace driftlint
