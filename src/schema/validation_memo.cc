#include "schema/validation_memo.h"

#include <algorithm>
#include <cstring>
#include <ostream>

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

}  // namespace

std::unique_ptr<ValidationMemo> ValidationMemo::read(const std::string& file, const std::string& writer) {
  auto memo = std::make_unique<ValidationMemo>();
  Expected<std::string> text = read_regular_file(file, kMaxFileBytes);
  if (!text) return memo;
  memo->bytes_ = std::move(*text);
  // Keys and records point into the bytes; a record is decoded when asked
  // for (and checked then: the checksum covers the whole file).
  std::string_view in = memo->bytes_;
  uint64_t expected = 0;
  std::string_view sum = in.size() >= kMagic.size() + 8 ? in.substr(in.size() - 8) : std::string_view();
  in = in.substr(0, in.size() - sum.size());
  std::string_view stored_writer;
  uint32_t count = 0;
  bool whole = get_u64(sum, expected) && expected == cache_checksum(in) && in.substr(0, kMagic.size()) == kMagic;
  if (whole) in.remove_prefix(kMagic.size());
  whole = whole && get_view(in, stored_writer) && get_u32(in, count) && in.size() / 8 >= count;
  if (whole && stored_writer != writer) {  // another build's: nothing to keep
    std::string().swap(memo->bytes_);
    return memo;
  }
  for (Shard& shard : memo->shards_) shard.entries.reserve(whole ? count / kShards + 1 : 0);
  for (uint32_t i = 0; whole && i < count; ++i) {
    std::string_view key, record;
    whole = get_view(in, key) && get_view(in, record);
    if (whole) memo->shard_of(key).entries[key].stored = record;
  }
  if (!whole || !in.empty()) {
    for (Shard& shard : memo->shards_) shard.entries.clear();
    std::string().swap(memo->bytes_);
    memo->changed_ = true;  // a damaged file is replaced
  }
  return memo;
}

ValidationMemo::Shard& ValidationMemo::shard_of(std::string_view key) const {
  // A key opens with its content's blob id, evenly spread: its first eight
  // bytes pick the shard (the map hashes the whole key once more).
  uint64_t head = 0;
  std::memcpy(&head, key.data(), std::min(key.size(), sizeof head));
  static_assert(kShards == 16);
  return shards_[(head * 0x9E3779B97F4A7C15ull) >> 60];
}

std::vector<std::unique_lock<std::mutex>> ValidationMemo::lock_all() const {
  std::vector<std::unique_lock<std::mutex>> locks;
  for (Shard& shard : shards_) locks.emplace_back(shard.mutex);
  return locks;
}

std::string ValidationMemo::key(const std::string& content_id, uint32_t document, uint32_t line, uint32_t column,
                                bool partial, const std::string& schema_identity) {
  return content_id + '\x1f' + std::to_string(document) + ':' + std::to_string(line) + ':' + std::to_string(column) +
         (partial ? "p" : "") + '\x1f' + schema_identity;
}

std::optional<std::vector<RememberedViolation>> ValidationMemo::find(const std::string& key) const {
  Shard& shard = shard_of(key);
  std::lock_guard<std::mutex> lock(shard.mutex);
  auto it = shard.entries.find(key);
  if (it == shard.entries.end()) return std::nullopt;
  const Entry& e = it->second;
  std::optional<std::vector<RememberedViolation>> out = e.found ? e.found : get_violations(e.stored);
  e.used = out.has_value();  // a record that does not decode is dropped on the next write
  return out;
}

void ValidationMemo::remember(const std::string& key, std::vector<RememberedViolation> violations) {
  Shard& shard = shard_of(key);
  std::lock_guard<std::mutex> lock(shard.mutex);
  auto it = shard.entries.find(key);
  if (it == shard.entries.end()) it = shard.entries.emplace(shard.new_keys.emplace_back(key), Entry{}).first;
  it->second.found = std::move(violations);
  it->second.used = true;
  changed_ = true;
}

void ValidationMemo::write(const std::string& file, const std::string& writer, size_t keep_unused) const {
  std::vector<std::unique_lock<std::mutex>> locks = lock_all();
  size_t used = 0, total = 0;
  for (const Shard& shard : shards_) {
    total += shard.entries.size();
    for (const auto& [key, e] : shard.entries) used += e.used ? 1 : 0;
  }
  bool prune = total - used > std::max(keep_unused, 4 * used);
  if (!changed_ && !prune) return;  // the file already says this
  std::string out(kMagic);
  put_string(out, writer);
  put_u32(out, static_cast<uint32_t>(prune ? used : total));
  std::string record;
  for (const Shard& shard : shards_) {
    for (const auto& [key, e] : shard.entries) {
      if (prune && !e.used) continue;
      put_string(out, key);
      if (e.found) {
        record.clear();
        put_violations(record, *e.found);
        put_string(out, record);
      } else {
        put_string(out, e.stored);
      }
    }
  }
  put_u64(out, cache_checksum(out));
  write_file_atomically(file, [&](std::ostream& stream) { stream.write(out.data(), static_cast<std::streamsize>(out.size())); },
                        0600);
}

size_t ValidationMemo::size() const {
  std::vector<std::unique_lock<std::mutex>> locks = lock_all();
  size_t n = 0;
  for (const Shard& shard : shards_) n += shard.entries.size();
  return n;
}

}  // namespace driftlint
