// Which copy of Argo CD's own ConfigMaps (argocd-cm, argocd-cmd-params-cm) a
// run honours, among the copies found in the snapshot and the repos: the
// deployed one first (the snapshot's), then one an app deploys, one a build
// renders, a plain file, and last a patch laid over the stock install; within
// each, one in a namespace where Applications live. With none, the settings
// of a stock Argo CD 3.x install. The run's notes say which copy was used.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "argocd/argocd_settings.h"
#include "render/request.h"
#include "yaml/tree.h"

namespace driftlint {

inline constexpr std::string_view kArgoCdConfigMap = "argocd-cm";
inline constexpr std::string_view kArgoCdParamsConfigMap = "argocd-cmd-params-cm";

// Where a copy was found, the most trusted first.
enum class ConfigOrigin {
  Snapshot,  // live in the cluster
  Deployed,  // an object an Argo CD app deploys (Argo CD managing itself)
  Rendered,  // an object a kustomize or Helm build renders
  File,      // a manifest in a file no build reads
  Patch,     // a patch over argocd-cm whose build was not rendered: laid over the stock install
};

struct ConfigMapCopy {
  yaml::Node object;
  ConfigOrigin origin = ConfigOrigin::File;
  std::string ns;     // its namespace, "" when unknown
  std::string where;  // "the snapshot", "repo infra: argocd/argocd-cm.yaml" (for notes)
};

struct ConfigCandidates {
  std::vector<ConfigMapCopy> cm, params;
  // Applications per namespace (repos and snapshot): where Argo CD lives.
  std::map<std::string, size_t> app_namespaces;
};

struct ArgoCdConfig {
  ArgoCdSettings settings = stock_argocd_settings();
  bool found = false;  // an argocd-cm was found
  std::string used;    // where the argocd-cm used is ("" when none)
  std::string params_used;
  std::vector<std::string> notes;  // which copies were used, and what of them is not honoured
  // When no argocd-cm was found: what is assumed instead (said only where
  // Argo CD apps are modelled).
  std::string assumed;
};

ArgoCdConfig choose_argocd_config(const ConfigCandidates& candidates);

// Whether two configs build the same kustomizations (the same build options
// for every source), so that a change of copy needs no new render.
bool same_build_settings(const ArgoCdConfig& a, const ArgoCdConfig& b);

// The `kustomize build` flags for a source (its `kustomize.version`, "" for
// none, selects kustomize.buildOptions.<version> as Argo CD documents), or
// for a kustomization no app builds (""): passed, withheld and, when no
// argocd-cm was found, --enable-helm for kustomizations with helmCharts.
KustomizeBuildFlags kustomize_build_flags(const ArgoCdConfig& config, std::string_view kustomize_version);

}  // namespace driftlint
