// Reading a repo's pack (load/parse_pack_format.h): its framing and index
// checked, its entries decoded when a file asks for one.
#include <fcntl.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_snapshot.h"
#include "load/loader.h"
#include "load/parse_cache.h"
#include "load/parse_pack_format.h"
#include "yaml/template_actions.h"
#include "yaml/tree_codec.h"

namespace driftlint {

using yaml::get_string;
using yaml::get_u32;
using yaml::get_u64;
using yaml::get_view;

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
  pack->by_content_.build_by_text(entries, [&](size_t e) { return pack->entry_ids_[e]; });
  pack->by_path_.build_by_text(pack->paths_.size(), [&](size_t p) { return pack->paths_[p].path; });
  pack->damaged_ = std::make_unique<std::atomic<bool>[]>(entries);
  return pack;
}

bool ParsePack::read_index(std::string_view in, uint64_t payloads_end, uint8_t part, bool with_paths) {
  // A delta's entries come after the pack's, and go again if it does not hold together.
  size_t first = part == 0 ? 0 : base_entries_;
  entries_.resize(first);
  entry_ids_.resize(first);
  paths_.clear();
  auto refuse = [&] {
    entries_.resize(first);
    entry_ids_.resize(first);
    paths_.clear();
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
  paths_.reserve(paths);
  for (uint32_t p = 0; p < paths; ++p) {
    PathRecord record;
    if (!get_view(in, record.path) || !get_view(in, record.fingerprint) || !get_u32(in, record.entry) ||
        !get_u64(in, record.bytes) || record.entry >= entries_.size()) {
      return refuse();
    }
    paths_.push_back(record);
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

const ParsePack::PathRecord* ParsePack::find_path(std::string_view path) const {
  std::optional<uint32_t> p =
      by_path_.find_text(path, [&](uint32_t i) { return paths_[i].path; });
  return p ? &paths_[*p] : nullptr;
}

std::optional<uint32_t> ParsePack::find_content(std::string_view content_id) const {
  return by_content_.find_text(content_id, [&](uint32_t e) { return entry_ids_[e]; });
}

std::optional<uint32_t> ParsePack::base_entry(std::string_view content_id) const {
  std::optional<uint32_t> e = find_content(content_id);
  if (!e || *e >= base_entries_) return std::nullopt;
  return e;
}

std::optional<CachedFile> ParsePack::by_fingerprint(const std::string& path, const std::string& fingerprint,
                                                    uint64_t& bytes, std::string& content_id) const {
  if (fingerprint.empty()) return std::nullopt;
  const PathRecord* record = find_path(path);
  if (!record || record->fingerprint != fingerprint) return std::nullopt;
  bytes = record->bytes;
  content_id.assign(entry_ids_[record->entry]);
  return decode(record->entry);
}

std::optional<CachedFile> ParsePack::by_content(const std::string& content_id) const {
  std::optional<uint32_t> e = find_content(content_id);
  if (!e) return std::nullopt;
  return decode(*e);
}

bool ParsePack::is_private_copy() const { return parts_[0]->is_private_copy(); }

size_t ParsePack::damaged_entries() const {
  size_t n = 0;
  for (size_t e = 0; e < entries_.size(); ++e) n += damaged_[e] ? 1 : 0;
  return n;
}

bool ParsePack::same_index(const std::vector<const LoadedFile*>& files) const {
  // A path given twice in the index (never written so) makes it differ.
  if (files.size() != paths_.size() || damaged_entries() > 0 || delta_damaged_) return false;
  // A warm run's: every file taken by the stamp its path has in the index.
  if (std::all_of(files.begin(), files.end(), [](const LoadedFile* f) { return f->by_stamp; })) return true;
  bool restamped = false, stamp_kept = false;
  for (const LoadedFile* f : files) {
    const PathRecord* record = find_path(f->path);
    if (!record || entry_ids_[record->entry] != f->content_id || record->bytes != f->bytes) return false;
    if (record->fingerprint == f->fingerprint) stamp_kept = true;
    else if (f->by_index_id) restamped = true;
    else return false;
  }
  // Stamps git's index vouched for are written down, so that the next run
  // takes those files by stamp without reading git's index (a branch
  // switched to and back, files touched); not when no file kept its stamp:
  // a fresh clone, a CI job's, whose next run is another fresh clone.
  return !restamped || !stamp_kept;
}

}  // namespace driftlint
