// What GPUs a container asks for: extended resources the device plugins
// serve (`nvidia.com/gpu: 1`, per `gpuResources`) and Dynamic Resource
// Allocation claims whose devices are GPUs.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/gpu_resources.h"
#include "model/manifest.h"
#include "model/pod_templates.h"

namespace driftlint {

struct ContainerGpuRequest {
  std::string what;  // for messages: "nvidia.com/gpu: 1", "DRA claim 'gpu' (ResourceClaimTemplate one-gpu)"
  yaml::Node at;     // the key that asks
  bool dra = false;  // a DRA claim, not an extended resource
};

class ContainerGpus {
 public:
  // Reads the ResourceClaims and ResourceClaimTemplates (resource.k8s.io)
  // among `objects`: a claim asks for GPUs when a device request names a
  // device class with "gpu" in it (gpu.nvidia.com, gpu.amd.com, ...) or
  // mig.nvidia.com.
  ContainerGpus(const GpuResourceMatcher& gpu, const std::vector<const Manifest*>& objects);

  // The GPUs a container asks for. Extended resources count unless a literal
  // zero (a template expression counts). A DRA claim counts when it is listed
  // in the container's `resources.claims` and the pod's claim names a
  // ResourceClaim or ResourceClaimTemplate of the namespace that asks for GPUs
  // or, when that object is not among the manifests, has "gpu" in its name.
  std::vector<ContainerGpuRequest> of(const PodTemplateView& pod, const ContainerView& container,
                             std::string_view ns) const;

 private:
  bool claim_is_gpu(std::string_view kind, std::string_view ns, std::string_view pod_claim,
                    std::string_view name) const;

  const GpuResourceMatcher& gpu_;
  std::set<std::string> gpu_claims_;    // "Kind/ns/name"
  std::set<std::string> other_claims_;  // claims known to ask for something else
};

// Whether a device class name is a GPU class.
bool is_gpu_device_class(std::string_view device_class);

}  // namespace driftlint
