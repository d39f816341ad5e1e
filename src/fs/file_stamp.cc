#include "fs/file_stamp.h"

#include <charconv>

namespace driftlint {

FileStamp stamp_of(const struct stat& st) {
  FileStamp stamp;
  if (!S_ISREG(st.st_mode)) return stamp;
  stamp.size = static_cast<int64_t>(st.st_size);
  stamp.modified = st.st_mtim;
  stamp.changed = st.st_ctim;
  stamp.inode = static_cast<uint64_t>(st.st_ino);
  stamp.device = static_cast<uint64_t>(st.st_dev);
  return stamp;
}

bool same_stamp(const FileStamp& a, const FileStamp& b) {
  return a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec &&
         a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec && a.inode == b.inode &&
         a.device == b.device;
}

bool settled(const FileStamp& stamp) {
  if (!stamp.taken()) return false;
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return now.tv_sec - stamp.modified.tv_sec >= 2 && now.tv_sec - stamp.changed.tv_sec >= 2;
}

std::string fingerprint_of(const FileStamp& stamp) {
  if (!settled(stamp)) return {};
  // to_chars, not snprintf: a warm run formats one per file.
  char text[160];
  char* at = text;
  auto put = [&](auto value, char after) {
    at = std::to_chars(at, text + sizeof text, value).ptr;
    if (after) *at++ = after;
  };
  put(static_cast<long long>(stamp.size), ':');
  put(static_cast<long long>(stamp.modified.tv_sec), '.');
  put(stamp.modified.tv_nsec, ':');
  put(static_cast<long long>(stamp.changed.tv_sec), '.');
  put(stamp.changed.tv_nsec, ':');
  put(static_cast<unsigned long long>(stamp.inode), ':');
  put(static_cast<unsigned long long>(stamp.device), 0);
  return std::string(text, at);
}

}  // namespace driftlint
