#include "fs/beneath.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <vector>

#include "fs/repo_path.h"

namespace driftlint {

namespace {

constexpr int kMaxLinkHops = 40;  // ELOOP's bound, as at a revision

std::atomic<bool> openat2_missing{false};

// -1 with errno ENOSYS where the kernel has no openat2 (before 5.6) or a
// seccomp filter refuses it.
int openat2_beneath(int dir, const std::string& relative, int flags) {
  struct open_how how {};
  how.flags = static_cast<uint64_t>(flags);
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
  long fd;
  do {
    fd = syscall(SYS_openat2, dir, relative.c_str(), &how, sizeof how);
  } while (fd < 0 && errno == EAGAIN);
  return static_cast<int>(fd);
}

std::vector<std::string> segments_of(const std::string& path) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < path.size()) {
    size_t slash = path.find('/', at);
    if (slash == std::string::npos) slash = path.size();
    out.push_back(path.substr(at, slash - at));
    at = slash + 1;
  }
  return out;
}

// The same walk by hand: each folder opened with O_NOFOLLOW under the last.
int walk_beneath(int root, const std::string& relative, int flags) {
  std::vector<std::string> parts = segments_of(relative);
  if (parts.empty()) return ::openat(root, ".", flags);
  int dir = root;
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    int next = ::openat(dir, parts[i].c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int saved = errno;
    if (next < 0) {
      struct stat st;
      // O_DIRECTORY|O_NOFOLLOW on a link says ENOTDIR: say ELOOP, as openat2 does.
      if (saved == ENOTDIR && ::fstatat(dir, parts[i].c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) {
        saved = ELOOP;
      }
      if (dir != root) ::close(dir);
      errno = saved;
      return -1;
    }
    if (dir != root) ::close(dir);
    dir = next;
  }
  int fd = ::openat(dir, parts.back().c_str(), flags);
  int saved = errno;
  if (dir != root) ::close(dir);
  errno = saved;
  return fd;
}

}  // namespace

RepoRoot::RepoRoot(const std::string& root) {
  root_fd_ = ::open(root.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);  // the root the user named may be a link
  if (root_fd_ < 0) root_error_ = errno;
}

RepoRoot::~RepoRoot() {
  if (root_fd_ >= 0) ::close(root_fd_);
}

bool RepoRoot::passes_a_link(const std::string& folder) const {
  std::string walked;
  for (const std::string& part : segments_of(folder)) {
    walked = join_path(walked, part);
    int fd = open_no_links(walked, O_PATH);  // O_PATH|O_NOFOLLOW opens a link itself
    if (fd < 0) return false;
    struct stat st;
    bool link = ::fstat(fd, &st) == 0 && S_ISLNK(st.st_mode);
    ::close(fd);
    if (link) return true;
  }
  return false;
}

int RepoRoot::open_no_links(const std::string& relative, int flags) const {
  flags |= O_NOFOLLOW | O_CLOEXEC;
  if (root_fd_ < 0) {
    errno = root_error_;
    return -1;
  }
  if (!is_clean_repo_path(relative)) {
    errno = EINVAL;
    return -1;
  }
  if (!openat2_missing.load(std::memory_order_relaxed)) {
    int fd = openat2_beneath(root_fd_, relative.empty() ? "." : relative, flags);
    if (fd >= 0 || errno != ENOSYS) return fd;
    openat2_missing.store(true, std::memory_order_relaxed);
  }
  return walk_beneath(root_fd_, relative, flags);
}

LinkTarget RepoRoot::resolve_link(const std::string& relative, std::string& target) const {
  std::string path = relative;
  for (int hop = 0; hop < kMaxLinkHops; ++hop) {
    std::string folder = parent_of(path);
    int dir = open_no_links(folder, O_PATH | O_DIRECTORY);
    if (dir < 0) return errno == ELOOP || passes_a_link(folder) ? LinkTarget::FolderLink : LinkTarget::Broken;
    std::string name = basename_of(path);
    struct stat st;
    if (::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      ::close(dir);
      return LinkTarget::Broken;
    }
    if (!S_ISLNK(st.st_mode)) {
      ::close(dir);
      if (!S_ISREG(st.st_mode)) return LinkTarget::NotAFile;
      target = path;
      return LinkTarget::InRepo;
    }
    std::vector<char> buffer(static_cast<size_t>(st.st_size > 0 ? st.st_size : 255) + 1);
    ssize_t n = ::readlinkat(dir, name.c_str(), buffer.data(), buffer.size());
    ::close(dir);
    if (n <= 0) return LinkTarget::Broken;
    Expected<RepoPath> next = RepoPath::resolve(folder, std::string_view(buffer.data(), static_cast<size_t>(n)));
    if (!next) return LinkTarget::Outside;
    path = next->str();
  }
  return LinkTarget::Loop;
}

RepoRoot::Opened RepoRoot::open(const std::string& relative, int flags) const {
  Opened out;
  out.fd = open_no_links(relative, flags);
  if (out.fd >= 0 || errno != ELOOP) {
    out.error = out.fd >= 0 ? 0 : errno;
    return out;
  }
  std::string target;
  out.link = resolve_link(relative, target);
  if (out.link != LinkTarget::InRepo) return out;
  out.fd = open_no_links(target, flags);
  out.error = out.fd >= 0 ? 0 : errno;
  if (out.fd < 0 && out.error == ELOOP) {
    out.error = 0;
    out.link = LinkTarget::Loop;  // changed under us meanwhile
  }
  return out;
}

bool RepoRoot::stat_of(const std::string& relative, struct ::stat& st) const {
  if (root_fd_ < 0) {
    errno = root_error_;
    return false;
  }
  return ::fstatat(root_fd_, relative.empty() ? "." : relative.c_str(), &st, 0) == 0;
}

bool RepoRoot::is_directory(const std::string& relative) const {
  int fd = open_no_links(relative, O_PATH | O_DIRECTORY);
  if (fd < 0) return false;
  ::close(fd);
  return true;
}

}  // namespace driftlint
