#include "rules/served_api.h"

#include <vector>

namespace driftlint {

std::optional<std::string> unserved_api(const KubernetesSchemas& chosen, const ObjectIdentity& id) {
  if (id.kind.empty() || id.api_version.empty() || chosen.serves(id.api_version, id.kind)) return std::nullopt;
  const std::vector<std::string>& releases = KubernetesSchemas::versions();
  size_t chosen_at = 0;
  while (chosen_at < releases.size() && releases[chosen_at] != chosen.version()) ++chosen_at;
  bool kubernetes_kind = false;
  std::optional<size_t> last_before, first_after;  // releases that serve it, around the chosen one
  for (size_t r = 0; r < releases.size(); ++r) {
    const KubernetesSchemas* set = KubernetesSchemas::of(releases[r]);
    if (!set->api_versions_of(id.group, id.kind).empty()) kubernetes_kind = true;
    if (!set->serves(id.api_version, id.kind)) continue;
    if (r < chosen_at) last_before = r;
    if (r > chosen_at && !first_after) first_after = r;
  }
  if (!kubernetes_kind) return std::nullopt;
  std::string why = "not served by Kubernetes " + chosen.version();
  if (last_before) {
    why += " (removed in Kubernetes " + releases[*last_before + 1] + ")";
  } else if (first_after) {
    why += " (first served in Kubernetes " + releases[*first_after] + ")";
  } else {
    why += " (nor by " + releases.front() + " to " + releases.back() + ": removed before " + releases.front() +
           ", or never served)";
  }
  std::vector<std::string> served = chosen.api_versions_of(id.group, id.kind);
  if (!served.empty()) why += "; use " + served.front();
  return why;
}

}  // namespace driftlint
