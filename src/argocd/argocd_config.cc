#include "argocd/argocd_config.h"

#include <algorithm>
#include <tuple>

#include <nlohmann/json.hpp>

#include "argocd/kustomize_build_options.h"
#include "base/strings.h"
#include "yaml/json.h"

namespace driftlint {

namespace {

std::string_view origin_words(ConfigOrigin origin) {
  switch (origin) {
    case ConfigOrigin::Snapshot: return "deployed";
    case ConfigOrigin::Deployed: return "deployed by an app";
    case ConfigOrigin::Rendered: return "rendered";
    case ConfigOrigin::File: return "a plain manifest";
    case ConfigOrigin::Patch: return "a patch over the stock install's argocd-cm";
  }
  return "";
}

// The namespace's rank: where Applications live (most first), then
// `argocd` and unknown, then any other.
std::tuple<int, long> namespace_rank(const std::string& ns, const ConfigCandidates& c, const std::string& prefer) {
  if (!prefer.empty() && ns == prefer) return {0, 0};
  auto it = c.app_namespaces.find(ns);
  if (it != c.app_namespaces.end() && it->second > 0) return {1, -static_cast<long>(it->second)};
  if (ns == "argocd" || ns.empty()) return {2, 0};
  return {3, 0};
}

// The copy to use, or nullptr; `others` counts the copies that differ from it.
const ConfigMapCopy* best_copy(const std::vector<ConfigMapCopy>& copies, const ConfigCandidates& c,
                               const std::string& prefer_ns, size_t& others) {
  const ConfigMapCopy* best = nullptr;
  auto key = [&](const ConfigMapCopy& x) {
    auto [group, count] = namespace_rank(x.ns, c, prefer_ns);
    return std::make_tuple(static_cast<int>(x.origin), group, count, x.ns, x.where);
  };
  for (const ConfigMapCopy& x : copies) {
    if (!best || key(x) < key(*best)) best = &x;
  }
  others = 0;
  if (!best) return nullptr;
  std::string data = yaml::to_json(best->object.get("data")).dump();
  for (const ConfigMapCopy& x : copies) {
    if (&x != best && yaml::to_json(x.object.get("data")).dump() != data) ++others;
  }
  return best;
}

std::string describe_copy(std::string_view name, const ConfigMapCopy& copy, size_t others) {
  std::string out = std::string(name) + (copy.ns.empty() ? std::string() : " (namespace " + copy.ns + ")") + " from " +
                    copy.where + ", " + std::string(origin_words(copy.origin));
  if (others) {
    out += "; " + std::to_string(others) + " other cop" + (others == 1 ? "y" : "ies") +
           " with other data left aside (the deployed one, then one an app deploys, a rendered one, a plain file "
           "and a patch are preferred, in that order)";
  }
  return out;
}

void note_settings(ArgoCdConfig& config) {
  const ArgoCdSettings& s = config.settings;
  std::string line = "Argo CD settings: resource tracking by " + std::string(tracking_method_name(s.tracking));
  if (s.tracking != TrackingMethod::Annotation) line += " (label " + s.instance_label_key + ")";
  line += ", " + std::to_string(s.exclusions.size()) + " resource.exclusions and " +
          std::to_string(s.inclusions.size()) + " resource.inclusions entries, " +
          std::to_string(s.ignore_differences.size()) + " system-level ignoreDifferences";
  config.notes.push_back(line);
  if (!s.kustomize_build_options.empty()) {
    BuildOptionsReading reading = read_kustomize_build_options(s.kustomize_build_options);
    config.notes.push_back("kustomize.buildOptions " + describe_build_options(s.kustomize_build_options, reading));
  }
  for (const auto& [version, options] : s.kustomize_version_options) {
    BuildOptionsReading reading = read_kustomize_build_options(options);
    config.notes.push_back("kustomize.buildOptions." + version + " " + describe_build_options(options, reading) +
                           " (for sources naming kustomize version " + version + ")");
  }
  if (!s.kustomize_versions.empty()) {
    config.notes.push_back("kustomize.path.* names other kustomize binaries (" +
                           join(std::vector<std::string>(s.kustomize_versions.begin(), s.kustomize_versions.end()), ", ") +
                           "): driftlint builds every kustomization with its own kustomize");
  }
  for (const std::string& p : s.problems) config.notes.push_back("argocd-cm: " + p);
}

void note_params(const ConfigMapCopy& params, ArgoCdConfig& config) {
  yaml::Node data = params.object.get("data");
  auto value = [&](std::string_view key) { return std::string(trim(data.get(key).text())); };
  if (value("controller.diff.server.side") == "true") {
    config.notes.push_back("argocd-cmd-params-cm sets controller.diff.server.side: Argo CD diffs on the server, "
                           "driftlint compares the fields a manifest sets (defaults the API server adds are not seen)");
  }
}

}  // namespace

ArgoCdConfig choose_argocd_config(const ConfigCandidates& candidates) {
  ArgoCdConfig config;
  size_t others = 0;
  const ConfigMapCopy* cm = best_copy(candidates.cm, candidates, "", others);
  if (!cm) {
    config.assumed = "no argocd-cm found in the repos or the snapshot: a stock Argo CD 3.x is assumed "
                     "(annotation tracking, its default resource.exclusions, no kustomize build options; "
                     "kustomizations with helmCharts are built with --enable-helm)";
  } else {
    config.found = true;
    config.used = cm->where;
    config.settings = read_argocd_cm(cm->object.get("data"), cm->origin == ConfigOrigin::Patch);
    config.notes.push_back("Argo CD's config: " + describe_copy(kArgoCdConfigMap, *cm, others));
    note_settings(config);
  }
  const ConfigMapCopy* params = best_copy(candidates.params, candidates, cm ? cm->ns : std::string(), others);
  if (params) {
    config.params_used = params->where;
    config.notes.push_back("Argo CD's config: " + describe_copy(kArgoCdParamsConfigMap, *params, others));
    note_params(*params, config);
  }
  return config;
}

bool same_build_settings(const ArgoCdConfig& a, const ArgoCdConfig& b) {
  return a.found == b.found && a.settings.kustomize_build_options == b.settings.kustomize_build_options &&
         a.settings.kustomize_version_options == b.settings.kustomize_version_options;
}

KustomizeBuildFlags kustomize_build_flags(const ArgoCdConfig& config, std::string_view kustomize_version) {
  if (!config.found) {
    KustomizeBuildFlags flags;
    flags.helm_if_charts = true;
    return flags;
  }
  const ArgoCdSettings& s = config.settings;
  std::string options = s.kustomize_build_options;
  if (!kustomize_version.empty()) {
    auto it = s.kustomize_version_options.find(std::string(kustomize_version));
    options = it == s.kustomize_version_options.end() ? std::string() : it->second;
  }
  return read_kustomize_build_options(options).flags;
}

}  // namespace driftlint
