// Writing the parse cache (load/parse_pack_format.h): a delta beside the
// pack when the files the pack does not hold are few, else the pack whole.
#include <cstdio>
#include <filesystem>
#include <unordered_map>

#include "base/files.h"
#include "base/gathered_writes.h"
#include "load/loader.h"
#include "load/parse_cache.h"
#include "load/parse_pack_format.h"
#include "yaml/tree_codec.h"

namespace driftlint {

namespace fs = std::filesystem;
using yaml::put_string;
using yaml::put_u32;
using yaml::put_u64;

void encode_directives(const std::vector<IgnoreDirective>& directives, std::string& out) {
  put_u32(out, static_cast<uint32_t>(directives.size()));
  for (const IgnoreDirective& d : directives) {
    out.push_back(static_cast<char>(d.scope));
    put_u32(out, d.line);
    put_u32(out, d.column);
    put_u32(out, d.from_line);
    put_u32(out, d.to_line);
    put_u32(out, static_cast<uint32_t>(d.rules.size()));
    for (const std::string& r : d.rules) put_string(out, r);
    put_string(out, d.reason);
  }
}

namespace {

void encode_template_action(const Rare<yaml::TemplateAction>& action, std::string& out) {
  out.push_back(action ? '\1' : '\0');
  if (!action) return;
  put_u32(out, action->line);
  put_u32(out, action->column);
  put_string(out, action->excerpt);
}

// One file's entry as the pack holds it.
std::string encode_entry(const LoadedFile& f) {
  std::string payload;
  yaml::encode_parsed_file(f.parsed, payload);
  encode_directives(f.directives, payload);
  encode_template_action(f.template_action, payload);
  return payload;
}

// Appends an entry's payload to the file and its record to the index.
void add_entry(GatheredWrites& file, std::string& index, std::string_view content_id, std::string_view payload) {
  // Padding, so that the payload's arrays can be borrowed in place.
  file.add(std::string(yaml::encoding_padding(file.written()), '\0'));
  put_string(index, content_id);
  put_u64(index, cache_checksum(payload));
  put_u64(index, file.written());
  put_u64(index, payload.size());
  file.add(payload);
}

// The path index (file i holds entry `entries[i]`), then the index's
// checksum and where it starts, after everything else.
void finish(GatheredWrites& file, std::string& index, const std::vector<const LoadedFile*>& files,
            const std::vector<uint32_t>& entries) {
  size_t bytes = index.size() + 4 + 16;
  for (const LoadedFile* f : files) bytes += 4 + f->path.size() + 4 + f->fingerprint.size() + 4 + 8;
  index.reserve(bytes);  // once: the index of a large repo is megabytes
  put_u32(index, static_cast<uint32_t>(files.size()));
  for (size_t i = 0; i < files.size(); ++i) {
    put_string(index, files[i]->path);
    put_string(index, files[i]->fingerprint);
    put_u32(index, entries[i]);
    put_u64(index, files[i]->bytes);
  }
  put_u64(index, cache_checksum(index));
  put_u64(index, file.written());  // where the index starts
  file.add(index);
  file.flush();
}

bool write_whole_pack(const std::string& path, const std::vector<const LoadedFile*>& files) {
  std::unordered_map<std::string_view, uint32_t> entry_of;
  std::vector<const LoadedFile*> entry_files;
  std::vector<uint32_t> entries;
  entries.reserve(files.size());
  for (const LoadedFile* f : files) {
    auto [it, added] = entry_of.emplace(f->content_id, static_cast<uint32_t>(entry_files.size()));
    if (added) entry_files.push_back(f);
    entries.push_back(it->second);
  }
  return write_file_atomically(path, [&](std::ostream& out) {
    GatheredWrites pack(out);
    pack.add(pack_format::kMagic);
    std::string index;
    put_u32(index, static_cast<uint32_t>(entry_files.size()));
    for (const LoadedFile* f : entry_files) add_entry(pack, index, f->content_id, encode_entry(*f));
    finish(pack, index, files, entries);
  }, 0600);
}

// False (nothing written) when the pack cannot be extended: none, damaged,
// or the files it does not hold would add more than an eighth of its bytes
// (then it is written whole, and reading stays one contiguous file).
bool write_delta(const std::string& path, const std::vector<const LoadedFile*>& files, const ParsePack* previous) {
  if (!previous || previous->damaged_entries() > 0) return false;
  uint32_t base = previous->base_entry_count();
  std::unordered_map<std::string_view, uint32_t> own_entry;  // by content id, numbered after the pack's
  std::vector<std::pair<std::string_view, std::string>> own;  // content id, payload
  std::vector<uint32_t> entries;
  entries.reserve(files.size());
  uint64_t own_bytes = 0, limit = previous->base_payload_bytes() / 8;
  for (const LoadedFile* f : files) {
    if (std::optional<uint32_t> e = previous->base_entry(f->content_id)) {
      entries.push_back(*e);
      continue;
    }
    auto [it, added] = own_entry.emplace(f->content_id, base + static_cast<uint32_t>(own.size()));
    entries.push_back(it->second);
    if (!added) continue;
    own.emplace_back(f->content_id, encode_entry(*f));
    own_bytes += own.back().second.size();
    if (own_bytes > limit) return false;
  }
  return write_file_atomically(pack_format::delta_path_of(path), [&](std::ostream& out) {
    GatheredWrites delta(out);
    delta.add(pack_format::kDeltaMagic);
    std::string index;
    put_u64(index, previous->base_checksum());
    put_u32(index, base);
    put_u32(index, static_cast<uint32_t>(own.size()));
    for (const auto& [content_id, payload] : own) add_entry(delta, index, content_id, payload);
    finish(delta, index, files, entries);
  }, 0600);
}

}  // namespace

bool ParseCache::store(const std::string& identity, const std::vector<const LoadedFile*>& files,
                       const ParsePack* previous, std::vector<std::string>& notes) const {
  if (identity.empty()) return true;
  if (previous && previous->same_index(files)) return true;

  std::string path = pack_path(identity);
  // The cache root is left as it is when it exists; parse-v1 is ours.
  make_private_directory(dir_, /*tighten=*/false);
  make_private_directory((fs::path(dir_) / "parse-v1").string(), /*tighten=*/true);
  if (write_delta(path, files, previous)) return true;
  bool written_whole = write_whole_pack(path, files);
  // A delta names the pack it extends: one left beside a new pack is not read, only in the way.
  if (written_whole) std::remove(pack_format::delta_path_of(path).c_str());
  if (!written_whole) notes.push_back("parse cache: cannot write " + path + "; the next run parses again");
  return written_whole;
}

}  // namespace driftlint
