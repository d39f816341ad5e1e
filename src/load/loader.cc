#include "load/loader.h"

#include <future>
#include <mutex>

#include <algorithm>
#include <iterator>

#include "base/files.h"
#include "base/lasting_memory.h"
#include "base/parallel.h"
#include "git/worktree_index.h"
#include "load/list_files.h"
#include "load/parse_cache.h"
#include "load/reused_parses.h"

namespace driftlint {
namespace {

// An allocation that failed while parsing says nothing of the file: an input
// error (exit 2) that names the limit, never a yaml-syntax finding.
std::string out_of_memory_error(const RepoInput& repo, const LoadedFile& file, uint64_t max_file_size) {
  return repo.name + "/" + file.path + ": ran out of memory parsing this " + format_size(file.bytes) +
         " file (not checked; --max-file-size is " + format_size(max_file_size) +
         ": lower it to refuse such files, or give driftlint more memory)";
}

}  // namespace

size_t LoadResult::files_from_cache() const {
  return static_cast<size_t>(std::count_if(files.begin(), files.end(), [](const LoadedFile& f) { return f.from_cache; }));
}

std::vector<std::string> LoadResult::wait_for_cache() {
  return cache_written.valid() ? cache_written.get() : std::vector<std::string>{};
}

void LoadResult::leave_to_exit() {
#ifndef DRIFTLINT_SANITIZED
  struct Left {
    std::vector<LoadedFile> files;
    std::vector<Manifest> manifests;
    std::shared_ptr<const LoadIndex> index;
  };
  static std::mutex mutex;
  static auto* left = new std::vector<std::unique_ptr<Left>>;  // still reachable at exit: not a leak to a checker
  std::lock_guard<std::mutex> lock(mutex);
  left->push_back(std::make_unique<Left>(Left{std::move(files), std::move(manifests), std::move(index_)}));
#endif
}

std::vector<const Manifest*> LoadResult::all_manifests() const {
  std::vector<const Manifest*> out;
  out.reserve(manifests.size());
  for (const Manifest& m : manifests) out.push_back(&m);
  return out;
}

const Manifest* LoadResult::manifest_containing(uint32_t file, yaml::Position position) const {
  auto it = std::lower_bound(manifests.begin(), manifests.end(), file,
                             [](const Manifest& m, uint32_t f) { return m.file < f; });
  const Manifest* best = nullptr;
  for (; it != manifests.end() && it->file == file; ++it) {
    yaml::Position start = it->root.position();
    if (start.line < position.line || (start.line == position.line && start.column <= position.column)) {
      best = &*it;
    }
  }
  return best;
}

namespace {

// Each checkout's git index (git/worktree_index.h), read the first time a
// file's stamp misses its pack, or beside the listing when the repo is not
// cached and its files want content ids: a warm run on the same checkout
// never reads it. Thread-safe.
class WorktreeIndexes {
 public:
  explicit WorktreeIndexes(size_t repos) : once_(new std::once_flag[repos]), indexes_(repos) {}
  // Null where the repo is no checkout or its index cannot be trusted.
  const WorktreeIndex* of(uint32_t r, const RepoInput& repo) const {
    if (!repo.git) return nullptr;
    std::call_once(once_[r], [&] { indexes_[r] = WorktreeIndex::read(*repo.git); });
    return indexes_[r].get();
  }

 private:
  std::unique_ptr<std::once_flag[]> once_;
  mutable std::vector<std::unique_ptr<const WorktreeIndex>> indexes_;
};

// The parse cache as this run sees it: one pack per repo, read before and
// written after.
struct CachedRepos {
  std::vector<std::unique_ptr<ParsePack>> packs;
  std::vector<std::string> identities;  // "": the repo is not cached
  std::unique_ptr<WorktreeIndexes> indexes;
  // Per repo: git may filter what it stores of its files (.gitattributes),
  // so the blob ids its index records are not the files' bytes' ids.
  std::vector<char> filtered;
};

// Whether files read want their content ids: for the cache, for another
// load's parses, or for a pull-request run's base to take this one's.
bool wants_content_ids(const LoadOptions& options) { return options.cache || options.reuse || options.content_ids; }

// Whether every file of checkout `r` will be read and take its content id
// from git's index (the repo is not cached): then the index is read beside
// the listing, not on one worker while the others wait for it.
bool reads_every_file_of(const RepoInput& repo, const CachedRepos& cached, uint32_t r, const LoadOptions& options) {
  return wants_content_ids(options) && repo.git && !repo.revision && cached.identities[r].empty();
}

CachedRepos open_packs(const std::vector<RepoInput>& repos, const LoadOptions& options, std::vector<std::string>& notes) {
  CachedRepos cached;
  cached.packs.resize(repos.size());
  cached.identities.resize(repos.size());
  cached.indexes = std::make_unique<WorktreeIndexes>(repos.size());
  if (options.cache) options.cache->sweep_temporaries();
  for (uint32_t r = 0; r < repos.size(); ++r) {
    if (options.cache) cached.identities[r] = repos[r].tree->cache_identity();
    if (!cached.identities[r].empty()) cached.packs[r] = options.cache->open(cached.identities[r], notes);
    if (reads_every_file_of(repos[r], cached, r, options)) cached.indexes->of(r, repos[r]);
  }
  return cached;
}

void use_cached(LoadedFile& file, CachedFile&& cached) {
  file.parsed = std::move(cached.parsed);
  file.directives = std::move(cached.directives);
  file.template_action = std::move(cached.template_action);
  file.from_cache = true;
}

// What loading one file gave: an input error ("" for none) and, when its
// parse was taken from another load (LoadOptions::reuse), that load's file.
struct FileLoaded {
  std::string error;
  std::optional<uint32_t> same_as;
};

FileLoaded use_reused(LoadedFile& file, const ParsedByContent& reuse, uint32_t same_as) {
  const LoadedFile& same = reuse.load->files[same_as];
  file.parsed = same.parsed;  // the tree is shared, not copied
  file.directives = same.directives;
  file.template_action = same.template_action;
  return {{}, same_as};
}

// Takes the parse of a file whose content id the tree knows (a blob at a
// revision) from another load that parsed the same content: the blob is
// never read nor inflated. Same bytes, same limits: same parse.
std::optional<FileLoaded> reuse_known(LoadedFile& file, const FileTree& tree, const ParsedByContent& reuse) {
  std::string id = tree.known_content_id(file.path);
  if (id.empty()) return std::nullopt;
  auto it = reuse.files.find(id);
  if (it == reuse.files.end()) return std::nullopt;
  file.bytes = reuse.load->files[it->second].bytes;
  file.content_id = std::move(id);
  return use_reused(file, reuse, it->second);
}

// The blob id git's index records for a checkout's file, where the file's
// stamp is the one recorded beside it (git/worktree_index.h); "" else.
std::string blob_id_in_index(const LoadedFile& file, const FileStamp& stamp, const RepoInput& repo,
                             const CachedRepos& cached) {
  if (!settled(stamp) || cached.filtered[file.repo]) return {};  // blob_id would refuse it: the index is not read for it
  const WorktreeIndex* index = cached.indexes->of(file.repo, repo);
  if (!index) return {};
  return index->blob_id(repo.git_folder.empty() ? file.path : repo.git_folder + "/" + file.path, stamp);
}

// A file of a checkout whose stamp the pack does not know (a fresh checkout:
// new inodes and times) but git's index does: the entry of the blob id the
// index records, without reading the file.
std::optional<CachedFile> by_blob_id_in_index(LoadedFile& file, const FileStamp& stamp, const RepoInput& repo,
                                      const ParsePack& pack, const CachedRepos& cached) {
  std::string id = blob_id_in_index(file, stamp, repo, cached);
  if (id.empty()) return std::nullopt;
  std::optional<CachedFile> hit = pack.by_content(id);
  if (!hit) return std::nullopt;
  file.bytes = static_cast<uint64_t>(stamp.size);
  file.content_id = std::move(id);
  file.by_index_id = true;
  return hit;
}

// Reads one file (or takes it from the cache: first by fingerprint, without
// reading it, then by the blob id git's index records, then by content) and
// parses it.
FileLoaded load_file(LoadedFile& file, const FileStamp* stamp, const RepoInput& repo, const CachedRepos& cached,
                     const yaml::ParseLimits& limits, const LoadOptions& options) {
  bool cache_on = !cached.identities[file.repo].empty();
  const ParsePack* pack = cached.packs[file.repo].get();
  if (cache_on) {  // kept in the pack either way
    file.fingerprint = stamp && stamp->taken() ? fingerprint_of(*stamp) : repo.tree->content_fingerprint(file.path);
  }
  if (options.reuse) {
    if (std::optional<FileLoaded> reused = reuse_known(file, *repo.tree, *options.reuse)) return *reused;
  }
  if (pack) {
    std::optional<CachedFile> hit = pack->by_fingerprint(file.path, file.fingerprint, file.bytes, file.content_id);
    file.by_stamp = hit.has_value();
    if (!hit && stamp) hit = by_blob_id_in_index(file, *stamp, repo, *pack, cached);
    if (hit) {
      // The pack is shared by every size limit: a file over this run's is not taken.
      if (file.bytes > options.max_file_size) {
        file.too_large = true;
        file.by_stamp = false;
        file.content_id.clear();
        return {};
      }
      use_cached(file, std::move(*hit));
      return {};
    }
  }
  Expected<FileContent> content = repo.tree->read(file.path, options.max_file_size);
  if (!content) return {content.error().message};
  file.bytes = content->size;
  if (content->too_large) {
    file.too_large = true;
    return {};
  }
  if (cache_on || options.reuse || options.content_ids) {
    // Git's own record where it stands (hashing, SHA-1 with collision
    // detection, was a sixth of a pull-request run's load without a cache),
    // and only for an id this run alone uses: a file rewritten while it was
    // read would leave its new parse under its old blob's id, and a pack
    // would keep it so.
    if (!cache_on) file.content_id = blob_id_in_index(file, content->stamp, repo, cached);
    if (file.content_id.empty()) file.content_id = content_id_of(content->text);
    if (pack) {
      if (auto hit = pack->by_content(file.content_id)) {
        use_cached(file, std::move(*hit));
        return {};
      }
    }
    if (options.reuse) {
      if (auto it = options.reuse->files.find(file.content_id); it != options.reuse->files.end()) {
        return use_reused(file, *options.reuse, it->second);
      }
    }
  }
  // A template is not YAML yet: never parsed (so never a yaml-syntax error)
  // nor judged; reported once as not rendered.
  file.template_action = yaml::find_template_action(content->text);
  if (file.template_action) return {};
  file.parsed = yaml::parse_yaml(content->text, limits);
  if (file.parsed.out_of_memory) {
    file.content_id.clear();  // never cached as parsed
    return {out_of_memory_error(repo, file, options.max_file_size)};
  }
  if (content->text.find(kIgnoreMarker) != std::string::npos) {
    file.directives = scan_ignore_directives(content->text, file.parsed);
  }
  return {};
}

// Joins what the workers made, in file order.
void join_files(LoadResult& result, std::vector<Extracted>& per_file, std::vector<std::string>& read_errors) {
  size_t manifest_count = 0;
  for (const Extracted& e : per_file) manifest_count += e.manifests.size();
  result.manifests.reserve(manifest_count);
  for (uint32_t i = 0; i < result.files.size(); ++i) {
    if (!read_errors[i].empty()) result.errors.push_back(std::move(read_errors[i]));
    result.bytes += result.files[i].bytes;
    Extracted& e = per_file[i];
    std::move(e.manifests.begin(), e.manifests.end(), std::back_inserter(result.manifests));
    std::move(e.build_files.begin(), e.build_files.end(), std::back_inserter(result.build_files));
    result.documents += e.documents;
    const LoadedFile& f = result.files[i];
    if (f.template_action) {
      result.skipped.emplace_back(
          f.repo, SkippedPath{f.path,
                              "a template (Go, Jinja or Terraform; line " + std::to_string(f.template_action->line) + ": " +
                                  f.template_action->excerpt + "), not rendered: not checked",
                              true});
    }
  }
}

// What the cache writer stores for one repo. It owns copies of the files
// (their parsed trees are shared, not copied), so it never points into the
// LoadResult, whatever the caller does with it meanwhile.
struct RepoToStore {
  std::string identity;
  std::vector<LoadedFile> files;
  std::unique_ptr<ParsePack> previous;
};

std::vector<RepoToStore> repos_to_store(LoadResult& result, const LoadOptions& options, CachedRepos& cached) {
  std::vector<RepoToStore> to_store;
  for (uint32_t r = 0; r < result.repos.size(); ++r) {
    if (cached.identities[r].empty()) continue;
    RepoToStore store{cached.identities[r], {}, std::move(cached.packs[r])};
    if (store.previous && store.previous->damaged_entries() > 0) {
      result.notes.push_back("parse cache " + options.cache->pack_path(store.identity) + ": " +
                             std::to_string(store.previous->damaged_entries()) +
                             " damaged entries ignored (those files were parsed again; the pack is rebuilt)");
    }
    std::vector<const LoadedFile*> files;
    for (const LoadedFile& f : result.files) {
      if (f.repo == r && !f.content_id.empty()) files.push_back(&f);
    }
    // Nothing changed (a warm run): no copy, nothing to write.
    if (store.previous && store.previous->same_index(files)) continue;
    for (const LoadedFile* f : files) store.files.push_back(*f);
    to_store.push_back(std::move(store));
  }
  return to_store;
}

void store_cache(LoadResult& result, const LoadOptions& options, CachedRepos& cached) {
  auto write = [cache = options.cache, to_store = repos_to_store(result, options, cached)]() {
    std::vector<std::string> notes;
    for (const RepoToStore& r : to_store) {
      std::vector<const LoadedFile*> files;
      for (const LoadedFile& f : r.files) files.push_back(&f);
      cache->store(r.identity, files, r.previous.get(), notes);
    }
    cache->collect_garbage();
    return notes;
  };
  if (options.store_cache_in_background) {
    result.cache_written = std::async(std::launch::async, std::move(write));
  } else {
    for (std::string& n : write()) result.notes.push_back(std::move(n));
  }
}

}  // namespace

LoadResult load_repos(std::vector<RepoInput> repos, const LoadOptions& options) {
  LoadResult result;
  result.repos = std::move(repos);
  // The packs are opened (mapped, their indexes read) and git's indexes read
  // where they will be wanted while the repos are listed.
  std::vector<std::string> cache_notes;
  std::future<CachedRepos> packs = run_beside(wants_content_ids(options) ? options.jobs : 1,
                                             [&] { return open_packs(result.repos, options, cache_notes); });
  Listed listed = list_files(result, options.jobs, options.cache != nullptr, options.progress);
  const std::vector<FileStamp>& stamps = listed.stamps;
  CachedRepos cached = packs.get();
  cached.filtered = std::move(listed.attributes);
  std::move(cache_notes.begin(), cache_notes.end(), std::back_inserter(result.notes));
  progress_begin(options.progress, ProgressPhase::Parsing, result.files.size());
  const yaml::ParseLimits& limits = options.cache ? options.cache->limits() : options.parse_limits;
  // Each file is read (or taken from the cache), parsed and turned into
  // manifests on a worker; the results are joined in file order.
  std::vector<std::string> read_errors(result.files.size());
  std::vector<Extracted> per_file(result.files.size());
  if (options.reuse) result.taken_from.assign(result.files.size(), LoadResult::kNotTaken);
  parallel_for(result.files.size(), options.jobs, [&](size_t i) {
    LoadedFile& file = result.files[i];
    const FileStamp* stamp = i < stamps.size() ? &stamps[i] : nullptr;
    FileLoaded loaded = load_file(file, stamp, result.repos[file.repo], cached, limits, options);
    read_errors[i] = std::move(loaded.error);
    auto index = static_cast<uint32_t>(i);
    if (loaded.same_as) result.taken_from[i] = *loaded.same_as;
    if (!loaded.same_as || !copy_objects(*options.reuse->load, *loaded.same_as, file.path, index, per_file[i])) {
      extract_manifests(file.parsed, file.path, index, per_file[i]);
    }
    progress_step(options.progress, file.from_cache);
  });
  progress_end(options.progress);
  release_untouched_lasting_memory();  // the trees' last block: its tail is resident, and few trees come after
  join_files(result, per_file, read_errors);
  if (options.cache) store_cache(result, options, cached);
  return result;
}

}  // namespace driftlint
