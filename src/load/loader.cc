#include "load/loader.h"

#include <algorithm>
#include <iterator>

#include "base/files.h"
#include "base/parallel.h"
#include "load/parse_cache.h"

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

LoadResult load_repos(std::vector<RepoInput> repos, const LoadOptions& options) {
  LoadResult result;
  result.repos = std::move(repos);
  for (uint32_t r = 0; r < result.repos.size(); ++r) {
    FileListing listing = result.repos[r].tree->list();
    for (std::string& path : listing.files) {
      LoadedFile file;
      file.repo = r;
      file.path = std::move(path);
      result.files.push_back(std::move(file));
    }
    for (SkippedPath& skipped : listing.skipped) result.skipped.emplace_back(r, std::move(skipped));
    for (std::string& error : listing.errors) result.errors.push_back(std::move(error));
  }

  std::vector<std::string> read_errors(result.files.size());
  // The parse cache: one pack per repo, read before and written after.
  std::vector<std::unique_ptr<ParsePack>> packs(result.repos.size());
  std::vector<std::string> identities(result.repos.size());  // "": the repo is not cached
  if (options.cache) {
    options.cache->sweep_temporaries();
    for (uint32_t r = 0; r < result.repos.size(); ++r) {
      identities[r] = result.repos[r].tree->cache_identity();
      if (!identities[r].empty()) packs[r] = options.cache->open(identities[r], result.notes);
    }
  }
  const yaml::ParseLimits& limits = options.cache ? options.cache->limits() : options.parse_limits;

  // Each file is read (or taken from the cache), parsed and turned into
  // manifests on a worker; the results are joined in file order below.
  std::vector<Extracted> per_file(result.files.size());
  auto load_file = [&](size_t i) {
    LoadedFile& file = result.files[i];
    const RepoInput& repo = result.repos[file.repo];
    const ParsePack* pack = packs[file.repo].get();
    auto use = [&](CachedFile&& cached) {
      file.parsed = std::move(cached.parsed);
      file.directives = std::move(cached.directives);
      file.from_cache = true;
    };
    if (!identities[file.repo].empty()) {
      file.fingerprint = repo.tree->content_fingerprint(file.path);
      if (pack) {
        if (auto hit = pack->by_fingerprint(file.path, file.fingerprint, file.bytes, file.content_id)) {
          use(std::move(*hit));
          return;
        }
      }
    }
    Expected<FileContent> content = repo.tree->read(file.path, options.max_file_size);
    if (!content) {
      read_errors[i] = content.error().message;
      return;
    }
    file.bytes = content->size;
    if (content->too_large) {
      file.too_large = true;
      return;
    }
    if (!identities[file.repo].empty()) {
      file.content_id = content_id_of(content->text);
      if (pack) {
        if (auto hit = pack->by_content(file.content_id)) {
          use(std::move(*hit));
          return;
        }
      }
    }
    file.parsed = yaml::parse_yaml(content->text, limits);
    if (file.parsed.out_of_memory) {
      read_errors[i] = out_of_memory_error(repo, file, options.max_file_size);
      file.content_id.clear();  // never cached as parsed
      return;
    }
    if (content->text.find(kIgnoreMarker) != std::string::npos) {
      file.directives = scan_ignore_directives(content->text, file.parsed);
    }
  };
  parallel_for(result.files.size(), options.jobs, [&](size_t i) {
    load_file(i);
    extract_manifests(result.files[i].parsed, result.files[i].path, static_cast<uint32_t>(i), per_file[i]);
  });
  size_t manifest_count = 0;
  for (const Extracted& e : per_file) manifest_count += e.manifests.size();
  result.manifests.reserve(manifest_count);
  for (uint32_t i = 0; i < result.files.size(); ++i) {
    if (!read_errors[i].empty()) result.errors.push_back(read_errors[i]);
    result.bytes += result.files[i].bytes;
    Extracted& e = per_file[i];
    std::move(e.manifests.begin(), e.manifests.end(), std::back_inserter(result.manifests));
    std::move(e.build_files.begin(), e.build_files.end(), std::back_inserter(result.build_files));
    result.documents += e.documents;
  }
  if (options.cache) {
    // What the writer needs, held by value: `result` itself moves on return,
    // its files (in the vector's buffer) do not.
    struct RepoToStore {
      std::string identity;
      std::vector<const LoadedFile*> files;
      std::unique_ptr<ParsePack> previous;
    };
    std::vector<RepoToStore> to_store;
    for (uint32_t r = 0; r < result.repos.size(); ++r) {
      if (identities[r].empty()) continue;
      RepoToStore store{identities[r], {}, std::move(packs[r])};
      if (store.previous && store.previous->damaged_entries() > 0) {
        result.notes.push_back("parse cache " + options.cache->pack_path(store.identity) + ": " +
                               std::to_string(store.previous->damaged_entries()) +
                               " damaged entries ignored (those files were parsed again; the pack is rebuilt)");
      }
      for (const LoadedFile& f : result.files) {
        if (f.repo == r && !f.content_id.empty()) store.files.push_back(&f);
      }
      to_store.push_back(std::move(store));
    }
    auto write = [cache = options.cache, to_store = std::move(to_store)]() {
      std::vector<std::string> notes;
      for (const RepoToStore& r : to_store) cache->store(r.identity, r.files, r.previous.get(), notes);
      cache->collect_garbage();
      return notes;
    };
    if (options.store_cache_in_background) {
      result.cache_written = std::async(std::launch::async, std::move(write));
    } else {
      for (std::string& n : write()) result.notes.push_back(std::move(n));
    }
  }
  return result;
}

}  // namespace driftlint
