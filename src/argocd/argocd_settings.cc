#include "argocd/argocd_settings.h"

#include <map>
#include <optional>

#include "base/glob.h"
#include "base/strings.h"
#include "yaml/parser.h"

namespace driftlint {

namespace {

constexpr std::string_view kBuildOptions = "kustomize.buildOptions";
constexpr std::string_view kIgnoreDifferencesPrefix = "resource.customizations.ignoreDifferences.";

// The resource.exclusions of Argo CD 3.x's own argocd-cm manifest
// (manifests/base/config/argocd-cm.yaml), which a stock install runs with.
constexpr std::string_view kStockExclusions = R"(
- apiGroups: ['', discovery.k8s.io]
  kinds: [Endpoints, EndpointSlice]
- apiGroups: [coordination.k8s.io]
  kinds: [Lease]
- apiGroups: [authentication.k8s.io, authorization.k8s.io]
  kinds: [SelfSubjectReview, TokenReview, LocalSubjectAccessReview, SelfSubjectAccessReview,
          SelfSubjectRulesReview, SubjectAccessReview]
- apiGroups: [certificates.k8s.io]
  kinds: [CertificateSigningRequest]
- apiGroups: [cert-manager.io]
  kinds: [CertificateRequest]
- apiGroups: [cilium.io]
  kinds: [CiliumIdentity, CiliumEndpoint, CiliumEndpointSlice]
- apiGroups: [kyverno.io, reports.kyverno.io, wgpolicyk8s.io]
  kinds: [PolicyReport, ClusterPolicyReport, EphemeralReport, ClusterEphemeralReport, AdmissionReport,
          ClusterAdmissionReport, BackgroundScanReport, ClusterBackgroundScanReport, UpdateRequest]
)";

// What Argo CD excludes whatever argocd-cm says (util/settings/resources_filter.go).
const std::vector<ResourceFilter>& core_exclusions() {
  static const std::vector<ResourceFilter> core = {
      {{"events.k8s.io", "metrics.k8s.io"}, {}, {}},
      {{""}, {"Event"}, {}},
      {{"coordination.k8s.io"}, {"Lease"}, {}},
  };
  return core;
}

std::vector<std::string> strings_of(yaml::Node list) {
  std::vector<std::string> out;
  for (yaml::Node e : list.elements()) {
    if (e.is_scalar()) out.emplace_back(e.is_null() ? std::string_view() : e.text());
  }
  return out;
}

// A value that is YAML text (resource.exclusions, an ignoreDifferences
// entry), parsed; `use` reads its root. False when it does not parse.
template <class Use>
bool with_yaml(std::string_view text, Use use) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  if (parsed.error) return false;
  use(parsed.documents.empty() ? yaml::Node() : parsed.documents[0].root);
  return true;
}

std::vector<ResourceFilter> read_filters(std::string_view key, std::string_view text, std::vector<std::string>& problems) {
  std::vector<ResourceFilter> out;
  bool ok = with_yaml(text, [&](yaml::Node root) {
    for (yaml::Node e : root.elements()) {
      out.push_back({strings_of(e.get("apiGroups")), strings_of(e.get("kinds")), strings_of(e.get("clusters"))});
    }
  });
  if (!ok) problems.push_back(std::string(key) + " does not parse as a YAML list");
  return out;
}

// An ignoreDifferences customization: its JSON pointers, jq paths and managers.
void read_ignore_fields(yaml::Node node, IgnoreDifference& d) {
  d.json_pointers = strings_of(node.get("jsonPointers"));
  d.jq_path_expressions = strings_of(node.get("jqPathExpressions"));
  d.managed_fields_managers = strings_of(node.get("managedFieldsManagers"));
}

// "group/Kind" or "Kind" (getGroupKindForOverrideKey); "*/*" for all.
void set_group_kind(std::string_view key, IgnoreDifference& d) {
  size_t slash = key.find('/');
  d.group = slash == std::string_view::npos ? std::string() : std::string(key.substr(0, slash));
  d.kind = std::string(slash == std::string_view::npos ? key : key.substr(slash + 1));
}

// resource.customizations: a map of "group/Kind" to overrides, whose
// ignoreDifferences is YAML text (or, written by hand, a map).
void read_legacy_customizations(std::string_view text, std::map<std::string, IgnoreDifference>& out,
                                std::vector<std::string>& problems) {
  bool ok = with_yaml(text, [&](yaml::Node root) {
    for (auto [key, value] : root.entries()) {
      yaml::Node ignore = value.get("ignoreDifferences");
      if (!ignore.valid()) continue;
      IgnoreDifference d;
      set_group_kind(key.text(), d);
      if (auto text = ignore.as_string()) {
        if (!with_yaml(*text, [&](yaml::Node n) { read_ignore_fields(n, d); })) continue;
      } else {
        read_ignore_fields(ignore, d);
      }
      out[std::string(key.text())] = std::move(d);
    }
  });
  if (!ok) problems.push_back("resource.customizations does not parse as YAML");
}

// resource.customizations.ignoreDifferences.<group_kind> (convertToOverrideKey).
void read_split_customization(std::string_view key, std::string_view text, std::map<std::string, IgnoreDifference>& out,
                              std::vector<std::string>& problems) {
  std::string_view group_kind = key.substr(kIgnoreDifferencesPrefix.size());
  std::vector<std::string_view> parts = split(group_kind, '_');
  if (group_kind.empty() || parts.size() > 2) {
    problems.push_back(std::string(key) + ": the key must end in <group>_<kind>, <kind> or all");
    return;
  }
  std::string override_key = group_kind == "all" ? "*/*"
                             : parts.size() == 2 ? std::string(parts[0]) + "/" + std::string(parts[1])
                                                 : std::string(group_kind);
  IgnoreDifference d;
  set_group_kind(override_key, d);
  if (!with_yaml(text, [&](yaml::Node n) { read_ignore_fields(n, d); })) {
    problems.push_back(std::string(key) + " does not parse as YAML");
    return;
  }
  out[override_key] = std::move(d);
}

TrackingMethod read_tracking(std::string_view value, std::vector<std::string>& problems) {
  if (value == "label") return TrackingMethod::Label;
  if (value == "annotation+label") return TrackingMethod::AnnotationAndLabel;
  if (value != "annotation" && !value.empty()) {
    problems.push_back("application.resourceTrackingMethod " + quote_for_message(value) +
                       " is not annotation, label or annotation+label: Argo CD tracks by annotation");
  }
  return TrackingMethod::Annotation;
}

std::optional<std::string> value_of(yaml::Node data, std::string_view key) {
  yaml::Node v = data.get(key);
  if (!v.valid()) return std::nullopt;
  return std::string(v.is_null() ? std::string_view() : v.text());
}

void read_kustomize_keys(std::string_view key, const std::string& value, ArgoCdSettings& s) {
  auto version_after = [&](std::string_view prefix) -> std::optional<std::string> {
    if (key.size() <= prefix.size() + 1 || key.compare(0, prefix.size(), prefix) != 0 || key[prefix.size()] != '.') {
      return std::nullopt;
    }
    return std::string(key.substr(prefix.size() + 1));
  };
  if (key == kBuildOptions) s.kustomize_build_options = value;
  if (auto v = version_after(kBuildOptions)) s.kustomize_version_options[*v] = value;
  if (auto v = version_after("kustomize.path")) s.kustomize_versions.insert(*v);
  if (auto v = version_after("kustomize.version")) s.kustomize_versions.insert(*v);
}

}  // namespace

std::string_view tracking_method_name(TrackingMethod method) {
  switch (method) {
    case TrackingMethod::Label: return "label";
    case TrackingMethod::AnnotationAndLabel: return "annotation+label";
    case TrackingMethod::Annotation: break;
  }
  return "annotation";
}

const ArgoCdSettings& stock_argocd_settings() {
  static const ArgoCdSettings stock = [] {
    ArgoCdSettings s;
    std::vector<std::string> problems;
    s.exclusions = read_filters("resource.exclusions", kStockExclusions, problems);
    return s;
  }();
  return stock;
}

ArgoCdSettings read_argocd_cm(yaml::Node data, bool over_stock_install) {
  ArgoCdSettings s;
  if (over_stock_install) s = stock_argocd_settings();
  std::map<std::string, IgnoreDifference> overrides;
  if (auto legacy = value_of(data, "resource.customizations")) read_legacy_customizations(*legacy, overrides, s.problems);
  for (auto [key_node, value_node] : data.entries()) {
    std::string_view key = key_node.text();
    std::string value(value_node.is_scalar() && !value_node.is_null() ? value_node.text() : std::string_view());
    read_kustomize_keys(key, value, s);
    if (key.size() > kIgnoreDifferencesPrefix.size() && key.compare(0, kIgnoreDifferencesPrefix.size(), kIgnoreDifferencesPrefix) == 0) {
      read_split_customization(key, value, overrides, s.problems);
    }
  }
  for (auto& [key, d] : overrides) s.ignore_differences.push_back(std::move(d));
  if (auto v = value_of(data, "application.resourceTrackingMethod")) s.tracking = read_tracking(*v, s.problems);
  if (auto v = value_of(data, "application.instanceLabelKey"); v && !v->empty()) s.instance_label_key = *v;
  if (auto v = value_of(data, "installationID")) s.installation_id = *v;
  if (auto v = value_of(data, "resource.exclusions")) s.exclusions = read_filters("resource.exclusions", *v, s.problems);
  if (auto v = value_of(data, "resource.inclusions")) s.inclusions = read_filters("resource.inclusions", *v, s.problems);
  return s;
}

bool argocd_glob_match(std::string_view pattern, std::string_view text) {
  if (pattern == text) return true;
  std::string crossing;  // every lone '*' as '**', which base/glob lets cross '/'
  for (size_t i = 0; i < pattern.size(); ++i) {
    crossing += pattern[i];
    bool lone = pattern[i] == '*' && (i + 1 >= pattern.size() || pattern[i + 1] != '*') && (i == 0 || pattern[i - 1] != '*');
    if (lone) crossing += '*';
  }
  return glob_match(crossing, text);
}

namespace {

bool any_glob(const std::vector<std::string>& patterns, std::string_view text) {
  for (const std::string& p : patterns) {
    if (argocd_glob_match(p, text)) return true;
  }
  return patterns.empty();
}

bool matches_cluster(const ResourceFilter& f, std::string_view server) {
  return server.empty() || any_glob(f.clusters, server);
}

bool matches(const ResourceFilter& f, std::string_view group, std::string_view kind, std::string_view server) {
  bool kind_ok = f.kinds.empty();
  for (const std::string& k : f.kinds) kind_ok = kind_ok || k == "*" || k == kind;
  return any_glob(f.api_groups, group) && kind_ok && matches_cluster(f, server);
}

bool any_matches(const std::vector<ResourceFilter>& filters, std::string_view group, std::string_view kind,
                 std::string_view server) {
  for (const ResourceFilter& f : filters) {
    if (matches(f, group, kind, server)) return true;
  }
  return false;
}

}  // namespace

bool is_excluded_resource(const ArgoCdSettings& settings, std::string_view group, std::string_view kind,
                          std::string_view server) {
  if (any_matches(core_exclusions(), group, kind, server) || any_matches(settings.exclusions, group, kind, server)) {
    return true;
  }
  if (any_matches(settings.inclusions, group, kind, server)) return false;
  // Inclusions that name this cluster (or every cluster) leave the rest out.
  for (const ResourceFilter& f : settings.inclusions) {
    if (matches_cluster(f, server)) return true;
  }
  return false;
}

}  // namespace driftlint
