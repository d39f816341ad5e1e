#include "base/scratch.h"

#include <linux/magic.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cstdlib>

namespace driftlint {

namespace {

bool memory_folder_with_room(const std::string& folder) {
  struct statfs fs {};
  if (statfs(folder.c_str(), &fs) != 0 || fs.f_type != TMPFS_MAGIC) return false;
  struct statvfs room {};
  if (statvfs(folder.c_str(), &room) != 0) return false;
  return static_cast<uint64_t>(room.f_bavail) * room.f_frsize >= kScratchRoomBytes && access(folder.c_str(), W_OK | X_OK) == 0;
}

}  // namespace

std::string choose_scratch_root(const char* tmpdir, const std::string& memory_folder) {
  if (tmpdir && *tmpdir) return tmpdir;
  if (!memory_folder.empty() && memory_folder_with_room(memory_folder)) return memory_folder;
  return "/tmp";
}

const std::string& scratch_root() {
  static const std::string root = choose_scratch_root(std::getenv("TMPDIR"), "/dev/shm");
  return root;
}

const std::string& disk_scratch_root() {
  static const std::string root = choose_scratch_root(std::getenv("TMPDIR"), "");
  return root;
}

}  // namespace driftlint
