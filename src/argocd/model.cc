#include "argocd/model.h"

#include <set>

#include "argocd/app_drift.h"
#include "argocd/collect_apps.h"
#include "argocd/deploy.h"
#include "argocd/source_binding.h"
#include "base/glob.h"
#include "base/strings.h"
#include "git/url.h"
#include "load/load_index.h"

namespace driftlint {

namespace {

constexpr std::string_view kTrackingAnnotation = "argocd.argoproj.io/tracking-id";
constexpr std::string_view kInstallationAnnotation = "argocd.argoproj.io/installation-id";

// Kinds the API server serves without a namespace, for defaulting an object's
// namespace from its app's destination. CRDs and the snapshot add more.
const std::set<std::string>& builtin_cluster_kinds() {
  static const std::set<std::string> kinds = {
      "/Namespace", "/Node", "/PersistentVolume", "/ComponentStatus",
      "rbac.authorization.k8s.io/ClusterRole", "rbac.authorization.k8s.io/ClusterRoleBinding",
      "apiextensions.k8s.io/CustomResourceDefinition", "scheduling.k8s.io/PriorityClass",
      "node.k8s.io/RuntimeClass", "storage.k8s.io/StorageClass", "storage.k8s.io/CSIDriver",
      "storage.k8s.io/CSINode", "storage.k8s.io/VolumeAttachment", "networking.k8s.io/IngressClass",
      "admissionregistration.k8s.io/ValidatingWebhookConfiguration",
      "admissionregistration.k8s.io/MutatingWebhookConfiguration",
      "admissionregistration.k8s.io/ValidatingAdmissionPolicy",
      "admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding",
      "apiregistration.k8s.io/APIService", "certificates.k8s.io/CertificateSigningRequest",
      "policy/PodSecurityPolicy", "flowcontrol.apiserver.k8s.io/FlowSchema",
      "flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration",
      "kueue.x-k8s.io/ClusterQueue", "kueue.x-k8s.io/ResourceFlavor", "kueue.x-k8s.io/Cohort",
      "kueue.x-k8s.io/WorkloadPriorityClass", "kueue.x-k8s.io/AdmissionCheck",
      "kueue.x-k8s.io/Topology", "kueue.x-k8s.io/ProvisioningRequestConfig",
      "argoproj.io/ClusterWorkflowTemplate", "kyverno.io/ClusterPolicy",
      "kyverno.io/ClusterCleanupPolicy", "cert-manager.io/ClusterIssuer",
  };
  return kinds;
}

void collect_cluster_kinds(const LoadResult& load, const Snapshot* snapshot, ArgoModel& model) {
  for (const std::string& k : builtin_cluster_kinds()) model.cluster_kinds[k] = true;
  auto from_crd = [&](const Manifest& m) {
    if (m.id.kind != "CustomResourceDefinition") return;
    yaml::Node spec = m.root.get("spec");
    auto group = spec.get("group").as_string();
    auto kind = spec.path({"names", "kind"}).as_string();
    auto scope = spec.get("scope").as_string();
    if (group && kind && scope) model.cluster_kinds[std::string(*group) + "/" + std::string(*kind)] = *scope == "Cluster";
  };
  for (const Manifest& m : load.manifests) from_crd(m);
  if (snapshot) {
    for (const Manifest& m : snapshot->objects) {
      from_crd(m);
      std::string k = m.id.group + "/" + m.id.kind;
      if (!model.cluster_kinds.count(k)) model.cluster_kinds[k] = m.id.ns.empty();
    }
  }
}

void index_repos(const LoadResult& load, ArgoModel& model) {
  model.repo_identity.resize(load.repos.size());
  for (size_t r = 0; r < load.repos.size(); ++r) {
    if (load.repos[r].url) model.repo_identity[r] = normalize_git_url(*load.repos[r].url);
  }
}

}  // namespace

ArgoModel begin_argo_model(const LoadResult& load, const Snapshot* snapshot, const ArgoModelOptions& options,
                           std::vector<RenderRequest>& requests) {
  ArgoModel model;
  model.snapshot = snapshot;
  if (options.config) model.config = *options.config;
  const LoadIndex& index = load.index();
  index_repos(load, model);
  collect_cluster_kinds(load, snapshot, model);
  AppSetBudget budget(options.appset_limits);
  collect_applications(load, index, snapshot, budget, options.rendered_apps, model);
  bind_sources(load, model);
  requests = deploy_requests(load, index, model);
  return model;
}

void finish_argo_model(const LoadResult& load, const std::vector<const RenderOutput*>& outputs,
                       const ArgoModelOptions& options, ArgoModel& model) {
  deploy_outputs(load, load.index(), outputs, model);
  collect_status_owners(model);
  compute_drift(options, model);
}

ArgoModel build_argo_model(const LoadResult& load, const Snapshot* snapshot, const ArgoModelOptions& options) {
  std::vector<RenderRequest> requests;
  ArgoModel model = begin_argo_model(load, snapshot, options, requests);
  Renderer* renderer = options.renderer;
  if (!renderer) {
    model.own_renderer = std::make_shared<ToolRenderer>(load, ToolRendererOptions{"", "", {}, 1, 64ull << 20, ""});
    renderer = model.own_renderer.get();
  }
  finish_argo_model(load, renderer->render(requests), options, model);
  return model;
}

void use_argocd_config(ArgoModel& model, ArgoCdConfig config, const ArgoModelOptions& options) {
  model.config = std::move(config);
  model.drift.clear();
  compute_drift(options, model);
}

int ArgoModel::repo_for_url(const std::string& url) const {
  if (url.empty()) return -1;
  std::string identity = normalize_git_url(url);
  for (size_t r = 0; r < repo_identity.size(); ++r) {
    if (!repo_identity[r].empty() && repo_identity[r] == identity) return static_cast<int>(r);
  }
  return -1;
}

bool directory_glob_match(const std::string& pattern, const std::string& relative_path) {
  if (glob_match(pattern, relative_path)) return true;
  // Argo CD's glob lets '*' cross '/': retry with every '*' as '**'.
  std::string crossing;
  for (size_t i = 0; i < pattern.size(); ++i) {
    crossing += pattern[i];
    if (pattern[i] == '*' && (i + 1 >= pattern.size() || pattern[i + 1] != '*') &&
        (i == 0 || pattern[i - 1] != '*')) {
      crossing += '*';
    }
  }
  return crossing != pattern && glob_match(crossing, relative_path);
}

namespace {

// A tracking annotation's parts: app:group/Kind:namespace/name.
struct TrackingId {
  std::string_view app, group, kind, ns, name;
};

std::optional<TrackingId> split_tracking_id(std::string_view value) {
  size_t first = value.find(':');
  if (first == std::string_view::npos) return std::nullopt;
  size_t second = value.find(':', first + 1);
  if (second == std::string_view::npos) return std::nullopt;
  std::string_view gk = value.substr(first + 1, second - first - 1);
  std::string_view nn = value.substr(second + 1);
  size_t slash = gk.find('/');
  size_t slash2 = nn.find('/');
  if (first == 0 || slash == std::string_view::npos || slash2 == std::string_view::npos) return std::nullopt;
  return TrackingId{value.substr(0, first), gk.substr(0, slash), gk.substr(slash + 1), nn.substr(0, slash2),
                    nn.substr(slash2 + 1)};
}

}  // namespace

std::optional<std::pair<std::string, std::string>> parse_tracking_id(std::string_view value) {
  std::optional<TrackingId> t = split_tracking_id(value);
  if (!t) return std::nullopt;
  return std::make_pair(std::string(t->app), object_key(t->group, t->kind, t->ns, t->name));
}

const Application* ArgoModel::find_app(const std::string& name) const {
  auto it = app_index.find(name);
  if (it != app_index.end()) return &apps[it->second];
  // Apps in any namespace are tracked as "namespace_app".
  size_t underscore = name.find('_');
  if (underscore != std::string::npos) {
    it = app_index.find(name.substr(underscore + 1));
    if (it != app_index.end()) return &apps[it->second];
  }
  return nullptr;
}

namespace {

// The app a tracking annotation names, when it names the object it is on
// (isSelfReferencedObj: a copy another tool made elsewhere is nobody's) and,
// with an installationID, carries that id.
std::optional<LiveOwner> annotation_owner(const Manifest& live, const ArgoCdSettings& s) {
  yaml::Node annotations = live.root.path({"metadata", "annotations"});
  if (!s.installation_id.empty() && annotations.get(kInstallationAnnotation).text() != s.installation_id) return std::nullopt;
  std::optional<std::string_view> value = annotations.get(kTrackingAnnotation).as_string();
  std::optional<TrackingId> t = value ? split_tracking_id(*value) : std::nullopt;
  if (!t || t->name != live.id.name || t->group != live.id.group || t->kind != live.id.kind) return std::nullopt;
  if (!live.id.ns.empty() && t->ns != live.id.ns) return std::nullopt;
  return LiveOwner{std::string(t->app), "tracking-id annotation"};
}

}  // namespace

std::optional<LiveOwner> ArgoModel::owner_of(const Manifest& live) const {
  const ArgoCdSettings& s = config.settings;
  if (s.tracking != TrackingMethod::Label) {
    if (auto owner = annotation_owner(live, s)) return owner;
  } else if (auto instance = live.root.path({"metadata", "labels"}).get(s.instance_label_key).as_string()) {
    // Helm charts set app.kubernetes.io/instance to their release name: it
    // counts only when an Argo CD app of that name exists.
    if (find_app(std::string(*instance))) return LiveOwner{std::string(*instance), s.instance_label_key + " label"};
  }
  auto it = status_owner.find(object_key(live.id));
  if (it != status_owner.end()) return LiveOwner{it->second, "status.resources"};
  return std::nullopt;
}

bool ArgoModel::excluded(const DesiredObject& d) const {
  return is_excluded_resource(config.settings, d.id.group, d.id.kind, destination_server(apps[d.app]));
}

std::string destination_server(const Application& app) {
  if (!app.destination_server.empty()) return app.destination_server;
  return app.destination_name == "in-cluster" ? "https://kubernetes.default.svc" : std::string();
}

bool ArgoModel::cluster_scoped(const std::string& group, const std::string& kind) const {
  auto it = cluster_kinds.find(group + "/" + kind);
  return it != cluster_kinds.end() && it->second;
}

std::string ArgoModel::describe_sources(const Application& app, const LoadResult& load) const {
  std::vector<std::string> parts;
  for (size_t s = 0; s < app.sources.size(); ++s) {
    const AppSource& source = app.sources[s];
    std::string text = redact_url(source.repo_url);
    int repo = source.bound.repo;
    if (repo >= 0) text += " (repo " + load.repos[repo].name + ")";
    if (source.path) text += " path " + (normalize_app_path(*source.path).empty() ? std::string(".") : normalize_app_path(*source.path));
    if (source.has_chart) text += " chart " + std::string(source.node.get("chart").text());
    parts.push_back(text);
  }
  return parts.empty() ? std::string("no source") : join(parts, "; ");
}

}  // namespace driftlint
