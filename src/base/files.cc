#include "base/files.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace driftlint {

bool write_file_atomically(const std::string& path, const std::string& text) {
  return write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

bool write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
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
  static std::atomic<unsigned> counter{0};
  std::string temporary = target + ".tmp-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return false;
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
