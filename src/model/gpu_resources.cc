#include "model/gpu_resources.h"

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
  if (!regex->ok()) return Error{"gpuResources: invalid pattern: " + regex->error()};
  GpuResourceMatcher matcher;
  matcher.regex_ = std::move(regex);
  return matcher;
}

bool GpuResourceMatcher::is_gpu(std::string_view resource) const {
  return RE2::FullMatch(re2::StringPiece(resource.data(), resource.size()), *regex_);
}

std::optional<std::string_view> GpuResourceMatcher::quota_gpu_resource(std::string_view key) const {
  std::string_view resource = key;
  if (resource.rfind("requests.", 0) == 0) resource.remove_prefix(9);
  if (is_gpu(resource)) return resource;
  return std::nullopt;
}

}  // namespace driftlint
