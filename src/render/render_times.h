// How long each build's tool ran when it last ran, kept in the cache folder
// (<cache-dir>/render-times-v1), so that a run hands out its longest builds
// first: a long build started last keeps one core busy while the others
// idle. Keyed by the request (kind, place, options), not by content, so a
// build keeps its time across edits and tool upgrades.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace driftlint {

class RenderTimes {
 public:
  explicit RenderTimes(const std::string& cache_dir);  // "" keeps nothing (and reads nothing)

  std::optional<std::chrono::milliseconds> last(const std::string& request_identity) const;
  void record(const std::string& request_identity, std::chrono::milliseconds took);
  // Writes the file (atomically) when something was recorded.
  void save() const;

  static constexpr size_t kMaxEntries = 100'000;

 private:
  std::string file_;
  std::map<std::string, uint32_t> ms_;  // by render_key(request identity)
  bool changed_ = false;
};

}  // namespace driftlint
