#include "model/container_gpus.h"

#include <span>
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

// The first `deviceClassName` below `node` (v1beta1 requests, v1 `exactly`
// and `firstAvailable`) that names an accelerator class, else "".
std::string accelerator_class(yaml::Node node, int depth) {
  if (depth > 10) return "";
  for (auto [key, value] : node.entries()) {
    if (key.text() == "deviceClassName" && value.is_scalar() && is_accelerator_device_class(value.text())) {
      return std::string(value.text());
    }
    if (std::string found = accelerator_class(value, depth + 1); !found.empty()) return found;
  }
  for (yaml::Node element : node.elements()) {
    if (std::string found = accelerator_class(element, depth + 1); !found.empty()) return found;
  }
  return "";
}

std::string claim_key(std::string_view kind, std::string_view ns, std::string_view name) {
  return std::string(kind) + "/" + std::string(ns) + "/" + std::string(name);
}

}  // namespace

bool is_accelerator_device_class(std::string_view device_class) {
  std::string l = lower(device_class);
  for (std::string_view word : {"gpu", "tpu", "neuron", "gaudi"}) {
    if (l.find(word) != std::string::npos) return true;
  }
  return l == "mig.nvidia.com";
}

ContainerGpus::ContainerGpus(const GpuResourceMatcher& gpu, std::span<const Manifest* const> objects) : gpu_(gpu) {
  for (const Manifest* m : objects) {
    if (m->id.group != "resource.k8s.io") continue;
    if (m->id.kind != "ResourceClaim" && m->id.kind != "ResourceClaimTemplate") continue;
    std::string device_class = accelerator_class(m->root.get("spec"), 0);
    std::string key = claim_key(m->id.kind, m->id.ns, m->id.name);
    if (device_class.empty()) other_claims_.insert(key);
    else accelerator_claims_.emplace(key, device_class);
  }
}

std::optional<std::string> ContainerGpus::claim_class(std::string_view kind, std::string_view ns,
                                                      std::string_view pod_claim, std::string_view name) const {
  std::string key = claim_key(kind, ns, name);
  if (auto it = accelerator_claims_.find(key); it != accelerator_claims_.end()) return it->second;
  if (other_claims_.count(key)) return std::nullopt;
  for (std::string_view word : {"gpu", "tpu"}) {
    if (lower(name).find(word) != std::string::npos || lower(pod_claim).find(word) != std::string::npos) {
      return std::string(word);
    }
  }
  return std::nullopt;
}

void ContainerGpus::add_extended(std::vector<ContainerGpuRequest>& out, std::string_view resource, yaml::Node amount,
                                 yaml::Node at) const {
  if (!gpu_.is_gpu(resource)) return;
  auto parsed = parse_quantity(amount.text());
  if (parsed && *parsed <= 0) return;
  bool seen = std::any_of(out.begin(), out.end(), [&](const ContainerGpuRequest& r) { return r.resource == resource; });
  if (seen) return;
  ContainerGpuRequest r;
  r.what = std::string(amount.text()) + " " + std::string(resource);
  r.at = at;
  r.resource = std::string(resource);
  r.noun = accelerator_noun(resource);
  r.one = parsed && *parsed == 1;
  out.push_back(std::move(r));
}

std::vector<ContainerGpuRequest> ContainerGpus::of(const PodTemplateView& pod, const ContainerView& c,
                                                   std::string_view ns) const {
  std::vector<ContainerGpuRequest> out;
  for (yaml::Node list : {c.requests, c.limits}) {
    for (auto [key, value] : list.entries()) add_extended(out, key.text(), value, key);
  }
  if (c.accelerator.is_map()) {
    add_extended(out, c.accelerator.get("name").text(), c.accelerator.get("quantity"), c.accelerator.get("name"));
  }
  for (yaml::Node claim : c.claims.elements()) {
    std::string_view wanted = claim.get("name").text();
    for (yaml::Node pod_claim : pod.pod_spec.get("resourceClaims").elements()) {
      if (pod_claim.get("name").text() != wanted) continue;
      yaml::Node source = pod_claim.get("source").is_map() ? pod_claim.get("source") : pod_claim;
      for (std::string_view kind : {"ResourceClaim", "ResourceClaimTemplate"}) {
        yaml::Node name = source.get(kind == "ResourceClaim" ? "resourceClaimName" : "resourceClaimTemplateName");
        if (!name.is_scalar()) continue;
        std::optional<std::string> device_class = claim_class(kind, ns, wanted, name.text());
        if (!device_class) continue;
        ContainerGpuRequest r;
        r.noun = accelerator_noun(*device_class);
        r.what = r.noun + "s through DRA claim '" + std::string(wanted) + "' (" + std::string(kind) + " " +
                 std::string(name.text()) + ")";
        r.at = claim.get("name");
        r.dra = true;
        r.resource = *device_class;
        out.push_back(std::move(r));
      }
    }
  }
  return out;
}

}  // namespace driftlint
