#include "git/index_tree.h"

#include <git2.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "base/files.h"
#include "fs/repo_path.h"
#include "git/index_file.h"
#include "git/repository.h"

namespace driftlint {

namespace {

// How git writes a tree entry's mode, for the modes an index holds; "" for any other.
std::string_view mode_text(uint32_t mode) {
  switch (mode) {
    case GIT_FILEMODE_BLOB: return "100644";
    case GIT_FILEMODE_BLOB_EXECUTABLE: return "100755";
    case GIT_FILEMODE_LINK: return "120000";
    case GIT_FILEMODE_COMMIT: return "160000";
    case GIT_FILEMODE_TREE: return "40000";
    default: return "";
  }
}

// The index's entries as a tree lists them: a blob each (a gitlink's id
// too, dropped once hashed), in the index's order, and their modes.
struct Entries {
  std::vector<TreeBlob> blobs;
  std::vector<uint32_t> modes;
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
  explicit TreeHasher(const Entries& entries) : entries_(entries) {}

  // The folders hashed so far, the root among them.
  size_t folders() const { return folders_; }

  // The id of folder `dir` (with its '/'; "" for the root) whose entries
  // begin at entry `at`; `at` is left past them. False where a name is both
  // a file and a folder there (git writes no such index).
  bool folder(std::string_view dir, size_t& at, git_oid& id) {
    ++folders_;
    std::string object;
    std::vector<std::string_view> files;  // this folder's, in order
    const std::vector<TreeBlob>& blobs = entries_.blobs;
    while (at < blobs.size() && std::string_view(blobs[at].path).starts_with(dir)) {
      std::string_view path = blobs[at].path;
      size_t slash = path.find('/', dir.size());
      if (slash == std::string_view::npos) {
        files.push_back(path.substr(dir.size()));
        add(object, entries_.modes[at], files.back(), blobs[at].id.data());
        ++at;
        continue;
      }
      std::string_view name = path.substr(dir.size(), slash - dir.size());
      git_oid sub;
      if (std::binary_search(files.begin(), files.end(), name) || !folder(path.substr(0, slash + 1), at, sub)) {
        return false;
      }
      add(object, GIT_FILEMODE_TREE, name, sub.id);
    }
    return git_odb_hash(&id, object.data(), object.size(), GIT_OBJECT_TREE) == 0;
  }

 private:
  // One tree entry as git writes it: the mode in octal, a space, the name, a NUL, the raw id.
  static void add(std::string& object, uint32_t mode, std::string_view name, const unsigned char* id) {
    object.append(mode_text(mode)).append(1, ' ').append(name).append(1, '\0');
    object.append(reinterpret_cast<const char*>(id), 20);
  }

  const Entries& entries_;
  size_t folders_ = 0;
};

// The index's entries, where each is one a tree can hold as list_tree lists it, in order.
std::optional<Entries> usable_entries(std::string_view bytes, size_t max_depth, std::optional<IndexTreeRoot>& root) {
  Entries out;
  out.blobs.reserve(bytes.size() / kLeastIndexEntryBytes);
  out.modes.reserve(out.blobs.capacity());
  bool usable = true;
  Status read = read_index_entries(
      bytes,
      [&](const IndexEntry& e) {
        bool known_mode = e.mode != GIT_FILEMODE_TREE && !mode_text(e.mode).empty();
        // git keeps entries sorted by path, then stage: one at stage 0 each here.
        bool in_order = out.blobs.empty() || e.path > out.blobs.back().path;
        if (e.stage != 0 || e.intent_to_add || !known_mode || !in_order || !listed_as_is(e.path, max_depth)) {
          return usable = false;
        }
        TreeBlob& blob = out.blobs.emplace_back();
        blob.path = e.path;
        std::memcpy(blob.id.data(), e.id, blob.id.size());
        blob.link = e.mode == GIT_FILEMODE_LINK;
        out.modes.push_back(e.mode);
        return true;
      },
      &root);
  if (!read || !usable) return std::nullopt;
  return out;
}

}  // namespace

std::optional<KnownTree> index_tree(std::string_view bytes, size_t max_depth) {
  std::optional<IndexTreeRoot> root;
  std::optional<Entries> entries = usable_entries(bytes, max_depth, root);
  if (!entries || !root || root->entries != entries->blobs.size()) return std::nullopt;
  // The root is the tree's id as git recorded it, but `git reset --hard`
  // and `read-tree` record the id of the tree they checked out, which a
  // crafted commit may hold unsorted, with a name twice or with empty
  // folders the entries do not show: the entries are hashed as git would
  // write them, and only a tree they make is listed from them.
  KnownTree out;
  size_t at = 0;
  TreeHasher hasher(*entries);
  if (!hasher.folder("", at, out.id)) return std::nullopt;
  out.folders = hasher.folders();
  if (std::memcmp(out.id.id, root->id.data(), root->id.size()) != 0) return std::nullopt;
  out.blobs = std::move(entries->blobs);
  size_t kept = 0;
  for (size_t i = 0; i < out.blobs.size(); ++i) {
    if (entries->modes[i] == GIT_FILEMODE_COMMIT) continue;  // a submodule's commit is no blob
    if (kept != i) out.blobs[kept] = std::move(out.blobs[i]);
    ++kept;
  }
  out.blobs.resize(kept);
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
