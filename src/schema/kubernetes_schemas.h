// The Kubernetes API's own schemas for one release (1.34, 1.35, 1.36), from
// schemas/kubernetes/definitions.txt (ci/gen-k8s-schemas, compiled in): which
// kinds it serves, and the schema of one kind as a JSON Schema document
// holding just the definitions that kind reaches. Reading the file indexes
// it (names and kinds, no JSON parsed); a kind's definitions are parsed when
// its schema is asked for.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace driftlint {

// Kubernetes' order of API versions within a group: v1 before v1beta2
// before v1beta1 before v1alpha1 (apimachinery's version.CompareKubeAwareVersionStrings).
bool kube_version_before(std::string_view a, std::string_view b);

class KubernetesSchemas {
 public:
  // The bundled releases, oldest first ("1.34", "1.35", "1.36").
  static const std::vector<std::string>& versions();
  static const std::string& newest();
  // One release's set; nullptr for a release not bundled.
  static const KubernetesSchemas* of(std::string_view version);

  const std::string& version() const { return version_; }

  // The definition that is the schema of apiVersion + kind ("apps/v1",
  // "Deployment"), or nullopt when this release does not serve it.
  std::optional<std::string> definition_of(std::string_view api_version, std::string_view kind) const;
  bool serves(std::string_view api_version, std::string_view kind) const {
    return definition_of(api_version, kind).has_value();
  }
  // Serves any kind at this apiVersion ("batch/v1").
  bool serves_api_version(std::string_view api_version) const;
  // Serves any version of this API group ("" is the core group).
  bool knows_group(std::string_view group) const;
  // The apiVersions that serve `kind` in `group` ("" is the core group),
  // sorted as Kubernetes prefers them (GA, then beta, then alpha; newer first).
  std::vector<std::string> api_versions_of(std::string_view group, std::string_view kind) const;
  // Every "apiVersion:Kind" served, sorted.
  std::vector<std::string> kinds() const;

  // {"$ref": "#/definitions/NAME", "definitions": {...}}: the definition and
  // every definition it reaches, parsed now.
  nlohmann::json document(const std::string& definition) const;
  // The definitions `definition` reaches (itself included), for a document
  // that embeds one (a custom resource's metadata).
  nlohmann::json definitions_reached(const std::string& definition) const;

 private:
  std::string version_;
  std::unordered_map<std::string_view, std::string_view> bodies_;  // name -> JSON text (embedded)
  std::map<std::string, std::string, std::less<>> kinds_;  // "apps/v1:Deployment" -> definition
  std::map<std::string, bool, std::less<>> api_versions_, groups_;
  std::map<std::string, std::vector<std::string>, std::less<>> by_group_kind_;  // "group\nKind" -> apiVersions

  friend struct KubernetesSchemasIndex;
};

}  // namespace driftlint
