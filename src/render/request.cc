#include "render/request.h"

#include <nlohmann/json.hpp>

#include "git/url.h"
#include "render/render_cache.h"

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

bool KustomizeBuildFlags::enable_helm() const {
  bool on = false;  // the last spelling counts, as with any flag
  for (const std::string& a : args) {
    if (a == "--enable-helm" || a == "--enable-helm=true") on = true;
    if (a == "--enable-helm=false") on = false;
  }
  return on;
}

std::string KustomizeBuildFlags::identity() const {
  if (args.empty() && withheld.empty() && !helm_if_charts) return {};
  nlohmann::json j = {{"args", args}, {"withheld", withheld}, {"helmIfCharts", helm_if_charts}};
  return j.dump();
}

std::string RenderRequest::identity() const {
  std::string out = kind == RenderKind::Kustomize ? "kustomize\n" : "helm\n";
  add_identity_field(out, std::to_string(repo));
  add_identity_field(out, folder);
  add_identity_field(out, kind == RenderKind::Kustomize ? kustomize.identity() : helm.identity());
  add_identity_field(out, kind == RenderKind::Kustomize ? build_flags.identity() : "");
  for (const std::string* field : {&remote.repo_url, &remote.chart, &remote.version}) add_identity_field(out, *field);
  return out;
}

std::string RenderRequest::describe(const std::string& repo_name) const {
  if (!remote.empty()) return "Helm chart " + remote.chart + " " + remote.version + " from " + redact_url(remote.repo_url);
  return std::string(kind == RenderKind::Kustomize ? "kustomization " : "Helm chart ") + repo_name + "/" +
         (folder.empty() ? "." : folder);
}

}  // namespace driftlint
