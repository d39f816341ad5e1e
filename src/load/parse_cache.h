// The parse cache: each repo's parsed files, kept between runs so that a run
// on an unchanged repo skips reading and parsing. One pack file per repo (and
// per parse settings) under <cache-dir>/parse-v1/, holding
//   - entries keyed by content: the git blob id of the file's bytes, whether
//     they came from a commit or from disk, each with its encoded ParsedFile,
//     ignore directives and a checksum;
//   - a path index: path -> (fingerprint, entry). The fingerprint is what can
//     be learnt without reading the file: the blob id for a commit; size,
//     times and inode for a file on disk (git's index does the same). A file
//     modified in the last two seconds gets no fingerprint, so a change within
//     the file system's timestamp granularity is never missed.
// A pack is rewritten (atomically: a new file, renamed over the old) only when
// something changed, and then for a few changed files only its delta, a file
// beside it (load/parse_pack_format.h); a run keeps the bytes it read even if
// a file is truncated or rewritten in place meanwhile (base/file_snapshot.h). Packs
// unused for 30 days are deleted, temporary files of killed runs after an
// hour. A damaged pack or entry is ignored with a note and rebuilt; nothing
// is ever trusted without its checksum and a bounds-checked decode.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <tuple>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/flat_index.h"
#include "load/directives.h"
#include "yaml/template_actions.h"
#include "yaml/parser.h"

namespace driftlint {

class FileSnapshot;
struct LoadResult;
struct LoadedFile;
class FileTree;

// A cached file, decoded.
struct CachedFile {
  yaml::ParsedFile parsed;
  std::vector<IgnoreDirective> directives;
  std::optional<yaml::TemplateAction> template_action;
};

// One repo's pack as read at the start of a run. Lookups are thread-safe.
class ParsePack {
 public:
  // The pack in `file` with the delta beside it when that extends it; null
  // (with `problem` set) when the file exists but is damaged. A damaged
  // delta sets `problem` too, and the pack is read alone.
  static std::unique_ptr<ParsePack> read(const std::string& file, size_t max_depth, std::string& problem);

  // The entry for `path` when its fingerprint still matches.
  // `bytes` and `content_id` are those recorded for the path.
  std::optional<CachedFile> by_fingerprint(const std::string& path, const std::string& fingerprint,
                                           uint64_t& bytes, std::string& content_id) const;
  // The entry with this content id.
  std::optional<CachedFile> by_content(const std::string& content_id) const;

  // Whether the path index is what `files` say (then nothing needs writing;
  // never after a damaged delta).
  // A changed fingerprint of a file found by the blob id git's index records
  // (LoadedFile::by_index_id) counts only beside a fingerprint that did not
  // change: in a fresh clone, where none did, writing them is no use.
  bool same_index(const std::vector<const LoadedFile*>& files) const;

  // For a delta written on top of this pack (ParseCache::store): the pack
  // file's own entry with this content id (not one of its delta's), how many
  // it holds and their bytes, and the checksum of its index, which names it.
  std::optional<uint32_t> base_entry(std::string_view content_id) const;
  uint32_t base_entry_count() const { return base_entries_; }
  uint64_t base_payload_bytes() const;
  uint64_t base_checksum() const { return base_checksum_; }

  size_t damaged_entries() const;
  // Whether a delta beside the pack was read with it.
  bool uses_delta() const { return parts_.size() > 1; }
  // Whether the pack's bytes are a private copy rather than the file's pages.
  bool is_private_copy() const;
  size_t entry_count() const { return entries_.size(); }
  // Entry i, decoded (nullopt when damaged).
  std::optional<CachedFile> entry(uint32_t i) const { return i < entries_.size() ? decode(i) : std::nullopt; }

 private:
  struct Entry {
    std::string_view payload;
    uint64_t checksum;
    uint8_t part;  // 0: the pack file, 1: its delta
  };
  // Views into the pack's bytes, which live as long as the pack: reading an
  // index of 14,000 files allocates nothing per file.
  struct PathRecord {
    std::string_view path;
    std::string_view fingerprint;
    uint32_t entry;
    uint64_t bytes;
  };
  const PathRecord* find_path(std::string_view path) const;
  std::optional<uint32_t> find_content(std::string_view content_id) const;
  std::optional<CachedFile> decode(uint32_t entry) const;
  // The entries of one file (`part`) and, `with_paths`, its path index, from
  // its index's bytes (checksum checked); false when they do not hold
  // together (then that file's entries and any path index are dropped).
  bool read_index(std::string_view in, uint64_t payloads_end, uint8_t part, bool with_paths);

  // The pack file's bytes and its delta's; decoded trees borrow from them,
  // so they live as long as any of them, unchanged whatever happens to the files.
  std::vector<std::shared_ptr<const FileSnapshot>> parts_;
  uint32_t base_entries_ = 0;
  uint64_t base_checksum_ = 0;
  bool delta_damaged_ = false;
  size_t max_depth_ = 0;
  std::vector<Entry> entries_;
  std::vector<std::string_view> entry_ids_;
  // Found through flat indexes, not maps: a node per file was 28,000
  // allocations to read a pack and as many to free it, on the main thread.
  // A path or content id given twice is found as its first.
  FlatIndex by_content_;           // into entry_ids_
  std::vector<PathRecord> paths_;  // the path index, in its order
  FlatIndex by_path_;              // into paths_
  // One flag per entry found damaged (an entry can be asked for twice: by
  // fingerprint, then by content).
  mutable std::unique_ptr<std::atomic<bool>[]> damaged_;
};

class ParseCache {
 public:
  // `dir` is the driftlint cache folder; packs go to dir/parse-v1/.
  ParseCache(std::string dir, const yaml::ParseLimits& limits);

  // The pack file for a tree identity under the current parse settings.
  std::string pack_path(const std::string& tree_identity) const;

  // Reads the pack of one repo; nullptr when there is none or it is damaged
  // (then a note says so).
  std::unique_ptr<ParsePack> open(const std::string& tree_identity, std::vector<std::string>& notes) const;

  // Writes the pack of one repo (`files`: its parsed files), or a delta on
  // `previous` (parse_pack_writer.cc), when they differ from it. False (with
  // a note) when it cannot be written; the run is not affected.
  bool store(const std::string& tree_identity, const std::vector<const LoadedFile*>& files,
             const ParsePack* previous, std::vector<std::string>& notes) const;

  const yaml::ParseLimits& limits() const { return limits_; }

  // Deletes the temporary files of runs killed while writing a pack (20-30
  // MB each for a large repo) once nobody wrote them for `age`: a live
  // writer renames its own within seconds. Run at the start of every run.
  void sweep_temporaries(std::chrono::minutes age = std::chrono::minutes(60)) const;

  // Deletes packs unused for `max_age_days`; at most once a day (a marker
  // file remembers when). Packs in use are touched by open(), so only
  // forgotten repos and settings go.
  void collect_garbage(int max_age_days = 30) const;

 private:
  std::string dir_;
  yaml::ParseLimits limits_;
};

// The git blob id (hex SHA-1) of `text`: the same key for a file on disk and
// for the same bytes in a commit.
std::string content_id_of(std::string_view text);

// Encodes and decodes ignore directives (the loader's part of an entry).
void encode_directives(const std::vector<IgnoreDirective>& directives, std::string& out);
bool decode_directives(std::string_view& in, std::vector<IgnoreDirective>& out);

// A checksum good for finding damaged bytes (not an adversary).
uint64_t cache_checksum(std::string_view bytes);

}  // namespace driftlint
