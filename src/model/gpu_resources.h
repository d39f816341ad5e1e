// Which extended resources are GPUs (config `gpuResources`, RE2 full match).
#pragma once

#include <re2/re2.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"

namespace driftlint {

class GpuResourceMatcher {
 public:
  static Expected<GpuResourceMatcher> create(const std::vector<std::string>& patterns);

  bool is_gpu(std::string_view resource) const;
  // For a ResourceQuota `spec.hard` key: the GPU resource it limits
  // (`requests.nvidia.com/gpu` or bare `nvidia.com/gpu`), else nullopt.
  std::optional<std::string_view> quota_gpu_resource(std::string_view key) const;

 private:
  std::shared_ptr<const RE2> regex_;
};

}  // namespace driftlint
