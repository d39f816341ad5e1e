#include "git/index_tree.h"

#include <git2.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "base/files.h"
#include "fs/repo_path.h"
#include "git/index_file.h"
#include "git/repository.h"

namespace driftlint {

namespace {

constexpr uint32_t kModeBlob = 0100644, kModeExecutable = 0100755, kModeLink = 0120000, kModeGitlink = 0160000;
constexpr uint32_t kModeFolder = 040000;

struct Entry {
  std::string path;
  uint32_t mode;
  std::array<unsigned char, 20> id;
};

// Whether list_tree lists a blob at `path` as it stands: every name one git
// accepts, and fewer than `max_depth` folders above it.
bool listed_as_is(std::string_view path, size_t max_depth) {
  size_t folders = 0;
  for (size_t start = 0;;) {
    size_t slash = path.find('/', start);
    if (!is_safe_tree_entry_name(path.substr(start, slash == std::string_view::npos ? slash : slash - start))) {
      return false;
    }
    if (slash == std::string_view::npos) return folders < max_depth;
    ++folders;
    start = slash + 1;
  }
}

// The tree objects git writes from sorted entries (`git write-tree`), hashed
// and not written: a folder's entries follow each other in the index's byte
// order, which is git's order for a tree's entries (a folder sorts as its
// name and a '/', as every path below it begins).
class TreeHasher {
 public:
  explicit TreeHasher(const std::vector<Entry>& entries) : entries_(entries) {}

  // The id of folder `dir` (with its '/'; "" for the root) whose entries
  // begin at entries_[at]; `at` is left past them.
  bool folder(std::string_view dir, size_t& at, git_oid& id) const {
    std::string object;
    while (at < entries_.size() && std::string_view(entries_[at].path).starts_with(dir)) {
      std::string_view path = entries_[at].path;
      size_t slash = path.find('/', dir.size());
      if (slash == std::string_view::npos) {
        add(object, entries_[at].mode, path.substr(dir.size()), entries_[at].id.data());
        ++at;
        continue;
      }
      git_oid sub;
      if (!folder(path.substr(0, slash + 1), at, sub)) return false;
      add(object, kModeFolder, path.substr(dir.size(), slash - dir.size()), sub.id);
    }
    return git_odb_hash(&id, object.data(), object.size(), GIT_OBJECT_TREE) == 0;
  }

 private:
  // One tree entry as git writes it: the mode in octal, a space, the name, a NUL, the raw id.
  static void add(std::string& object, uint32_t mode, std::string_view name, const unsigned char* id) {
    char octal[8];
    int length = std::snprintf(octal, sizeof octal, "%o", mode);
    object.append(octal, static_cast<size_t>(length)).append(1, ' ').append(name).append(1, '\0');
    object.append(reinterpret_cast<const char*>(id), 20);
  }

  const std::vector<Entry>& entries_;
};

// The index's entries, where each is one a tree can hold as list_tree lists it, in order.
std::optional<std::vector<Entry>> usable_entries(std::string_view bytes, size_t max_depth,
                                                 std::optional<IndexTreeRoot>& root) {
  std::vector<Entry> out;
  out.reserve(bytes.size() / kLeastIndexEntryBytes);
  bool usable = true;
  Status read = read_index_entries(
      bytes,
      [&](const IndexEntry& e) {
        bool known_mode = e.mode == kModeBlob || e.mode == kModeExecutable || e.mode == kModeLink || e.mode == kModeGitlink;
        // git keeps entries sorted by path, then stage: one at stage 0 each here.
        bool in_order = out.empty() || e.path > out.back().path;
        if (e.stage != 0 || e.intent_to_add || !known_mode || !in_order || !listed_as_is(e.path, max_depth)) {
          return usable = false;
        }
        Entry& entry = out.emplace_back();
        entry.path = e.path;
        entry.mode = e.mode;
        std::memcpy(entry.id.data(), e.id, entry.id.size());
        return true;
      },
      &root);
  if (!read || !usable) return std::nullopt;
  return out;
}

}  // namespace

std::optional<KnownTree> index_tree(std::string_view bytes, size_t max_depth) {
  std::optional<IndexTreeRoot> root;
  std::optional<std::vector<Entry>> entries = usable_entries(bytes, max_depth, root);
  if (!entries || !root || root->entries != entries->size()) return std::nullopt;
  // The root is the tree's id as git recorded it, but `git reset --hard`
  // and `read-tree` record the id of the tree they checked out, which a
  // crafted commit may hold unsorted, with a name twice or with empty
  // folders the entries do not show: the entries are hashed as git would
  // write them, and only a tree they make is listed from them.
  KnownTree out;
  size_t at = 0;
  if (!TreeHasher(*entries).folder("", at, out.id)) return std::nullopt;
  if (std::memcmp(out.id.id, root->id.data(), root->id.size()) != 0) return std::nullopt;
  out.blobs.reserve(entries->size());
  for (Entry& e : *entries) {
    if (e.mode == kModeGitlink) continue;  // a submodule's commit: no blob
    TreeBlob& blob = out.blobs.emplace_back();
    blob.path = std::move(e.path);
    blob.id = e.id;
    blob.link = e.mode == kModeLink;
  }
  return out;
}

std::optional<KnownTree> read_index_tree(const GitRepository& repo, size_t max_depth) {
  const char* git_dir = git_repository_path(repo.raw());
  if (!git_dir || git_repository_is_bare(repo.raw())) return std::nullopt;
  Expected<std::string> bytes = read_regular_file(std::string(git_dir) + "index", kMaxIndexFileBytes);
  if (!bytes) return std::nullopt;
  return index_tree(*bytes, max_depth);
}

}  // namespace driftlint
