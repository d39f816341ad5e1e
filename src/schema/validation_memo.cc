#include "schema/validation_memo.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <ostream>

#include "base/file_snapshot.h"
#include "base/files.h"
#include "load/parse_cache.h"
#include "yaml/tree_codec.h"

namespace driftlint {

namespace {

using yaml::get_string;
using yaml::get_u32;
using yaml::get_u64;
using yaml::get_view;
using yaml::put_string;
using yaml::put_u32;
using yaml::put_u64;

constexpr std::string_view kMagic = "driftlint-validations-v1\n";
constexpr uint64_t kMaxFileBytes = 256ull << 20;
constexpr uint32_t kMaxViolations = 1000;  // validate() keeps at most its limit: more is damage

void put_violations(std::string& out, const std::vector<RememberedViolation>& violations) {
  put_u32(out, static_cast<uint32_t>(violations.size()));
  for (const RememberedViolation& v : violations) {
    put_u32(out, v.line);
    put_u32(out, v.column);
    put_string(out, v.path);
    put_string(out, v.message);
    out.push_back(v.missing ? 1 : 0);
  }
}

bool get_violation(std::string_view& in, RememberedViolation& v) {
  if (!get_u32(in, v.line) || !get_u32(in, v.column) || !get_string(in, v.path) || !get_string(in, v.message) ||
      in.empty()) {
    return false;
  }
  v.missing = in.front() != 0;
  in.remove_prefix(1);
  return true;
}

// A record as put_violations wrote it; nullopt when it is not one whole.
std::optional<std::vector<RememberedViolation>> get_violations(std::string_view in) {
  uint32_t n = 0;
  if (!get_u32(in, n) || n > kMaxViolations) return std::nullopt;
  std::vector<RememberedViolation> out(n);
  for (RememberedViolation& v : out) {
    if (!get_violation(in, v)) return std::nullopt;
  }
  if (!in.empty()) return std::nullopt;
  return out;
}

constexpr size_t kNone = std::string_view::npos;

// Open addressing over `slots` (a power of two of them; per slot the key's
// hash's high half and its entry + 1, 0 when empty): the entry for
// `key_hash` that is_key accepts, or kNone.
template <class IsKey>
size_t probe(const std::vector<uint64_t>& slots, uint64_t key_hash, IsKey is_key) {
  if (slots.empty()) return kNone;
  size_t mask = slots.size() - 1;
  for (size_t slot = key_hash & mask;; slot = (slot + 1) & mask) {
    uint64_t v = slots[slot];
    if (v == 0) return kNone;  // at most half the slots are taken, so an empty one ends the walk
    size_t entry = (v & 0xffffffffu) - 1;
    if (v >> 32 == key_hash >> 32 && is_key(entry)) return entry;
  }
}

void place(std::vector<uint64_t>& slots, uint64_t key_hash, size_t entry) {
  size_t mask = slots.size() - 1;
  size_t slot = key_hash & mask;
  while (slots[slot] != 0) slot = (slot + 1) & mask;
  slots[slot] = (key_hash >> 32 << 32) | (entry + 1);
}

}  // namespace

std::unique_ptr<ValidationMemo> ValidationMemo::read(const std::string& file, const std::string& writer) {
  auto memo = std::make_unique<ValidationMemo>();
  // Taken as the parse cache's pack is (mapped under a lease, else copied):
  // read into a string, its 2.4 MB at 20,000 objects were zeroed and
  // faulted in 4 KB at a time first, half of what opening it cost.
  Expected<OpenedFile> opened = open_regular_file(file, kMaxFileBytes);
  if (!opened) return memo;
  Expected<std::shared_ptr<const FileSnapshot>> snapshot = FileSnapshot::take(opened->fd);
  if (!snapshot) return memo;
  memo->snapshot_ = std::move(*snapshot);
  // Keys and records point into the bytes; a record is decoded when asked
  // for (and checked then: the checksum covers the whole file).
  std::string_view in = memo->snapshot_->bytes();
  uint64_t expected = 0;
  std::string_view sum = in.size() >= kMagic.size() + 8 ? in.substr(in.size() - 8) : std::string_view();
  in = in.substr(0, in.size() - sum.size());
  std::string_view stored_writer;
  uint32_t count = 0;
  bool whole = get_u64(sum, expected) && expected == cache_checksum(in) && in.substr(0, kMagic.size()) == kMagic;
  if (whole) in.remove_prefix(kMagic.size());
  whole = whole && get_view(in, stored_writer) && get_u32(in, count) && in.size() / 8 >= count;
  if (whole && stored_writer != writer) {  // another build's: nothing to keep
    memo->snapshot_.reset();
    return memo;
  }
  memo->stored_.reserve(whole ? count : 0);
  for (uint32_t i = 0; whole && i < count; ++i) {
    Stored entry;
    whole = get_view(in, entry.key) && get_view(in, entry.record);
    if (whole) memo->stored_.push_back(entry);
  }
  if (!whole || !in.empty()) {
    memo->stored_.clear();
    memo->snapshot_.reset();
    memo->changed_ = true;  // a damaged file is replaced
  }
  memo->index_stored();
  return memo;
}

size_t ValidationMemo::hash(std::string_view key) { return std::hash<std::string_view>{}(key); }

void ValidationMemo::index_stored() {
  size_t slots = 16;
  while (slots < 2 * stored_.size()) slots *= 2;
  index_.assign(slots, 0);
  for (size_t i = 0; i < stored_.size(); ++i) place(index_, hash(stored_[i].key), i);
  stored_used_ = std::make_unique<std::atomic<bool>[]>(stored_.size());
}

size_t ValidationMemo::stored_entry(std::string_view key, size_t key_hash) const {
  return probe(index_, key_hash, [&](size_t entry) { return stored_[entry].key == key; });
}

size_t ValidationMemo::Shard::entry(std::string_view key, uint64_t key_hash) const {
  return probe(slots, key_hash, [&](size_t entry) { return found[entry].key == key; });
}

bool ValidationMemo::Shard::put(std::string key, uint64_t key_hash, std::vector<RememberedViolation> violations) {
  if (size_t known = entry(key, key_hash); known != kNone) {
    found[known].violations = std::move(violations);
    return false;
  }
  found.push_back({key_hash, std::move(key), std::move(violations)});
  if (2 * found.size() > slots.size()) {
    slots.assign(std::max<size_t>(16, 2 * slots.size()), 0);
    for (size_t i = 0; i < found.size(); ++i) place(slots, found[i].hash, i);
  } else {
    place(slots, key_hash, found.size() - 1);
  }
  return true;
}

std::vector<std::unique_lock<std::mutex>> ValidationMemo::lock_all() const {
  std::vector<std::unique_lock<std::mutex>> locks;
  for (Shard& shard : shards_) locks.emplace_back(shard.mutex);
  return locks;
}

std::string ValidationMemo::key(const std::string& content_id, uint32_t document, uint32_t line, uint32_t column,
                                bool partial, const std::string& schema_identity) {
  std::string out;
  out.reserve(content_id.size() + schema_identity.size() + 40);
  out += content_id;
  out += '\x1f';
  for (uint32_t n : {document, line, column}) {
    char digits[10];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
    out += ':';
  }
  out.back() = partial ? 'p' : '\x1f';
  if (partial) out += '\x1f';
  out += schema_identity;
  return out;
}

std::optional<std::vector<RememberedViolation>> ValidationMemo::find(std::string_view key) const {
  size_t h = hash(key);
  if (found_count_.load() > 0) {  // what this run validated wins over a record that did not decode
    Shard& shard = shard_of(h);
    std::lock_guard<std::mutex> lock(shard.mutex);
    if (size_t entry = shard.entry(key, h); entry != kNone) return shard.found[entry].violations;
  }
  size_t entry = stored_entry(key, h);
  if (entry == kNone) return std::nullopt;
  std::optional<std::vector<RememberedViolation>> out = get_violations(stored_[entry].record);
  if (out) stored_used_[entry].store(true, std::memory_order_relaxed);  // one that does not decode is dropped on the next write
  return out;
}

void ValidationMemo::remember(std::string key, std::vector<RememberedViolation> violations) {
  size_t h = hash(key);
  Shard& shard = shard_of(h);
  std::lock_guard<std::mutex> lock(shard.mutex);
  if (shard.put(std::move(key), h, std::move(violations))) ++found_count_;
  changed_ = true;
}

void ValidationMemo::write(const std::string& file, const std::string& writer, size_t keep_unused) const {
  std::vector<std::unique_lock<std::mutex>> locks = lock_all();
  // A stored entry this run validated again (its record did not decode) is written once, as found.
  std::vector<bool> superseded = superseded_entries();
  size_t used = found_count_.load();
  size_t total = used;
  for (size_t i = 0; i < stored_.size(); ++i) {
    if (superseded[i]) continue;
    ++total;
    used += stored_used_[i].load() ? 1 : 0;
  }
  bool prune = total - used > std::max(keep_unused, 4 * used);
  if (!changed_ && !prune) return;  // the file already says this
  std::string out(kMagic);
  size_t bytes = out.size() + 4 + writer.size() + 4 + 8 + found_count_.load() * 256;
  for (const Stored& s : stored_) bytes += 8 + s.key.size() + s.record.size();
  out.reserve(bytes);  // once: a memo of 20,000 objects is megabytes
  put_string(out, writer);
  put_u32(out, static_cast<uint32_t>(prune ? used : total));
  for (size_t i = 0; i < stored_.size(); ++i) {
    if (superseded[i] || (prune && !stored_used_[i].load())) continue;
    put_string(out, stored_[i].key);
    put_string(out, stored_[i].record);
  }
  std::string record;
  for (const Shard& shard : shards_) {
    for (const Found& f : shard.found) {
      put_string(out, f.key);
      record.clear();
      put_violations(record, f.violations);
      put_string(out, record);
    }
  }
  put_u64(out, cache_checksum(out));
  write_file_atomically(file, [&](std::ostream& stream) { stream.write(out.data(), static_cast<std::streamsize>(out.size())); },
                        0600);
}

std::vector<bool> ValidationMemo::superseded_entries() const {
  std::vector<bool> out(stored_.size(), false);
  for (const Shard& shard : shards_) {
    for (const Found& f : shard.found) {
      if (size_t entry = stored_entry(f.key, f.hash); entry != kNone) out[entry] = true;
    }
  }
  return out;
}

size_t ValidationMemo::size() const {
  std::vector<std::unique_lock<std::mutex>> locks = lock_all();
  std::vector<bool> superseded = superseded_entries();
  return found_count_.load() + static_cast<size_t>(std::count(superseded.begin(), superseded.end(), false));
}

}  // namespace driftlint
