// What accelerators a container asks for: extended resources the device
// plugins serve (`nvidia.com/gpu: 1`, `google.com/tpu: 4`, per
// `accelerators`) and Dynamic Resource Allocation claims whose devices are
// accelerators. The class keeps its older name.
#pragma once

#include <span>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/gpu_resources.h"
#include "model/manifest.h"
#include "model/pod_templates.h"

namespace driftlint {

struct ContainerGpuRequest {
  // For messages: "1 nvidia.com/gpu", "4 google.com/tpu",
  // "GPUs through DRA claim 'gpu' (ResourceClaimTemplate one-gpu)".
  std::string what;
  yaml::Node at;         // the key that asks
  bool dra = false;      // a DRA claim, not an extended resource
  std::string resource;  // "nvidia.com/gpu"; a DRA claim's device class, else empty
  std::string noun;      // one device: "GPU", "TPU", ... (accelerator_noun)
  bool one = false;      // exactly one device
};

class ContainerGpus {
 public:
  // Reads the ResourceClaims and ResourceClaimTemplates (resource.k8s.io)
  // among `objects`: a claim asks for accelerators when a device request
  // names an accelerator device class (is_accelerator_device_class).
  ContainerGpus(const GpuResourceMatcher& gpu, std::span<const Manifest* const> objects);

  // The accelerators a container asks for. Extended resources count unless a
  // literal zero (a template expression counts), in `resources` or in a
  // Spark `gpu: {name, quantity}`. A DRA claim counts when it is listed in
  // the container's `resources.claims` and the pod's claim names a
  // ResourceClaim or ResourceClaimTemplate of the namespace that asks for
  // accelerators or, when that object is not among the manifests, has "gpu"
  // or "tpu" in its name.
  std::vector<ContainerGpuRequest> of(const PodTemplateView& pod, const ContainerView& container,
                             std::string_view ns) const;

 private:
  // The accelerator device class a claim asks for ("" when it is judged by
  // its name), or nullopt when it asks for none.
  std::optional<std::string> claim_class(std::string_view kind, std::string_view ns, std::string_view pod_claim,
                                         std::string_view name) const;
  void add_extended(std::vector<ContainerGpuRequest>& out, std::string_view resource, yaml::Node amount,
                    yaml::Node at) const;

  const GpuResourceMatcher& gpu_;
  std::map<std::string, std::string> accelerator_claims_;  // "Kind/ns/name" -> device class
  std::set<std::string> other_claims_;                     // claims known to ask for something else
};

// Whether a DRA device class is an accelerator class: "gpu" or "tpu" in its
// name (gpu.nvidia.com, gpu.amd.com, gpu.intel.com, tpu.google.com),
// mig.nvidia.com, Neuron and Gaudi classes.
bool is_accelerator_device_class(std::string_view device_class);

}  // namespace driftlint
