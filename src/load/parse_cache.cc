#include "load/parse_cache.h"

#include <fcntl.h>
#include <git2.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/file_snapshot.h"
#include "base/files.h"
#include "base/hash.h"
#include "git/repository.h"
#include "load/loader.h"
#include "load/parse_pack_format.h"
#include "yaml/template_actions.h"
#include "yaml/tree_codec.h"

namespace driftlint {

namespace fs = std::filesystem;
using yaml::get_string;
using yaml::get_view;
using yaml::get_u32;
using yaml::get_u64;
using yaml::put_string;
using yaml::put_u32;
using yaml::put_u64;

namespace {

std::string settings_key(const yaml::ParseLimits& limits) {
  return std::string(DRIFTLINT_VERSION) + "/" + std::string(pack_format::kMagic) + "/" +
         (limits.engine == yaml::YamlEngine::Libyaml ? "libyaml" : "yaml-cpp") + "/depth=" +
         std::to_string(limits.max_depth) + "/aliases=" + std::to_string(limits.max_alias_expansion) +
         "/templates=" + std::to_string(yaml::kTemplateActionsVersion);
}

// Packs and their deltas.
bool is_pack(const std::string& name) { return name.ends_with(".pack") || name.ends_with(".delta"); }

// What write_file_atomically writes before its rename.
bool is_temporary(const std::string& name) { return name.find(".tmp-") != std::string::npos; }

// Removes the files of `folder` that `select` picks and that nobody wrote
// for `age`.
void remove_unwritten_for(const fs::path& folder, bool (*select)(const std::string&), fs::file_time_type::duration age) {
  std::error_code ec;
  auto now = fs::file_time_type::clock::now();
  for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    if (!select(it->path().filename().string())) continue;
    std::error_code time_ec;
    auto written = fs::last_write_time(it->path(), time_ec);
    if (!time_ec && now - written > age) fs::remove(it->path(), time_ec);
  }
}

constexpr uint64_t kMix1 = 0x9E3779B185EBCA87ull, kMix2 = 0xC2B2AE3D27D4EB4Full;

uint64_t rotate_left(uint64_t h, int bits) { return (h << bits) | (h >> (64 - bits)); }

// Mixes eight bytes into a lane: a multiply, a rotate, a multiply.
uint64_t mix_word(uint64_t h, const char* at) {
  uint64_t w;
  std::memcpy(&w, at, 8);
  h ^= w * kMix1;
  return rotate_left(h, 31) * kMix2;
}

}  // namespace

uint64_t cache_checksum(std::string_view bytes) {
  // Four lanes of eight bytes each: a lane's multiplies wait for its previous
  // word, so one lane runs at a quarter of what the core can do, and a warm
  // run checks every entry it reads (50 MB for 20,000 manifests).
  const char* p = bytes.data();
  size_t n = bytes.size(), i = 0;
  uint64_t lanes[4] = {kMix2 ^ n, kMix1 ^ n, rotate_left(kMix2, 17) ^ n, rotate_left(kMix1, 29) ^ n};
  for (; i + 32 <= n; i += 32) {
    for (int l = 0; l < 4; ++l) lanes[l] = mix_word(lanes[l], p + i + 8 * l);
  }
  uint64_t h = lanes[0];
  for (int l = 1; l < 4; ++l) h = rotate_left(h ^ (lanes[l] * kMix1), 27) * kMix2;
  for (; i + 8 <= n; i += 8) h = mix_word(h, p + i);
  char tail[8] = {};
  if (i < n) std::memcpy(tail, p + i, n - i);
  h = mix_word(h, tail);
  h ^= h >> 29;
  h *= kMix2;
  h ^= h >> 32;
  return h;
}

std::string content_id_of(std::string_view text) {
  ensure_libgit2();
  git_oid oid;
  if (git_odb_hash(&oid, text.data(), text.size(), GIT_OBJECT_BLOB) != 0) return {};
  char buffer[GIT_OID_HEXSZ + 1];
  git_oid_tostr(buffer, sizeof buffer, &oid);
  return buffer;
}

bool decode_template_action(std::string_view& in, std::optional<yaml::TemplateAction>& out) {
  if (in.empty() || static_cast<uint8_t>(in[0]) > 1) return false;
  bool present = in[0] == '\1';
  in.remove_prefix(1);
  if (!present) return true;
  yaml::TemplateAction action;
  if (!get_u32(in, action.line) || !get_u32(in, action.column) || !get_string(in, action.excerpt)) return false;
  out = std::move(action);
  return true;
}

bool decode_directives(std::string_view& in, std::vector<IgnoreDirective>& out) {
  uint32_t count;
  if (!get_u32(in, count) || in.size() / 25 < count) return false;
  out.resize(count);
  for (IgnoreDirective& d : out) {
    if (in.empty() || static_cast<uint8_t>(in[0]) > static_cast<uint8_t>(IgnoreDirective::Scope::File)) return false;
    d.scope = static_cast<IgnoreDirective::Scope>(in[0]);
    in.remove_prefix(1);
    uint32_t rules;
    if (!get_u32(in, d.line) || !get_u32(in, d.column) || !get_u32(in, d.from_line) || !get_u32(in, d.to_line) ||
        !get_u32(in, rules) || in.size() / 4 < rules) {
      return false;
    }
    d.rules.resize(rules);
    for (std::string& r : d.rules) {
      if (!get_string(in, r)) return false;
    }
    if (!get_string(in, d.reason)) return false;
  }
  return true;
}

namespace {

// One file of a pack (the pack itself or its delta), its framing checked:
// the magic, where the index starts, the index's checksum.
struct PackFile {
  std::shared_ptr<const FileSnapshot> snapshot;
  std::string_view index;  // without its checksum
  uint64_t index_at = 0;
  uint64_t index_checksum = 0;
};

std::string damaged_note(const std::string& file, const std::string& what) {
  return "parse cache " + file + " is damaged (" + what + "); ignored, and rebuilt after this run";
}

// Nullopt when the file is absent (no problem) or damaged (`problem` says so).
std::optional<PackFile> open_pack_file(const std::string& file, std::string_view magic, std::string& problem) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;  // none yet: not a problem
  // The trees borrow the snapshot's bytes, whichever way it holds them (the
  // page cache's own pages mapped under a lease, or a copy), and it keeps them
  // as they are for the whole run, even if the file is truncated or
  // rewritten in place.
  Expected<std::shared_ptr<const FileSnapshot>> snapshot = FileSnapshot::take(fd);
  if (!snapshot) {
    problem = damaged_note(file, snapshot.error().message);
    return std::nullopt;
  }
  auto damaged = [&](const std::string& what) {
    problem = damaged_note(file, what);
    return std::nullopt;
  };
  PackFile out;
  out.snapshot = *snapshot;
  std::string_view data = out.snapshot->bytes();
  if (data.substr(0, magic.size()) != magic) return damaged("not a driftlint parse cache");
  // The index is at the end, whole: opening the pack walks its contiguous
  // bytes only, not a header beside every entry (14,000 pages apart on a
  // large repo).
  std::string_view trailer = data.size() >= magic.size() + 8 ? data.substr(data.size() - 8) : std::string_view();
  if (!get_u64(trailer, out.index_at) || out.index_at < magic.size() || out.index_at > data.size() - 8) {
    return damaged("truncated");
  }
  std::string_view index_bytes = data.substr(out.index_at, data.size() - 8 - out.index_at);
  if (index_bytes.size() < 8) return damaged("truncated");
  out.index = index_bytes.substr(0, index_bytes.size() - 8);
  std::string_view sum = index_bytes.substr(index_bytes.size() - 8);
  if (!get_u64(sum, out.index_checksum) || out.index_checksum != cache_checksum(out.index)) {
    return damaged("bad index checksum");
  }
  return out;
}

}  // namespace

std::unique_ptr<ParsePack> ParsePack::read(const std::string& file, size_t max_depth, std::string& problem) {
  std::optional<PackFile> base = open_pack_file(file, pack_format::kMagic, problem);
  if (!base) return nullptr;
  auto pack = std::unique_ptr<ParsePack>(new ParsePack());
  pack->max_depth_ = max_depth;
  pack->parts_.push_back(base->snapshot);
  pack->base_checksum_ = base->index_checksum;
  // The delta, when it extends this very pack, holds the path index: the
  // pack's own is then not read.
  std::string delta_file = pack_format::delta_path_of(file);
  std::string delta_problem;
  std::optional<PackFile> delta = open_pack_file(delta_file, pack_format::kDeltaMagic, delta_problem);
  uint64_t delta_base = 0;
  if (delta && (!get_u64(delta->index, delta_base) || delta_base != base->index_checksum)) delta.reset();  // stale
  if (!pack->read_index(base->index, base->index_at, 0, !delta)) {
    problem = damaged_note(file, "bad index");
    return nullptr;
  }
  pack->base_entries_ = static_cast<uint32_t>(pack->entries_.size());
  if (delta) {
    pack->parts_.push_back(delta->snapshot);
    if (!pack->read_index(delta->index, delta->index_at, 1, true)) {
      delta_problem = damaged_note(delta_file, "bad index");
      pack->parts_.pop_back();
      if (!pack->read_index(base->index, base->index_at, 0, true)) {
        problem = damaged_note(file, "bad index");
        return nullptr;
      }
    }
  }
  // Written again after this run, whatever else changed.
  pack->delta_damaged_ = !delta_problem.empty();
  if (pack->delta_damaged_) problem = delta_problem;
  uint32_t entries = static_cast<uint32_t>(pack->entries_.size());
  pack->by_content_.reserve(entries);
  for (uint32_t e = 0; e < entries; ++e) pack->by_content_.emplace(pack->entry_ids_[e], e);
  pack->damaged_ = std::make_unique<std::atomic<bool>[]>(entries);
  return pack;
}

bool ParsePack::read_index(std::string_view in, uint64_t payloads_end, uint8_t part, bool with_paths) {
  // A delta's entries come after the pack's, and go again if it does not hold together.
  size_t first = part == 0 ? 0 : base_entries_;
  entries_.resize(first);
  entry_ids_.resize(first);
  by_path_.clear();
  auto refuse = [&] {
    entries_.resize(first);
    entry_ids_.resize(first);
    by_path_.clear();
    return false;
  };
  std::string_view data = parts_[part]->bytes();
  size_t magic = part == 0 ? pack_format::kMagic.size() : pack_format::kDeltaMagic.size();
  uint32_t base_entries = 0;
  if (part == 1 && (!get_u32(in, base_entries) || base_entries != base_entries_)) return refuse();
  uint32_t entries = 0;
  if (!get_u32(in, entries) || in.size() / 28 < entries) return refuse();
  entries_.reserve(first + entries);
  entry_ids_.reserve(first + entries);
  for (uint32_t e = 0; e < entries; ++e) {
    std::string_view id;
    uint64_t checksum, offset, length;
    if (!get_view(in, id) || !get_u64(in, checksum) || !get_u64(in, offset) || !get_u64(in, length) ||
        offset < magic || offset > payloads_end || length > payloads_end - offset) {
      return refuse();
    }
    entries_.push_back({data.substr(offset, length), checksum, part});
    entry_ids_.push_back(id);
  }
  if (!with_paths) return true;
  uint32_t paths = 0;
  if (!get_u32(in, paths) || in.size() / 20 < paths) return refuse();
  by_path_.reserve(paths);
  for (uint32_t p = 0; p < paths; ++p) {
    std::string_view path;
    PathRecord record;
    if (!get_view(in, path) || !get_view(in, record.fingerprint) || !get_u32(in, record.entry) ||
        !get_u64(in, record.bytes) || record.entry >= entries_.size()) {
      return refuse();
    }
    by_path_.emplace(path, record);
  }
  if (!in.empty()) return refuse();
  return true;
}

std::optional<CachedFile> ParsePack::decode(uint32_t entry) const {
  const Entry& e = entries_[entry];
  std::string_view in = e.payload;
  if (cache_checksum(in) != e.checksum) {
    damaged_[entry] = true;
    return std::nullopt;
  }
  std::optional<yaml::ParsedFile> parsed = yaml::decode_parsed_file(in, max_depth_, parts_[e.part]);
  CachedFile out;
  if (!parsed || !decode_directives(in, out.directives) || !decode_template_action(in, out.template_action) ||
      !in.empty()) {
    damaged_[entry] = true;
    return std::nullopt;
  }
  out.parsed = std::move(*parsed);
  return out;
}

uint64_t ParsePack::base_payload_bytes() const {
  uint64_t bytes = 0;
  for (uint32_t e = 0; e < base_entries_; ++e) bytes += entries_[e].payload.size();
  return bytes;
}

std::optional<uint32_t> ParsePack::base_entry(std::string_view content_id) const {
  auto it = by_content_.find(content_id);
  if (it == by_content_.end() || it->second >= base_entries_) return std::nullopt;
  return it->second;
}

std::optional<CachedFile> ParsePack::by_fingerprint(const std::string& path, const std::string& fingerprint,
                                                    uint64_t& bytes, std::string& content_id) const {
  if (fingerprint.empty()) return std::nullopt;
  auto it = by_path_.find(path);
  if (it == by_path_.end() || it->second.fingerprint != fingerprint) return std::nullopt;
  bytes = it->second.bytes;
  content_id.assign(entry_ids_[it->second.entry]);
  return decode(it->second.entry);
}

std::optional<CachedFile> ParsePack::by_content(const std::string& content_id) const {
  auto it = by_content_.find(content_id);
  if (it == by_content_.end()) return std::nullopt;
  return decode(it->second);
}

bool ParsePack::is_private_copy() const { return parts_[0]->is_private_copy(); }

size_t ParsePack::damaged_entries() const {
  size_t n = 0;
  for (size_t e = 0; e < entries_.size(); ++e) n += damaged_[e] ? 1 : 0;
  return n;
}

bool ParsePack::same_index(const std::vector<const LoadedFile*>& files) const {
  if (files.size() != by_path_.size() || damaged_entries() > 0 || delta_damaged_) return false;
  // A warm run's: every file taken by the stamp its path has in the index.
  if (std::all_of(files.begin(), files.end(), [](const LoadedFile* f) { return f->by_stamp; })) return true;
  bool restamped = false, stamp_kept = false;
  for (const LoadedFile* f : files) {
    auto it = by_path_.find(f->path);
    if (it == by_path_.end() || entry_ids_[it->second.entry] != f->content_id || it->second.bytes != f->bytes) {
      return false;
    }
    if (it->second.fingerprint == f->fingerprint) stamp_kept = true;
    else if (f->by_index_id) restamped = true;
    else return false;
  }
  // Stamps git's index vouched for are written down, so that the next run
  // takes those files by stamp without reading git's index (a branch
  // switched to and back, files touched); not when no file kept its stamp:
  // a fresh clone, a CI job's, whose next run is another fresh clone.
  return !restamped || !stamp_kept;
}

ParseCache::ParseCache(std::string dir, const yaml::ParseLimits& limits)
    : dir_(std::move(dir)), limits_(limits) {}

std::string ParseCache::pack_path(const std::string& tree_identity) const {
  std::string key = settings_key(limits_) + "\n" + tree_identity;
  return (fs::path(dir_) / "parse-v1" / (hex64(cache_checksum(key)) + ".pack")).string();
}

std::unique_ptr<ParsePack> ParseCache::open(const std::string& tree_identity, std::vector<std::string>& notes) const {
  std::string problem;
  std::string path = pack_path(tree_identity);
  std::unique_ptr<ParsePack> pack = ParsePack::read(path, limits_.max_depth, problem);
  if (!problem.empty()) notes.push_back(problem);
  // In use: kept from garbage collection (a stale delta is not, and goes).
  auto keep = [](const std::string& file) {
    struct stat st;
    if (::stat(file.c_str(), &st) == 0 && time(nullptr) - st.st_mtime > 86400) {
      ::utimensat(AT_FDCWD, file.c_str(), nullptr, 0);
    }
  };
  if (pack) keep(path);
  if (pack && pack->uses_delta()) keep(pack_format::delta_path_of(path));
  return pack;
}

void ParseCache::sweep_temporaries(std::chrono::minutes age) const {
  remove_unwritten_for(fs::path(dir_) / "parse-v1", is_temporary, age);
}

void ParseCache::collect_garbage(int max_age_days) const {
  fs::path folder = fs::path(dir_) / "parse-v1";
  fs::path marker = folder / ".last-gc";
  std::error_code ec;
  auto last = fs::last_write_time(marker, ec);
  if (!ec && fs::file_time_type::clock::now() - last < std::chrono::hours(24)) return;
  write_file_atomically(marker.string(), [](std::ostream& out) { out << '\n'; }, 0600);
  remove_unwritten_for(folder, is_pack, std::chrono::hours(24 * max_age_days));
}

}  // namespace driftlint
