#include "load/file_tree.h"

#include "load/helm.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <system_error>

namespace driftlint {

namespace fs = std::filesystem;

bool is_manifest_file_name(const std::string& name) {
  auto ends_with = [&](const char* suffix) {
    size_t n = std::strlen(suffix);
    return name.size() > n && name.compare(name.size() - n, n, suffix) == 0;
  };
  return ends_with(".yaml") || ends_with(".yml") || ends_with(".json");
}

namespace {

std::string relative_path(const fs::path& root, const fs::path& path) {
  return path.lexically_relative(root).generic_string();
}

bool is_helm_templates_dir(const fs::path& root, const fs::path& dir) {
  std::string relative = relative_path(root, dir);
  auto exists = [&](const std::string& p) {
    std::error_code ec;
    return fs::exists(root / p, ec);
  };
  return helm_templates_dir_of(relative + "/x", exists) == relative;
}

}  // namespace

FileListing DiskTree::list() const {
  FileListing out;
  if (!single_file_.empty()) {
    out.files.push_back(single_file_);
    return out;
  }
  fs::path root(root_);
  std::error_code ec;
  fs::path start = prefix_.empty() ? root : root / prefix_;
  fs::recursive_directory_iterator it(start, fs::directory_options::none, ec);
  if (ec) {
    out.errors.push_back(root_ + ": cannot read directory: " + ec.message());
    return out;
  }
  for (fs::recursive_directory_iterator end; it != end;) {
    const fs::directory_entry& entry = *it;
    std::error_code type_ec;
    fs::path path = entry.path();
    std::string name = path.filename().string();
    bool is_dir = entry.is_directory(type_ec) && !entry.is_symlink(type_ec);
    if (is_dir) {
      if (name == ".git") {
        it.disable_recursion_pending();
      } else if (name == "templates" && is_helm_templates_dir(root, path)) {
        out.skipped.push_back({relative_path(root, path), "Helm chart templates (not rendered)"});
        it.disable_recursion_pending();
      }
    } else if (is_manifest_file_name(name)) {
      bool regular = entry.is_regular_file(type_ec);  // follows file symlinks
      if (regular) {
        out.files.push_back(relative_path(root, path));
      } else if (entry.is_symlink(type_ec) && !fs::exists(path, type_ec)) {
        out.errors.push_back(path.string() + ": broken symbolic link");
      }
    }
    std::error_code next_ec;
    it.increment(next_ec);
    if (next_ec) {
      // An unreadable directory: say so, skip it, keep walking.
      out.errors.push_back(path.string() + ": cannot read: " + next_ec.message());
      if (it == end) break;
    }
  }
  std::sort(out.files.begin(), out.files.end());
  std::sort(out.skipped.begin(), out.skipped.end(),
            [](const SkippedPath& a, const SkippedPath& b) { return a.path < b.path; });
  return out;
}

Expected<FileContent> DiskTree::read(const std::string& path, uint64_t max_bytes) const {
  fs::path full = fs::path(root_) / path;
  // open, fstat and one read of the whole file: the fewest system calls,
  // which matter when a repo has tens of thousands of small files.
  int fd = ::open(full.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) {
      return Error{full.string() + ": vanished while driftlint was reading the repo (deleted or renamed during the run); not checked"};
    }
    return Error{full.string() + ": cannot read: " + std::strerror(errno)};
  }
  FileContent content;
  struct stat st;
  bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (regular && static_cast<uint64_t>(st.st_size) > max_bytes) {
    content.size = static_cast<uint64_t>(st.st_size);
    content.too_large = true;
    ::close(fd);
    return content;
  }
  // A regular file is read in one call of its size; anything else (a FIFO,
  // /proc) until end of file.
  size_t expected = regular ? static_cast<size_t>(st.st_size) : 0;
  content.text.resize(regular ? expected : 64 * 1024);
  size_t used = 0;
  while (!regular || used < expected) {
    if (used == content.text.size()) content.text.resize(content.text.size() * 2);
    ssize_t n = ::read(fd, content.text.data() + used, content.text.size() - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      int saved = errno;
      ::close(fd);
      return Error{full.string() + ": read error: " + std::strerror(saved)};
    }
    if (n == 0) break;  // end of file (a regular file that shrank meanwhile)
    used += static_cast<size_t>(n);
    if (used > max_bytes) {
      ::close(fd);
      content.size = used;
      content.too_large = true;
      content.text.clear();
      content.text.shrink_to_fit();
      return content;
    }
  }
  ::close(fd);
  content.text.resize(used);
  content.size = used;
  return content;
}

FileListing MemoryTree::list() const {
  FileListing out;
  for (const auto& [path, text] : files_) {
    if (is_manifest_file_name(path)) out.files.push_back(path);
  }
  return out;
}

Expected<FileContent> MemoryTree::read(const std::string& path, uint64_t max_bytes) const {
  auto it = files_.find(path);
  if (it == files_.end()) return Error{path + ": no such file"};
  FileContent content;
  content.size = it->second.size();
  if (content.size > max_bytes) {
    content.too_large = true;
  } else {
    content.text = it->second;
  }
  return content;
}

bool DiskTree::has_directory(const std::string& path) const {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::path(root_) / path;
  return std::filesystem::is_directory(dir, ec);
}

bool MemoryTree::has_directory(const std::string& path) const {
  if (path.empty()) return true;
  std::string prefix = path + "/";
  auto it = files_.lower_bound(prefix);
  return it != files_.end() && it->first.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace driftlint
