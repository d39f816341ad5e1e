#include "model/gpu_resources.h"

#include <algorithm>
#include <cctype>

namespace driftlint {

Expected<GpuResourceMatcher> GpuResourceMatcher::create(const std::vector<std::string>& patterns) {
  std::string combined;
  for (const std::string& p : patterns) {
    if (!combined.empty()) combined += '|';
    combined += "(?:" + p + ")";
  }
  RE2::Options options;
  options.set_log_errors(false);
  auto regex = std::make_shared<RE2>(combined.empty() ? std::string("$^") : combined, options);
  if (!regex->ok()) return Error{"accelerators: invalid pattern: " + regex->error()};
  GpuResourceMatcher matcher;
  matcher.regex_ = std::move(regex);
  for (size_t i = 0; i < std::size(kCommon); ++i) {
    matcher.common_is_gpu_[i] = RE2::FullMatch(re2::StringPiece(kCommon[i].data(), kCommon[i].size()), *matcher.regex_);
  }
  return matcher;
}

bool GpuResourceMatcher::is_gpu(std::string_view resource) const {
  for (size_t i = 0; i < std::size(kCommon); ++i) {
    if (resource == kCommon[i]) return common_is_gpu_[i];
  }
  return RE2::FullMatch(re2::StringPiece(resource.data(), resource.size()), *regex_);
}

std::optional<std::string_view> GpuResourceMatcher::quota_gpu_resource(std::string_view key) const {
  if (key.rfind("requests.", 0) != 0) return std::nullopt;
  std::string_view resource = key.substr(9);
  if (is_gpu(resource)) return resource;
  return std::nullopt;
}

std::string accelerator_noun(std::string_view resource) {
  std::string l(resource);
  std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return std::tolower(c); });
  auto has = [&](std::string_view word) { return l.find(word) != std::string::npos; };
  if (has("tpu")) return "TPU";
  if (has("gaudi") || has("habana")) return "Gaudi accelerator";
  if (has("neuron")) return "Neuron device";
  if (has("gpu") || has("mig")) return "GPU";
  return "accelerator";
}

}  // namespace driftlint
