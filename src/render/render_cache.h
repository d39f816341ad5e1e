// Rendered output kept between runs, by the identity of the build: the tool
// and its version, the request (place and options), and the content of every
// file the build reads. A warm run renders nothing. Files live under
// <cache-dir>/render-v1/ (0700 folder, 0600 files), written atomically.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace driftlint {

// Builds kept for the rest of one run, in memory, when it keeps no cache
// (--no-cache) and renders more than one revision: a pull-request run
// renders at the base only the builds whose files the change touched, as it
// does with a cache. Up to `max_bytes` of output (the outputs' objects are
// in memory already, parsed); past it a build is not kept, and the other
// revision runs it again. Thread-safe: builds run in parallel.
class RenderMemory {
 public:
  explicit RenderMemory(uint64_t max_bytes = uint64_t{256} << 20) : max_bytes_(max_bytes) {}
  std::optional<std::string> read(const std::string& key) const;
  void write(const std::string& key, const std::string& output);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::string> outputs_;
  uint64_t max_bytes_;
  uint64_t bytes_ = 0;
};

class RenderCache {
 public:
  // `dir` "" and no `memory`: no cache. With a `dir`, `memory` is not used.
  explicit RenderCache(std::string dir, RenderMemory* memory = nullptr);
  std::optional<std::string> read(const std::string& key, uint64_t max_bytes) const;
  void write(const std::string& key, const std::string& output) const;
  bool enabled() const { return !dir_.empty() || memory_; }

 private:
  std::string path_of(const std::string& key) const;
  std::string dir_;
  RenderMemory* memory_ = nullptr;
};

// A 128-bit key (32 hex digits) for a build's identity text.
std::string render_key(const std::string& identity);

// Appends one field to an identity text, its length first, so no field's
// content (a path may hold a newline) can read as the fields after it.
void add_identity_field(std::string& identity, std::string_view field);

}  // namespace driftlint
