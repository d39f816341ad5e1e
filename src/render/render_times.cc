#include "render/render_times.h"

#include <charconv>

#include "base/files.h"
#include "base/strings.h"
#include "render/render_cache.h"

namespace driftlint {

namespace {

constexpr const char* kHeader = "driftlint render times v1";
constexpr uint64_t kMaxFileBytes = 8ull << 20;

}  // namespace

RenderTimes::RenderTimes(const std::string& cache_dir) {
  if (cache_dir.empty()) return;
  file_ = cache_dir + "/render-times-v1";
  Expected<std::string> text = read_regular_file(file_, kMaxFileBytes);
  if (!text) return;
  std::vector<std::string_view> lines = split(*text, '\n');
  if (lines.empty() || lines[0] != kHeader) return;  // another format, or damaged: start afresh
  for (size_t i = 1; i < lines.size() && ms_.size() < kMaxEntries; ++i) {
    std::string_view line = lines[i];
    size_t space = line.find(' ');
    if (space != 32) continue;
    uint32_t ms = 0;
    auto [end, error] = std::from_chars(line.data() + space + 1, line.data() + line.size(), ms);
    if (error != std::errc() || end != line.data() + line.size()) continue;
    ms_[std::string(line.substr(0, space))] = ms;
  }
}

std::optional<std::chrono::milliseconds> RenderTimes::last(const std::string& request_identity) const {
  if (file_.empty()) return std::nullopt;
  auto it = ms_.find(render_key(request_identity));
  if (it == ms_.end()) return std::nullopt;
  return std::chrono::milliseconds(it->second);
}

void RenderTimes::record(const std::string& request_identity, std::chrono::milliseconds took) {
  if (file_.empty()) return;
  std::string key = render_key(request_identity);
  if (!ms_.count(key) && ms_.size() >= kMaxEntries) return;
  uint32_t ms = static_cast<uint32_t>(std::clamp<int64_t>(took.count(), 0, UINT32_MAX));
  uint32_t& kept = ms_[key];
  changed_ = changed_ || kept != ms;
  kept = ms;
}

void RenderTimes::save() const {
  if (!changed_ || file_.empty()) return;
  std::string folder = file_.substr(0, file_.rfind('/'));
  if (!make_private_directory(folder, false)) return;
  write_file_atomically(
      file_,
      [&](std::ostream& out) {
        out << kHeader << "\n";
        for (const auto& [key, ms] : ms_) out << key << " " << ms << "\n";
      },
      0600);
}

}  // namespace driftlint
