// Which extended resources are accelerators: GPUs, MIG slices, TPUs, Gaudi,
// Neuron (config `accelerators`, RE2 full match). Every GPU rule reads this
// one list; the class keeps its older name.
#pragma once

#include <re2/re2.h>

#include <iterator>
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

  // Whether the resource is one of the configured accelerators.
  bool is_gpu(std::string_view resource) const;
  // For a ResourceQuota `spec.hard` key: the accelerator resource it limits
  // (`requests.nvidia.com/gpu`), else nullopt. Quota counts an extended
  // resource under `requests.` alone: a bare or `limits.` key limits nothing
  // (rules/quota-key-uncounted.rule.yaml).
  std::optional<std::string_view> quota_gpu_resource(std::string_view key) const;

 private:
  std::shared_ptr<const RE2> regex_;
  // The resources nearly every container names, judged once when the
  // matcher is made: matching each with RE2 took a tenth of interactive-sleep.
  static constexpr std::string_view kCommon[] = {"cpu", "memory", "ephemeral-storage"};
  bool common_is_gpu_[std::size(kCommon)] = {};
};

// What a message calls one device of an accelerator resource or DRA device
// class: "GPU" (`nvidia.com/gpu`, MIG slices, `amd.com/gpu`,
// `gpu.intel.com/i915`, `gpu.nvidia.com`), "TPU" (`google.com/tpu`),
// "Gaudi accelerator", "Neuron device", else "accelerator".
std::string accelerator_noun(std::string_view resource);

}  // namespace driftlint
