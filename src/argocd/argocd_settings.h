// Argo CD's own settings that change what driftlint models, read from an
// argocd-cm ConfigMap's `data` the way Argo CD's settings manager reads them
// (util/settings/settings.go): kustomize build options, how live objects are
// tracked to apps, which kinds Argo CD leaves alone (resource.exclusions and
// inclusions), and the system-level ignoreDifferences. docs/argocd-config.md
// says what each key does here and what is not honoured.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "argocd/application.h"
#include "yaml/tree.h"

namespace driftlint {

// application.resourceTrackingMethod (docs: user-guide/resource_tracking.md).
enum class TrackingMethod { Annotation, Label, AnnotationAndLabel };

std::string_view tracking_method_name(TrackingMethod method);

// One entry of resource.exclusions or resource.inclusions
// (docs: operator-manual/declarative-setup.md, "Resource Exclusion/Inclusion").
struct ResourceFilter {
  std::vector<std::string> api_groups;  // globs; none = any group
  std::vector<std::string> kinds;       // "*" or a kind; none = any kind
  std::vector<std::string> clusters;    // globs of a destination server; none = any cluster
};

struct ArgoCdSettings {
  // kustomize.buildOptions (for sources without kustomize.version), and
  // kustomize.buildOptions.<version> for sources that name that version.
  std::string kustomize_build_options;
  std::map<std::string, std::string> kustomize_version_options;
  // Versions registered by kustomize.path.<version> (or the older
  // kustomize.version.<version>): a source naming another one fails.
  std::set<std::string> kustomize_versions;
  TrackingMethod tracking = TrackingMethod::Annotation;  // the default since Argo CD 3.0
  std::string instance_label_key = "app.kubernetes.io/instance";
  std::string installation_id;  // installationID: tracking counts only on objects that carry it
  std::vector<ResourceFilter> exclusions;  // besides the core ones Argo CD always excludes
  std::vector<ResourceFilter> inclusions;
  // resource.customizations.ignoreDifferences.<group_kind> and .all, and the
  // ignoreDifferences of the older resource.customizations map: group and
  // kind come from the key ("*" for all), name and namespace are empty.
  std::vector<IgnoreDifference> ignore_differences;
  // Values that do not parse (Argo CD fails on them too), one line each.
  std::vector<std::string> problems;
};

// The settings a stock Argo CD 3.x install runs with: no build options,
// annotation tracking, and the resource.exclusions of its argocd-cm manifest
// (manifests/base/config/argocd-cm.yaml; upgrading/2.14-3.0.md lists them).
const ArgoCdSettings& stock_argocd_settings();

// The settings an argocd-cm's `data` gives. `over_stock_install`: the
// ConfigMap is a patch laid over the stock install's argocd-cm, so a key it
// does not set keeps the stock value; otherwise Argo CD's built-in default.
ArgoCdSettings read_argocd_cm(yaml::Node data, bool over_stock_install);

// Whether Argo CD leaves objects of this group and kind alone at a
// destination server: the core exclusions (events, metrics, Leases),
// resource.exclusions, then resource.inclusions, as
// ResourcesFilter.IsExcludedResource decides. `server` "" is a destination
// not known by URL: every cluster glob is taken to match it.
bool is_excluded_resource(const ArgoCdSettings& settings, std::string_view group, std::string_view kind,
                          std::string_view server);

// Argo CD's glob (gobwas/glob without separators): '*' matches across '/'.
bool argocd_glob_match(std::string_view pattern, std::string_view text);

}  // namespace driftlint
