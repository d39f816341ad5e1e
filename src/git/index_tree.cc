#include "git/index_tree.h"

#include <git2.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "base/files.h"
#include "fs/repo_path.h"
#include "git/index_file.h"
#include "git/repository.h"

namespace driftlint {

namespace {

constexpr uint32_t kModeBlob = 0100644, kModeExecutable = 0100755, kModeLink = 0120000, kModeGitlink = 0160000;

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

}  // namespace

std::optional<KnownTree> index_tree(std::string_view bytes, size_t max_depth) {
  KnownTree out;
  out.blobs.reserve(bytes.size() / kLeastIndexEntryBytes);
  uint32_t entries = 0;
  bool usable = true;
  std::string previous;
  std::optional<IndexTreeRoot> root;
  Status read = read_index_entries(
      bytes,
      [&](const IndexEntry& e) {
        ++entries;
        bool known_mode = e.mode == kModeBlob || e.mode == kModeExecutable || e.mode == kModeLink || e.mode == kModeGitlink;
        // git keeps entries sorted by path, then stage: one at stage 0 each here.
        bool in_order = entries == 1 || e.path > previous;
        if (e.stage != 0 || e.intent_to_add || !known_mode || !in_order || !listed_as_is(e.path, max_depth)) {
          return usable = false;
        }
        previous = e.path;
        if (e.mode == kModeGitlink) return true;  // a submodule's commit: no blob
        TreeBlob& blob = out.blobs.emplace_back();
        blob.path = e.path;
        std::memcpy(blob.id.data(), e.id, blob.id.size());
        blob.link = e.mode == kModeLink;
        return true;
      },
      &root);
  if (!read || !usable || !root || root->entries != entries) return std::nullopt;
  git_oid_fromraw(&out.id, root->id.data());
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
