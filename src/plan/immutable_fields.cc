#include "plan/immutable_fields.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "model/quantity.h"
#include "yaml/json.h"

namespace driftlint {

namespace {

constexpr const char* kWorkloadSelector =
    "Kubernetes: apps/v1 label selectors are immutable (kubernetes.io/docs/concepts/workloads/controllers/"
    "deployment/#label-selector-updates; ValidateDeploymentUpdate, ValidateReplicaSetUpdate, "
    "ValidateDaemonSetUpdate in pkg/apis/apps/validation)";
constexpr const char* kStatefulSet =
    "Kubernetes: ValidateStatefulSetUpdate (pkg/apis/apps/validation): updates to statefulset spec for fields "
    "other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' "
    "and 'minReadySeconds' are forbidden";
constexpr const char* kJob =
    "Kubernetes: ValidateJobSpecUpdate (pkg/apis/batch/validation): a Job's selector and pod template are "
    "immutable (only the scheduling directives of a suspended Job that never started may change; "
    "kubernetes.io/docs/concepts/workloads/controllers/job/#mutable-scheduling-directives)";
constexpr const char* kRoleRef = "Kubernetes API reference: RoleBinding and ClusterRoleBinding roleRef: \"This field is immutable.\"";
constexpr const char* kStorageClass =
    "Kubernetes: StorageClass objects cannot be updated once created (kubernetes.io/docs/concepts/storage/"
    "storage-classes/; ValidateStorageClassUpdate)";
constexpr const char* kService =
    "Kubernetes API reference: ServiceSpec.clusterIP(s): \"may not be changed through updates unless the type "
    "field is also being changed to ExternalName\"";
constexpr const char* kClaim =
    "Kubernetes: ValidatePersistentVolumeClaimUpdate (pkg/apis/core/validation): spec is immutable after "
    "creation except resources.requests (which may only grow) and volumeAttributesClassName";
constexpr const char* kImmutableData =
    "Kubernetes: immutable ConfigMaps and Secrets (kubernetes.io/docs/concepts/configuration/configmap/"
    "#configmap-immutable): data cannot change, nor `immutable` be unset";
constexpr const char* kCrdRule =
    "the CRD's x-kubernetes-validations rule `self == oldSelf` (kubernetes.io/docs/tasks/extend-kubernetes/"
    "custom-resources/custom-resource-definitions/#transition-rules)";

std::string dotted(const std::vector<std::string>& path) {
  std::string out;
  for (const std::string& p : path) out += p == "*" ? std::string("[*]") : (out.empty() ? "" : ".") + p;
  return out;
}

std::string describe(const FieldDiff& d, const std::string& prefix = "") {
  std::string where = display_path(d.path);
  if (!prefix.empty()) where = prefix + (where.empty() ? "" : "." + where);
  std::string before = d.live.valid() ? display_value(d.live) : "(absent)";
  std::string after = d.desired.valid() ? display_value(d.desired) : "(absent)";
  return where + ": " + before + " -> " + after;
}

yaml::Node at(yaml::Node n, const std::vector<std::string>& path) {
  for (const std::string& k : path) n = n.get(k);
  return n;
}

// A whole field git sets, compared with the other side both ways.
void check_whole(const ImmutableRule& r, yaml::Node before, yaml::Node after, std::vector<ImmutableChange>& out) {
  yaml::Node a = at(after, r.path), b = at(before, r.path);
  if (!a.valid() || a.is_null() || !b.valid()) return;
  DiffOptions options;
  options.live_only_keys = true;
  std::vector<FieldDiff> diffs = diff_objects(a, b, options);
  if (!diffs.empty()) out.push_back({r.field, describe(diffs[0], dotted(r.path)), r.source});
}

void check_set(const ImmutableRule& r, const std::vector<FieldDiff>& diffs, std::vector<ImmutableChange>& out) {
  for (const FieldDiff& d : diffs) {
    if (!path_under(d.path, r.path)) continue;
    // The field as this object has it: "spec.tags[0].key" for "spec.tags[*].key".
    FieldPath field(d.path.begin(), d.path.begin() + static_cast<std::ptrdiff_t>(r.path.size()));
    out.push_back({display_path(field), describe(d), r.source});
    return;
  }
}

void check_rule(const ImmutableRule& r, yaml::Node before, yaml::Node after, const std::vector<FieldDiff>& diffs,
                std::vector<ImmutableChange>& out) {
  if (r.whole) return check_whole(r, before, after, out);
  check_set(r, diffs, out);
}

bool is_kind(const ObjectIdentity& id, const char* group, const char* kind) { return id.group == group && id.kind == kind; }

// A ClusterIP the cluster holds cannot change (nor "None" become an IP).
void check_service(yaml::Node before, yaml::Node after, const std::vector<FieldDiff>& diffs, std::vector<ImmutableChange>& out) {
  if (after.path({"spec", "type"}).as_string() == std::optional<std::string_view>("ExternalName")) return;
  for (const char* field : {"clusterIP", "clusterIPs"}) {
    yaml::Node held = before.path({"spec", field});
    bool empty = !held.valid() || held.is_null() || (held.is_scalar() && held.text().empty()) ||
                 (held.is_sequence() && held.size() == 0);
    if (empty) continue;
    for (const FieldDiff& d : diffs) {
      if (!path_under(d.path, {"spec", field})) continue;
      out.push_back({std::string("spec.") + field, describe(d), kService});
      return;
    }
  }
}

void check_claim(yaml::Node before, yaml::Node after, const std::vector<FieldDiff>& diffs, std::vector<ImmutableChange>& out) {
  for (const FieldDiff& d : diffs) {
    if (!path_under(d.path, {"spec"}) || path_under(d.path, {"spec", "volumeAttributesClassName"})) continue;
    if (path_under(d.path, {"spec", "resources", "requests"})) {
      if (d.path.size() == 4 && d.path[3].key == "storage") {
        auto b = parse_quantity(before.path({"spec", "resources", "requests", "storage"}).text());
        auto a = parse_quantity(after.path({"spec", "resources", "requests", "storage"}).text());
        if (!a || !b || *a >= *b) continue;  // a claim may grow
        out.push_back({"spec.resources.requests.storage", describe(d) + " (a claim can only grow)", kClaim});
        return;
      }
      continue;
    }
    out.push_back({"spec", describe(d), kClaim});
    return;
  }
}

void check_immutable_data(yaml::Node before, yaml::Node after, std::vector<ImmutableChange>& out) {
  if (before.get("immutable").as_bool() != std::optional<bool>(true)) return;
  if (after.get("immutable").as_bool() != std::optional<bool>(true)) {
    out.push_back({"immutable", "immutable: true -> " + (after.get("immutable").valid() ? display_value(after.get("immutable")) : std::string("(absent)")), kImmutableData});
    return;
  }
  for (const char* field : {"data", "binaryData", "stringData"}) {
    if (yaml::to_json(before.get(field)) != yaml::to_json(after.get(field))) {
      out.push_back({field, std::string(field) + " changes while the object is immutable", kImmutableData});
      return;
    }
  }
}

// Walks an openAPIV3Schema, collecting the paths of `self == oldSelf` rules.
void collect_rules(yaml::Node schema, std::vector<std::string>& path, std::vector<std::vector<std::string>>& out, int depth) {
  if (!schema.is_map() || depth > 32) return;
  for (yaml::Node v : schema.get("x-kubernetes-validations").elements()) {
    std::string rule;
    for (char c : v.get("rule").text()) {
      if (c != ' ' && c != '\t' && c != '\n') rule += c;
    }
    if ((rule == "self==oldSelf" || rule == "oldSelf==self") && !path.empty()) out.push_back(path);
  }
  for (auto [key, child] : schema.get("properties").entries()) {
    path.emplace_back(key.text());
    collect_rules(child, path, out, depth + 1);
    path.pop_back();
  }
  for (const char* any : {"items", "additionalProperties"}) {
    path.emplace_back("*");
    collect_rules(schema.get(any), path, out, depth + 1);
    path.pop_back();
  }
}

}  // namespace

const std::vector<ImmutableRule>& builtin_immutable_rules() {
  static const std::vector<ImmutableRule> rules = {
      {"apps", "Deployment", {"spec", "selector"}, "spec.selector", kWorkloadSelector, true},
      {"apps", "ReplicaSet", {"spec", "selector"}, "spec.selector", kWorkloadSelector, true},
      {"apps", "DaemonSet", {"spec", "selector"}, "spec.selector", kWorkloadSelector, true},
      {"apps", "StatefulSet", {"spec", "selector"}, "spec.selector", kStatefulSet, true},
      {"apps", "StatefulSet", {"spec", "volumeClaimTemplates"}, "spec.volumeClaimTemplates", kStatefulSet, false},
      {"apps", "StatefulSet", {"spec", "serviceName"}, "spec.serviceName", kStatefulSet, false},
      {"apps", "StatefulSet", {"spec", "podManagementPolicy"}, "spec.podManagementPolicy", kStatefulSet, false},
      {"batch", "Job", {"spec", "selector"}, "spec.selector", kJob, false},
      {"batch", "Job", {"spec", "template"}, "spec.template", kJob, false},
      {"rbac.authorization.k8s.io", "RoleBinding", {"roleRef"}, "roleRef", kRoleRef, true},
      {"rbac.authorization.k8s.io", "ClusterRoleBinding", {"roleRef"}, "roleRef", kRoleRef, true},
      {"storage.k8s.io", "StorageClass", {"provisioner"}, "provisioner", kStorageClass, false},
      {"storage.k8s.io", "StorageClass", {"parameters"}, "parameters", kStorageClass, true},
      {"storage.k8s.io", "StorageClass", {"reclaimPolicy"}, "reclaimPolicy", kStorageClass, false},
      {"storage.k8s.io", "StorageClass", {"volumeBindingMode"}, "volumeBindingMode", kStorageClass, false},
  };
  return rules;
}

bool path_under(const FieldPath& path, const std::vector<std::string>& pattern) {
  if (path.size() < pattern.size()) return false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != "*" && pattern[i] != path[i].key) return false;
  }
  return true;
}

void ImmutableFields::add_crd(yaml::Node crd) {
  yaml::Node spec = crd.get("spec");
  std::optional<std::string_view> group = spec.get("group").as_string(), kind = spec.path({"names", "kind"}).as_string();
  if (!group || !kind) return;
  std::vector<std::vector<std::string>> paths;
  std::vector<std::string> path;
  for (yaml::Node v : spec.get("versions").elements()) collect_rules(v.path({"schema", "openAPIV3Schema"}), path, paths, 0);
  collect_rules(spec.path({"validation", "openAPIV3Schema"}), path, paths, 0);
  std::vector<ImmutableRule>& rules = crd_rules_[std::string(*group) + "/" + std::string(*kind)];
  for (const std::vector<std::string>& p : paths) {
    bool known = std::any_of(rules.begin(), rules.end(), [&](const ImmutableRule& r) { return r.path == p; });
    if (!known) rules.push_back({std::string(*group), std::string(*kind), p, dotted(p), kCrdRule, false});
  }
}

size_t ImmutableFields::crd_rule_count() const {
  size_t n = 0;
  for (const auto& [kind, rules] : crd_rules_) n += rules.size();
  return n;
}

std::vector<ImmutableChange> ImmutableFields::changes(const ObjectIdentity& id, yaml::Node before, yaml::Node after,
                                                      const std::vector<FieldDiff>& diffs) const {
  std::vector<ImmutableChange> out;
  for (const ImmutableRule& r : builtin_immutable_rules()) {
    if (r.group == id.group && r.kind == id.kind) check_rule(r, before, after, diffs, out);
  }
  auto crd = crd_rules_.find(id.group + "/" + id.kind);
  if (crd != crd_rules_.end()) {
    for (const ImmutableRule& r : crd->second) check_rule(r, before, after, diffs, out);
  }
  if (is_kind(id, "", "Service")) check_service(before, after, diffs, out);
  if (is_kind(id, "", "PersistentVolumeClaim")) check_claim(before, after, diffs, out);
  if (is_kind(id, "", "ConfigMap") || is_kind(id, "", "Secret")) check_immutable_data(before, after, out);
  return out;
}

}  // namespace driftlint
