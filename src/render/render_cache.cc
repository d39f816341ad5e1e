#include "render/render_cache.h"

#include "base/files.h"
#include "base/hash.h"

namespace driftlint {

std::optional<std::string> RenderMemory::read(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = outputs_.find(key);
  if (it == outputs_.end()) return std::nullopt;
  return it->second;
}

void RenderMemory::write(const std::string& key, const std::string& output) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (outputs_.count(key) || output.size() > max_bytes_ - bytes_) return;
  bytes_ += output.size();
  outputs_.emplace(key, output);
}

RenderCache::RenderCache(std::string dir, RenderMemory* memory)
    : dir_(dir.empty() ? "" : dir + "/render-v1"), memory_(dir.empty() ? memory : nullptr) {}

std::string RenderCache::path_of(const std::string& key) const { return dir_ + "/" + key + ".yaml"; }

std::optional<std::string> RenderCache::read(const std::string& key, uint64_t max_bytes) const {
  if (memory_) {
    std::optional<std::string> kept = memory_->read(key);
    return kept && kept->size() <= max_bytes ? kept : std::nullopt;
  }
  if (dir_.empty()) return std::nullopt;
  Expected<std::string> text = read_regular_file(path_of(key), max_bytes);
  if (!text) return std::nullopt;
  // The last line names the key: a file cut short (or another's) is not used.
  std::string trailer = "# driftlint render " + key + "\n";
  if (text->size() < trailer.size() || text->compare(text->size() - trailer.size(), trailer.size(), trailer) != 0) {
    return std::nullopt;
  }
  text->resize(text->size() - trailer.size());
  return std::move(*text);
}

void RenderCache::write(const std::string& key, const std::string& output) const {
  if (memory_) return memory_->write(key, output);
  if (dir_.empty() || !make_private_directory(dir_, true)) return;
  write_file_atomically(
      path_of(key), [&](std::ostream& out) { out << output << "# driftlint render " << key << "\n"; }, 0600);
}

std::string render_key(const std::string& identity) {
  // Two FNV-1a passes with different starts: collisions would mean a wrong
  // build served from the cache, so 64 bits are not enough.
  uint64_t second = fnv1a(identity) ^ 0x9e3779b97f4a7c15ull;
  for (unsigned char c : identity) {
    second ^= c;
    second *= 1099511628211ull;
  }
  return hex64(fnv1a(identity)) + hex64(second);
}

void add_identity_field(std::string& identity, std::string_view field) {
  identity += std::to_string(field.size());
  identity += ':';
  identity += field;
  identity += '\n';
}

}  // namespace driftlint
