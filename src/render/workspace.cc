#include "render/workspace.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "base/scratch.h"
#include "base/strings.h"
#include "fs/repo_path.h"

namespace driftlint {

Expected<RenderWorkspace> RenderWorkspace::create() {
  std::string pattern = scratch_root() + "/driftlint-render-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (!mkdtemp(buffer.data())) return Error{"cannot make a temporary folder in " + pattern + ": " + std::strerror(errno)};
  return RenderWorkspace(std::string(buffer.data()));
}

RenderWorkspace::~RenderWorkspace() {
  if (root_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(root_, ignored);
}

namespace {

// Opens (making it when absent) each folder of `folders` below `dir`, never
// through a link; -1 with errno set when one cannot be.
int open_folders(int dir, const std::string& folders) {
  int current = ::dup(dir);
  size_t at = 0;
  while (current >= 0 && at < folders.size()) {
    size_t slash = folders.find('/', at);
    if (slash == std::string::npos) slash = folders.size();
    std::string name = folders.substr(at, slash - at);
    at = slash + 1;
    if (::mkdirat(current, name.c_str(), 0700) != 0 && errno != EEXIST) break;
    int next = ::openat(current, name.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int saved = errno;
    ::close(current);
    errno = saved;
    current = next;
  }
  if (current >= 0 && at < folders.size()) {
    int saved = errno;
    ::close(current);
    errno = saved;
    return -1;
  }
  return current;
}

}  // namespace

// The one function that writes into the private folder: it refuses a path
// that is not clean (absolute, "..", ".") and opens every folder on the way
// without following links, so nothing it writes can land outside.
Status RenderWorkspace::write(const std::string& relative, const std::string& text) {
  std::string path = path_of(relative);
  if (relative.empty() || !is_clean_repo_path(relative)) {
    return Error{"refused to write " + quote_for_message(relative) + " into the private copy: not a clean path inside it"};
  }
  int root = ::open(root_.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (root < 0) return Error{"cannot open the private folder " + root_ + ": " + std::strerror(errno)};
  int dir = open_folders(root, parent_of(relative));
  int saved = errno;
  ::close(root);
  if (dir < 0) return Error{"cannot make the folder of " + path + ": " + std::strerror(saved)};
  std::string name = basename_of(relative);
  int fd = ::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  saved = errno;
  ::close(dir);
  if (fd < 0) return Error{"cannot write " + path + ": " + std::strerror(saved)};
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      saved = errno;
      ::close(fd);
      return Error{"cannot write " + path + ": " + std::strerror(saved)};
    }
    done += static_cast<size_t>(n);
  }
  ::close(fd);
  return {};
}

Status RenderWorkspace::copy(const FileTree& tree, const std::set<std::string>& files, uint64_t max_bytes,
                             const std::map<std::string, std::string>& replaced) {
  for (const std::string& file : files) {
    auto it = replaced.find(file);
    if (it != replaced.end()) {
      if (Status s = write(file, it->second); !s) return s;
      continue;
    }
    Expected<FileContent> content = tree.read(file, max_bytes);
    if (!content || content->too_large) continue;
    if (Status s = write(file, content->text); !s) return s;
  }
  for (const auto& [file, text] : replaced) {
    if (!files.count(file)) {
      if (Status s = write(file, text); !s) return s;
    }
  }
  return {};
}

}  // namespace driftlint
