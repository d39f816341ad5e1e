#include "base/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace driftlint {

bool make_private_directory(const std::string& folder, bool tighten) {
  if (::mkdir(folder.c_str(), 0700) == 0) return true;
  if (errno == ENOENT) {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(folder).parent_path(), ec);
    return ::mkdir(folder.c_str(), 0700) == 0 || errno == EEXIST;
  }
  struct stat st;
  if (::stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return false;
  if (tighten && st.st_uid == ::geteuid() && (st.st_mode & 077) != 0) ::chmod(folder.c_str(), 0700);
  return true;
}

std::string describe_file_type(unsigned mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

std::string format_size(uint64_t bytes) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(units)) {
    value /= 1024;
    ++unit;
  }
  char buffer[48];
  if (unit == 0 || value == static_cast<double>(static_cast<uint64_t>(value))) {
    std::snprintf(buffer, sizeof buffer, "%llu %s", static_cast<unsigned long long>(value), units[unit]);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.1f %s", value, units[unit]);
  }
  return buffer;
}

namespace {

// Closes the descriptor however the read ends.
struct FdCloser {
  int fd;
  ~FdCloser() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

Expected<OpenedFile> open_regular_file(const std::string& path, uint64_t max_bytes) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return Error{path + ": cannot read: " + std::strerror(errno)};
  FdCloser closer{fd};
  struct stat st;
  if (::fstat(fd, &st) != 0) return Error{path + ": cannot read: " + std::strerror(errno)};
  if (!S_ISREG(st.st_mode)) {
    return Error{path + ": " + describe_file_type(st.st_mode) + ", not a regular file; not read"};
  }
  if (static_cast<uint64_t>(st.st_size) > max_bytes) {
    return Error{path + ": " + format_size(static_cast<uint64_t>(st.st_size)) + " is over the " +
                 format_size(max_bytes) + " limit (--max-file-size); not read"};
  }
  closer.fd = -1;  // the caller's now
  return OpenedFile{fd, static_cast<uint64_t>(st.st_size)};
}

Expected<std::string> read_regular_file(const std::string& path, uint64_t max_bytes) {
  Expected<OpenedFile> opened = open_regular_file(path, max_bytes);
  if (!opened) return opened.error();
  int fd = opened->fd;
  FdCloser closer{fd};
  std::string text(static_cast<size_t>(opened->size), '\0');
  size_t used = 0;
  while (used < text.size()) {
    ssize_t n = ::read(fd, text.data() + used, text.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Error{path + ": read error: " + std::strerror(errno)};
    if (n == 0) break;  // it shrank meanwhile
    used += static_cast<size_t>(n);
  }
  text.resize(used);
  return text;
}

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
