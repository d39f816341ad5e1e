#include "base/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace driftlint {

bool write_file_atomically(const std::string& path, const std::string& text) {
  return write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

bool write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  return write_file_atomically(path, write, 0666);
}

namespace {

// A new file next to `target`, created with `mode`; never one that exists
// (another writer's, or a killed run's with a reused pid): it is not ours to
// truncate. Empty when none could be made.
std::string create_temporary(const std::string& target, unsigned mode) {
  static std::atomic<unsigned> counter{0};
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = target + ".tmp-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
    int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd >= 0) {
      ::close(fd);
      return name;
    }
    if (errno != EEXIST) break;
  }
  return {};
}

}  // namespace

bool write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write, unsigned mode) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    // A device, a FIFO or a terminal (`-o /dev/null`, `-o /dev/stdout`, a
    // process substitution): renaming over it would replace the device
    // itself, so write through it.
    std::ofstream out(path, std::ios::binary);
    write(out);
    out.flush();
    return static_cast<bool>(out);
  }
  std::error_code ec;
  std::string target = path;
  if (std::filesystem::is_symlink(path, ec)) {
    // Replace the file the link points to and keep the link.
    std::filesystem::path resolved = std::filesystem::weakly_canonical(path, ec);
    if (ec) return false;
    target = resolved.string();
  }
  std::string temporary = create_temporary(target, mode);
  if (temporary.empty()) return false;
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);  // our own new file
    if (!out) {
      std::remove(temporary.c_str());
      return false;
    }
    write(out);
    out.flush();
    if (!out) {
      out.close();
      std::remove(temporary.c_str());
      return false;
    }
  }
  std::filesystem::rename(temporary, target, ec);
  if (ec) std::remove(temporary.c_str());
  return !ec;
}

}  // namespace driftlint
