#include "load/parse_cache.h"

#include <fcntl.h>
#include <git2.h>
#include <sys/stat.h>

#include <chrono>
#include <cstring>
#include <filesystem>

#include "base/files.h"
#include "base/hash.h"
#include "git/repository.h"
#include "load/parse_pack_format.h"
#include "yaml/template_actions.h"

namespace driftlint {

namespace fs = std::filesystem;

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
