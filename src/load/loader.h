// Loads repos: lists their files, parses them in parallel and turns every
// document into Manifests. Broken files become parse errors on the file; the
// rest of the repo still loads.
#pragma once

#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/rare.h"
#include "base/progress.h"
#include "base/eventually.h"
#include "load/directives.h"
#include "fs/file_tree.h"
#include "model/manifest.h"
#include "model/objects_in_file.h"
#include "yaml/parser.h"
#include "yaml/template_actions.h"

namespace driftlint {

class GitRepository;

struct RepoInput {
  std::string name;
  std::string source;                 // as the user wrote it
  std::optional<std::string> revision;  // as asked
  std::optional<std::string> commit;    // resolved commit id, when known
  std::optional<std::string> url;       // the URL Argo CD would use, when known; never with credentials
  Eventually<bool> dirty;               // a working tree with uncommitted changes (computed when asked, or meanwhile)
  std::shared_ptr<GitRepository> git;   // when the repo is a git repository
  std::string git_folder;  // the repo's folder inside the git checkout ("" = its root);
                           // the repo's paths are relative to it
  std::shared_ptr<const FileTree> tree;
  // The absolute folder on disk the repo's paths are relative to, when its
  // files are (or, for a revision of a local checkout, have a place) there;
  // empty for clones and standard input. Reports print paths from here.
  std::string disk_root;
};

// 14,000 of them at 20,000 manifests: the small fields share a word.
struct LoadedFile {
  uint32_t repo = 0;
  bool too_large = false;
  bool from_cache = false;
  // Found by the blob id git's index records (git/worktree_index.h): found so
  // again next run, so a fingerprint that changed alone (a fresh checkout)
  // is no reason to write the pack again.
  bool by_index_id = false;
  // Taken by its stamp (ParsePack::by_fingerprint): as the pack's index has it.
  bool by_stamp = false;
  std::string path;  // relative to the repo root, '/'-separated
  uint64_t bytes = 0;
  yaml::ParsedFile parsed;
  std::vector<IgnoreDirective> directives;  // `# driftlint:ignore` comments
  // A Go or Jinja template (yaml/template_actions.h): not parsed, not
  // checked, listed once among the skipped paths as not rendered.
  Rare<yaml::TemplateAction> template_action;
  // For the parse cache (empty when it is off): see load/parse_cache.h.
  std::string fingerprint;
  std::string content_id;
};

class ParseCache;
struct LoadResult;

// Files already parsed in this run, by content id: indices into `load`'s
// files, keyed by views of their ids, valid while that load lives
// (parsed_by_content, load/reused_parses.h).
struct ParsedByContent {
  const LoadResult* load = nullptr;
  std::unordered_map<std::string_view, uint32_t> files;
};

struct LoadOptions {
  unsigned jobs = 1;
  uint64_t max_file_size = 64ull << 20;
  yaml::ParseLimits parse_limits;  // the cache's own limits win when it is set
  const ParseCache* cache = nullptr;  // nullptr: parse everything (--no-cache)
  // Write the cache on a thread while the caller goes on (LoadResult waits
  // for it when destroyed, or in wait_for_cache()). The writer holds its own
  // copies of what it stores.
  bool store_cache_in_background = false;
  // Files already parsed in this run, by content id (a pull-request run
  // reads the base revision after the head: an unchanged blob is parsed once).
  const ParsedByContent* reuse = nullptr;
  // Compute every file's content id even without a cache: a later load of
  // this run (another revision) takes these parses by id, without reading
  // its blobs (FileTree::known_content_id).
  bool content_ids = false;
  Progress* progress = nullptr;  // files walked, then parsed N/M (from the cache K)
};


class LoadIndex;

struct LoadResult {
  std::vector<RepoInput> repos;
  std::vector<LoadedFile> files;
  std::vector<Manifest> manifests;  // in file order, then document order
  std::vector<BuildFile> build_files;
  std::vector<std::pair<uint32_t, SkippedPath>> skipped;  // (repo, path)
  std::vector<std::string> errors;  // input errors, one line each
  std::vector<std::string> notes;   // e.g. a damaged parse cache, ignored
  uint64_t documents = 0;           // non-empty YAML documents
  uint64_t bytes = 0;
  // A load with LoadOptions::reuse: per file, the index of the other load's
  // file whose parse it took (the same content), or kNotTaken; else empty.
  static constexpr uint32_t kNotTaken = UINT32_MAX;
  std::vector<uint32_t> taken_from;

  // Waits for the parse cache to be written; its notes (a pack that could
  // not be written).
  std::vector<std::string> wait_for_cache();
  // Files the parse cache supplied (not read, not parsed).
  size_t files_from_cache() const;
  // For a command that is done with the load and about to end: its files,
  // trees, objects and index are left to the process's exit, which takes the
  // memory back at once (freeing 20,000 files' trees one by one took 20-40 ms
  // of a run; clang's -disable-free, for the same reason). Sanitized builds
  // free them as usual, so LeakSanitizer and the destructors stay checked.
  void leave_to_exit();

  const LoadedFile& file_of(const Manifest& m) const { return files[m.file]; }
  // Every manifest of every file, in load order.
  std::vector<const Manifest*> all_manifests() const;
  const std::string& repo_name(uint32_t repo) const { return repos[repo].name; }
  // The manifest of `file` that holds the position (the last one starting at
  // or before it), or nullptr.
  const Manifest* manifest_containing(uint32_t file, yaml::Position position) const;

  std::future<std::vector<std::string>> cache_written;

  // The index of files and manifests (load/load_index.h), built once on
  // first use and shared by every stage of the run: the model, the renderer
  // and the rules. A load is complete before anything asks for it.
  const LoadIndex& index() const;
  mutable std::shared_ptr<const LoadIndex> index_;
  mutable std::shared_ptr<std::once_flag> index_once_ = std::make_shared<std::once_flag>();
};

LoadResult load_repos(std::vector<RepoInput> repos, const LoadOptions& options);

}  // namespace driftlint
