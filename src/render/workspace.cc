#include "render/workspace.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace driftlint {

Expected<RenderWorkspace> RenderWorkspace::create() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/driftlint-render-XXXXXX";
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

Status RenderWorkspace::write(const std::string& relative, const std::string& text) {
  std::string path = path_of(relative);
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec) return Error{"cannot make the folder of " + path + ": " + ec.message()};
  // O_EXCL|O_NOFOLLOW: the folder is ours alone, and nothing in it may point elsewhere.
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return Error{"cannot write " + path + ": " + std::strerror(errno)};
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int saved = errno;
      close(fd);
      return Error{"cannot write " + path + ": " + std::strerror(saved)};
    }
    done += static_cast<size_t>(n);
  }
  close(fd);
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
