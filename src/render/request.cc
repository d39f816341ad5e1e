#include "render/request.h"

#include <nlohmann/json.hpp>

namespace driftlint {

bool KustomizeOptions::empty() const {
  return name_prefix.empty() && name_suffix.empty() && ns.empty() && images.empty() && common_labels.empty() &&
         common_annotations.empty() && replicas.empty() && patches.empty() && components.empty() &&
         !label_without_selector;
}

std::string KustomizeOptions::identity() const {
  if (empty()) return {};
  nlohmann::json j = {{"namePrefix", name_prefix}, {"nameSuffix", name_suffix},   {"namespace", ns},
                      {"images", images},          {"commonLabels", common_labels}, {"commonAnnotations", common_annotations},
                      {"replicas", replicas},      {"patches", patches},           {"components", components},
                      {"labelWithoutSelector", label_without_selector}};
  return j.dump();
}

std::string HelmOptions::identity() const {
  nlohmann::json files = nlohmann::json::array();
  for (const ValueFile& f : value_files) files.push_back({f.repo, f.path});
  nlohmann::json params = nlohmann::json::array();
  for (const Parameter& p : parameters) params.push_back({p.name, p.value, p.force_string});
  nlohmann::json j = {{"release", release_name}, {"namespace", ns},  {"valueFiles", files},
                      {"values", values},        {"parameters", params}, {"skipCrds", skip_crds},
                      {"kubeVersion", kube_version}, {"apiVersions", api_versions}};
  return j.dump();
}

std::string RenderRequest::identity() const {
  std::string out = kind == RenderKind::Kustomize ? "kustomize\n" : "helm\n";
  out += std::to_string(repo) + "\n" + folder + "\n";
  out += kind == RenderKind::Kustomize ? kustomize.identity() : helm.identity();
  return out;
}

std::string RenderRequest::describe(const std::string& repo_name) const {
  return std::string(kind == RenderKind::Kustomize ? "kustomization " : "Helm chart ") + repo_name + "/" +
         (folder.empty() ? "." : folder);
}

}  // namespace driftlint
