// What a file's stat says of its content, for the parse cache
// (load/parse_cache.h): a disk tree takes it beside the folder's entries as
// it lists them (one short lookup, the folder's entries just read) instead
// of by the file's whole path later, which was a seventh of a warm run.
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <ctime>
#include <string>

namespace driftlint {

struct FileStamp {
  int64_t size = -1;  // -1: none was taken
  struct timespec modified {};
  struct timespec changed {};
  uint64_t inode = 0;
  uint64_t device = 0;

  bool taken() const { return size >= 0; }
};

// A regular file's stamp; none (not taken) for anything else.
FileStamp stamp_of(const struct stat& st);

// Every field the same (neither taken, or both and alike).
bool same_stamp(const FileStamp& a, const FileStamp& b);

// Taken, and neither modified nor changed in the last two seconds: a file
// changed since could keep the same timestamps on a coarse file system, so
// only a settled stamp stands for the file's content.
bool settled(const FileStamp& stamp);

// Size, modification and change times, inode and device; "" unless settled.
std::string fingerprint_of(const FileStamp& stamp);

}  // namespace driftlint
