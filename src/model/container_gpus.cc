#include "model/container_gpus.h"

#include <algorithm>
#include <cctype>

#include "model/quantity.h"

namespace driftlint {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

// Whether some `deviceClassName` below `node` (v1beta1 requests, v1
// `exactly` and `firstAvailable`) names a GPU class.
bool names_gpu_class(yaml::Node node, int depth) {
  if (depth > 10) return false;
  for (auto [key, value] : node.entries()) {
    if (key.text() == "deviceClassName" && value.is_scalar() && is_gpu_device_class(value.text())) return true;
    if (names_gpu_class(value, depth + 1)) return true;
  }
  for (yaml::Node element : node.elements()) {
    if (names_gpu_class(element, depth + 1)) return true;
  }
  return false;
}

std::string claim_key(std::string_view kind, std::string_view ns, std::string_view name) {
  return std::string(kind) + "/" + std::string(ns) + "/" + std::string(name);
}

}  // namespace

bool is_gpu_device_class(std::string_view device_class) {
  std::string l = lower(device_class);
  return l.find("gpu") != std::string::npos || l == "mig.nvidia.com";
}

ContainerGpus::ContainerGpus(const GpuResourceMatcher& gpu, const std::vector<const Manifest*>& objects) : gpu_(gpu) {
  for (const Manifest* m : objects) {
    if (m->id.group != "resource.k8s.io") continue;
    if (m->id.kind != "ResourceClaim" && m->id.kind != "ResourceClaimTemplate") continue;
    bool is_gpu = names_gpu_class(m->root.get("spec"), 0);
    (is_gpu ? gpu_claims_ : other_claims_).insert(claim_key(m->id.kind, m->id.ns, m->id.name));
  }
}

bool ContainerGpus::claim_is_gpu(std::string_view kind, std::string_view ns, std::string_view pod_claim,
                               std::string_view name) const {
  std::string key = claim_key(kind, ns, name);
  if (gpu_claims_.count(key)) return true;
  if (other_claims_.count(key)) return false;
  return lower(name).find("gpu") != std::string::npos || lower(pod_claim).find("gpu") != std::string::npos;
}

std::vector<ContainerGpuRequest> ContainerGpus::of(const PodTemplateView& pod, const ContainerView& c,
                                        std::string_view ns) const {
  std::vector<ContainerGpuRequest> out;
  for (yaml::Node list : {c.requests, c.limits}) {
    for (auto [key, value] : list.entries()) {
      if (!gpu_.is_gpu(key.text())) continue;
      auto amount = parse_quantity(value.text());
      if (amount && *amount <= 0) continue;
      std::string resource(key.text());
      std::string what = resource + ": " + std::string(value.text());
      bool seen = std::any_of(out.begin(), out.end(),
                              [&](const ContainerGpuRequest& r) { return r.what.rfind(resource + ":", 0) == 0; });
      if (!seen) out.push_back({what, key});
    }
  }
  for (yaml::Node claim : c.claims.elements()) {
    std::string_view wanted = claim.get("name").text();
    for (yaml::Node pod_claim : pod.pod_spec.get("resourceClaims").elements()) {
      if (pod_claim.get("name").text() != wanted) continue;
      yaml::Node source = pod_claim.get("source").is_map() ? pod_claim.get("source") : pod_claim;
      for (std::string_view kind : {"ResourceClaim", "ResourceClaimTemplate"}) {
        yaml::Node name = source.get(kind == "ResourceClaim" ? "resourceClaimName" : "resourceClaimTemplateName");
        if (!name.is_scalar() || !claim_is_gpu(kind, ns, wanted, name.text())) continue;
        out.push_back({"GPUs through DRA claim '" + std::string(wanted) + "' (" + std::string(kind) + " " +
                           std::string(name.text()) + ")",
                       claim.get("name"), true});
      }
    }
  }
  return out;
}

}  // namespace driftlint
