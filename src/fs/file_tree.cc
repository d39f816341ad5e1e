#include "fs/file_tree.h"

#include "base/files.h"
#include "base/parallel.h"
#include "fs/beneath.h"
#include "fs/folder_entries.h"
#include "fs/helm_charts.h"

#include <dirent.h>
#include <fcntl.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <set>
#include <system_error>

namespace driftlint {

namespace fs = std::filesystem;

std::string link_not_followed(LinkTarget target) {
  switch (target) {
    case LinkTarget::Outside:
      return "symbolic link to a file outside the repo (not followed)";
    case LinkTarget::Broken:
      return "broken symbolic link";
    case LinkTarget::Loop:
      return "symbolic link loop";
    case LinkTarget::FolderLink:
      return "its path goes through a symbolic link to a folder (not followed)";
    default:
      return "symbolic link to something that is not a file";
  }
}

void list_link(LinkTarget target, std::string path, const std::string& shown, FileListing& out) {
  if (target == LinkTarget::InRepo) {
    out.files.push_back(std::move(path));
  } else if (target == LinkTarget::Outside) {
    out.skipped.push_back({std::move(path), link_not_followed(target)});
  } else if (target == LinkTarget::Broken || target == LinkTarget::Loop) {
    out.errors.push_back(shown + ": " + link_not_followed(target));
  }
}

bool is_manifest_file_name(std::string_view name) {
  auto ends_with = [&](std::string_view suffix) { return name.size() > suffix.size() && name.ends_with(suffix); };
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

namespace {

// A recursive walk with the entry types the kernel lists: no stat for an
// ordinary file or folder, which matters at tens of thousands of files.
// Symbolic links to folders are not followed (no loops); links to files are
// when the file is inside the repo.
struct Walker {
  const fs::path& root;
  const RepoRoot& beneath;
  const std::string& start;  // the folder the walk began at ("" is the root)
  FileListing& out;
  bool stamps = false;  // take each file's stamp beside its folder's entries (fs/file_stamp.h)

  void add_link(std::string path) {
    std::string shown = (root / path).string();
    std::string target;
    LinkTarget kind = beneath.resolve_link(path, target);  // before `path` is moved from
    list_link(kind, std::move(path), shown, out);
  }

  // A listed file's stamp, or none (a link: stamped by its path when read).
  void stamp(int folder, const char* name, const struct stat* known) {
    if (!stamps) return;
    struct stat st;
    bool have = known || ::fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
    out.stamps.resize(out.files.size() - 1);  // none for links listed before
    out.stamps.push_back(have ? stamp_of(known ? *known : st) : FileStamp());
  }

  // Lists one folder: its files (and links) into `out`, its subfolders into `folders`.
  void list_folder(const std::string& relative, std::vector<std::string>& folders) {  // "" is the root; else "a/b"
    std::string full = relative.empty() ? root.string() : (root / relative).string();
    // The root (or the prefix) is as the user named it, a link or not; a
    // folder met on the way is listed only if it still is one.
    thread_local std::vector<char> buffer;  // FolderEntries' reads, kept from folder to folder
    FolderEntries entries(full, relative == start, buffer);
    while (std::optional<FolderEntries::Entry> entry = entries.next()) {
      std::string_view name = entry->name;
      unsigned char type = entry->type;
      struct stat st;
      bool have_stat = false;
      if (type == DT_UNKNOWN) {
        // d_name ends in a NUL, so the view's data is a C string.
        if (::fstatat(entries.fd(), name.data(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;  // vanished meanwhile
        have_stat = true;
        type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISLNK(st.st_mode) ? DT_LNK : S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
      }
      if (type == DT_DIR) {
        if (name == ".git") continue;
        std::string path = joined(relative, name);
        if (name == "templates" && is_helm_templates_dir(root, root / path)) {
          out.skipped.push_back({path, "Helm chart templates (not rendered)", true});
          continue;
        }
        folders.push_back(std::move(path));
      } else if (name == ".gitattributes") {
        out.attributes_file = true;
      } else if ((type == DT_REG || type == DT_LNK) && is_manifest_file_name(name)) {
        if (type == DT_REG) {
          out.files.push_back(joined(relative, name));
          stamp(entries.fd(), name.data(), have_stat ? &st : nullptr);
        } else {
          add_link(joined(relative, name));
        }
      }
    }
    if (entries.error() != 0) out.errors.push_back(full + ": cannot read: " + std::strerror(entries.error()));
    if (stamps) out.stamps.resize(out.files.size());  // links listed last have none
  }

  static std::string joined(const std::string& folder, std::string_view name) {
    std::string path;
    path.reserve(folder.size() + 1 + name.size());
    if (!folder.empty()) path.append(folder).push_back('/');
    path.append(name);
    return path;
  }

  void walk(const std::string& relative) {
    std::vector<std::string> folders;
    list_folder(relative, folders);
    for (const std::string& folder : folders) walk(folder);
  }
};

// Folders are listed breadth first on this thread until there are enough
// subtrees to share, then each subtree is walked on one of `threads`.
void walk_in_parallel(const fs::path& root, const RepoRoot& beneath, const std::string& start, unsigned threads,
                      bool stamps, FileListing& out) {
  Walker top{root, beneath, start, out, stamps};
  std::vector<std::string> frontier{start}, next;
  while (threads > 1 && !frontier.empty() && frontier.size() < 8 * threads) {
    next.clear();
    for (const std::string& folder : frontier) top.list_folder(folder, next);
    frontier.swap(next);
  }
  std::vector<FileListing> parts(frontier.size());
  parallel_for(frontier.size(), threads, [&](size_t i) { Walker{root, beneath, start, parts[i], stamps}.walk(frontier[i]); });
  for (FileListing& part : parts) {
    std::move(part.files.begin(), part.files.end(), std::back_inserter(out.files));
    std::move(part.stamps.begin(), part.stamps.end(), std::back_inserter(out.stamps));
    std::move(part.skipped.begin(), part.skipped.end(), std::back_inserter(out.skipped));
    std::move(part.errors.begin(), part.errors.end(), std::back_inserter(out.errors));
    out.attributes_file = out.attributes_file || part.attributes_file;
  }
}

// Sorts the files, their stamps (when taken) alongside.
void sort_files(FileListing& out) {
  if (out.stamps.empty()) {
    std::sort(out.files.begin(), out.files.end());
    return;
  }
  std::vector<uint32_t> order(out.files.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return out.files[a] < out.files[b]; });
  std::vector<std::string> files;
  std::vector<FileStamp> stamps;
  files.reserve(order.size());
  stamps.reserve(order.size());
  for (uint32_t i : order) {
    files.push_back(std::move(out.files[i]));
    stamps.push_back(out.stamps[i]);
  }
  out.files = std::move(files);
  out.stamps = std::move(stamps);
}

}  // namespace

FileListing DiskTree::listing(unsigned threads, bool stamps) const {
  FileListing out;
  if (!single_file_.empty()) {
    out.files.push_back(single_file_);
    return out;
  }
  fs::path root(root_);
  struct stat st;
  std::string start = prefix_.empty() ? root_ : (root / prefix_).string();
  if (::stat(start.c_str(), &st) != 0) {
    out.errors.push_back(root_ + ": cannot read directory: " + std::strerror(errno));
    return out;
  }
  if (!S_ISDIR(st.st_mode)) {
    out.errors.push_back(root_ + ": cannot read directory: not a directory");
    return out;
  }
  walk_in_parallel(root, *beneath_, prefix_, threads, stamps, out);
  sort_files(out);
  std::sort(out.errors.begin(), out.errors.end());  // the same whatever the threads
  std::sort(out.skipped.begin(), out.skipped.end(),
            [](const SkippedPath& a, const SkippedPath& b) { return a.path < b.path; });
  return out;
}

DiskTree::DiskTree(std::string root, std::string single_file, std::string prefix)
    : root_(std::move(root)),
      single_file_(std::move(single_file)),
      prefix_(std::move(prefix)),
      beneath_(std::make_shared<RepoRoot>(root_)) {}

namespace {

// The file at `path` of the tree, opened beneath its root (no link leaves
// the repo); the one file a user named on the command line is opened as
// named, links and all.
Expected<int> open_for_reading(const RepoRoot& beneath, const fs::path& full, const std::string& path,
                               bool named_by_user) {
  // O_NONBLOCK: a FIFO put where a file was listed must not block the run.
  constexpr int kFlags = O_RDONLY | O_NONBLOCK | O_NOCTTY;
  int fd;
  if (named_by_user) {
    fd = ::open(full.c_str(), kFlags | O_CLOEXEC);
  } else {
    RepoRoot::Opened opened = beneath.open(path, kFlags);
    if (opened.fd < 0 && opened.error == 0) return Error{full.string() + ": " + link_not_followed(opened.link)};
    if (opened.fd < 0 && opened.error == EINVAL) return Error{full.string() + ": not a clean path inside the repo; not read"};
    fd = opened.fd;
    errno = opened.error;
  }
  if (fd >= 0) return fd;
  if (errno == ENOENT) {
    return Error{full.string() + ": vanished while driftlint was reading the repo (deleted or renamed during the run); not checked"};
  }
  return Error{full.string() + ": cannot read: " + std::strerror(errno)};
}

}  // namespace

Expected<FileContent> DiskTree::read(const std::string& path, uint64_t max_bytes) const {
  fs::path full = fs::path(root_) / path;
  // open, fstat and one read of the whole file: the fewest system calls,
  // which matter when a repo has tens of thousands of small files.
  Expected<int> opened = open_for_reading(*beneath_, full, path, !single_file_.empty() && path == single_file_);
  if (!opened) return opened.error();
  int fd = *opened;
  FileContent content;
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int saved = errno;
    ::close(fd);
    return Error{full.string() + ": cannot read: " + std::strerror(saved)};
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error{full.string() + ": " + describe_file_type(st.st_mode) + ", not a regular file; not read"};
  }
  content.stamp = stamp_of(st);
  if (static_cast<uint64_t>(st.st_size) > max_bytes) {
    content.size = static_cast<uint64_t>(st.st_size);
    content.too_large = true;
    ::close(fd);
    return content;
  }
  // One read call of the file's size; a file that grows meanwhile is read
  // no further than the limit.
  size_t expected = static_cast<size_t>(st.st_size);
  content.text.resize(expected);
  size_t used = 0;
  while (used < expected) {
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
  // The stamp stands for these bytes only if the file did not change while
  // they were read (a write sets the times anew).
  if (struct stat after; ::fstat(fd, &after) != 0 || !same_stamp(stamp_of(after), content.stamp)) {
    content.stamp = FileStamp();
  }
  ::close(fd);
  content.text.resize(used);
  content.size = used;
  return content;
}

FileListing MemoryTree::list_on(unsigned /*threads*/) const {
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

std::string DiskTree::cache_identity() const {
  std::error_code ec;
  fs::path absolute = fs::absolute(root_, ec);
  if (ec) return {};
  return "disk:" + absolute.lexically_normal().string() + "|" + prefix_ + "|" + single_file_;
}

std::string DiskTree::content_fingerprint(const std::string& path) const {
  struct stat st;
  if (!beneath_->stat_of(path, st)) return {};
  return fingerprint_of(stamp_of(st));
}

bool DiskTree::has_directory(const std::string& path) const { return beneath_->is_directory(path); }

bool MemoryTree::has_directory(const std::string& path) const {
  if (path.empty()) return true;
  std::string prefix = path + "/";
  auto it = files_.lower_bound(prefix);
  return it != files_.end() && it->first.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace driftlint
