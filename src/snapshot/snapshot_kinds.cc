#include "snapshot/snapshot_kinds.h"

#include <algorithm>

#include "base/strings.h"

namespace driftlint {

const std::vector<std::string>& default_snapshot_kinds() {
  static const std::vector<std::string> kinds = {
      "configmaps",  // Argo CD's own config too (argocd-cm, argocd-cmd-params-cm)
      "resourcequotas",
      "nodes",
      "namespaces",
      "services",
      "deployments.apps",
      "statefulsets.apps",
      "daemonsets.apps",
      "jobs.batch",
      "cronjobs.batch",
      "applications.argoproj.io",
      "applicationsets.argoproj.io",
      "workflowtemplates.argoproj.io",
      "clusterworkflowtemplates.argoproj.io",
      "cronworkflows.argoproj.io",
      "resourceflavors.kueue.x-k8s.io",
      "clusterqueues.kueue.x-k8s.io",
      "localqueues.kueue.x-k8s.io",
      "cohorts.kueue.x-k8s.io",
      "workloadpriorityclasses.kueue.x-k8s.io",
      "clusterpolicies.kyverno.io",
      "policies.kyverno.io",
      "priorityclasses.scheduling.k8s.io",
      "runtimeclasses.node.k8s.io",
      "customresourcedefinitions.apiextensions.k8s.io",
  };
  return kinds;
}

bool is_secret_kind(std::string_view name) {
  return name == "secrets" || name == "secret" || name == "secrets.v1" || name.rfind("secrets.", 0) == 0;
}

Expected<std::vector<std::string>> parse_snapshot_kinds(std::string_view spec) {
  std::vector<std::string> items;
  for (std::string_view item : split(spec, ',')) {
    if (!trim(item).empty()) items.emplace_back(trim(item));
  }
  if (items.empty()) return Error{"--kinds: no kind named"};
  size_t is_signed = std::count_if(items.begin(), items.end(), [](const std::string& i) { return i[0] == '+' || i[0] == '-'; });
  if (is_signed != 0 && is_signed != items.size()) {
    return Error{"--kinds: sign every kind (+add, -remove from the default list) or none (replace it), not some"};
  }
  std::vector<std::string> out = is_signed ? default_snapshot_kinds() : std::vector<std::string>{};
  for (const std::string& item : items) {
    std::string name = is_signed ? item.substr(1) : item;
    if (name.empty()) return Error{"--kinds: '" + item + "' names no kind"};
    auto at = std::find(out.begin(), out.end(), name);
    if (is_signed && item[0] == '-') {
      if (at != out.end()) out.erase(at);
    } else if (at == out.end()) {
      out.push_back(name);
    }
  }
  if (out.empty()) return Error{"--kinds: that leaves no kind to capture"};
  return out;
}

std::string snapshot_rbac_rules(const std::vector<std::string>& kinds) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;  // in the list's order
  for (const std::string& kind : kinds) {
    if (is_secret_kind(kind)) continue;
    size_t dot = kind.find('.');
    std::string resource = kind.substr(0, dot);
    std::string group = dot == std::string::npos ? "" : kind.substr(dot + 1);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == group; });
    if (it == groups.end()) it = groups.insert(groups.end(), {group, {}});
    it->second.push_back(resource);
  }
  std::string out = "rules:\n  # What `driftlint snapshot` reads: get and list only, and no Secrets\n"
                    "  # (`driftlint snapshot --print-rbac` prints this list).\n";
  for (const auto& [group, resources] : groups) {
    out += "  - apiGroups: [" + (group.empty() ? std::string("\"\"") : group) + "]\n";
    out += "    resources: [" + join(resources, ", ") + "]\n";
    out += "    verbs: [get, list]\n";
  }
  return out;
}

}  // namespace driftlint
