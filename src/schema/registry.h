// Which schema validates which kind: the Kubernetes API's own schemas for
// the chosen release (schemas/kubernetes), the bundled schemas of custom
// kinds (schemas/kinds, compiled in), then --schema-dir files, then CRDs in
// the loaded repos (one copy of each, crd_choice.h), then CRDs in the
// snapshot; a later source replaces an earlier one for the same
// group/version/kind (the cluster's CRD is the truth for that cluster).
// Schemas compile on first use, once.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "load/loader.h"
#include "schema/compiled_schemas.h"
#include "schema/kubernetes_schemas.h"
#include "schema/validator.h"
#include "snapshot/snapshot.h"

namespace driftlint {

struct SchemaSource {
  // A bundled or --schema-dir document (null for built-in kinds and CRDs): let go once compiled.
  std::shared_ptr<const nlohmann::json> schema;
  yaml::Node yaml_schema;  // points into a tree the registry, the load or the snapshot keeps alive
  std::string origin;  // "Kubernetes 1.36", "bundled schemas/kinds/x.json", "CRD name (repo/path)", ...
  std::string kubernetes_definition;  // a built-in kind: its definition in the registry's release
  // What decides the compiled schema, with the kind and version, as text
  // (validation_memo.h): the release, and the definition, bundled file, or
  // the content id of the file and document that held it (a CRD's served
  // versions share it). Empty when not known (a snapshot's CRD, a file loaded
  // without content ids): its validations are never kept.
  std::string identity;
  bool crd = false;  // a custom resource: apiVersion, kind and metadata (ObjectMeta) at its root
  bool preserve_unknown_fields = false;  // an apiextensions v1beta1 CRD that prunes nothing
  std::shared_ptr<const Schema> compiled;
  std::string error;  // why it did not compile
  std::atomic<bool> compiled_once = false;  // compiled and error are set (read without the registry's lock)
};

class SchemaRegistry {
 public:
  // Errors reading --schema-dir files go to `errors`, one line each.
  // `kubernetes_version` picks the built-in kinds' schemas (one of
  // KubernetesSchemas::versions(); the newest when empty or not bundled).
  // `deployed_files`: per loaded file, whether an app or a root build
  // applies it, to choose among copies of a CRD (null: not known).
  // `compiled`: schemas compiled by the run's other registries, shared (null: compiled here).
  SchemaRegistry(const LoadResult& load, const Snapshot* snapshot, const std::vector<std::string>& schema_dirs,
                 std::vector<std::string>& errors, const std::string& kubernetes_version = "",
                 const std::vector<bool>* deployed_files = nullptr, CompiledSchemas* compiled = nullptr);

  // Reads what every registry of a process shares (the bundled kinds'
  // schemas, the releases' indexes of built-in kinds), once a process: a
  // thread with time to spare does it before a registry is built on one
  // that has none (1.5 ms of JSON at 20,000 files, on the main thread).
  static void read_shared_tables();

  // The Kubernetes release whose built-in kinds are validated.
  const KubernetesSchemas& kubernetes() const { return *kubernetes_; }

  // The source for "group/version/Kind", compiled; nullptr when none.
  const SchemaSource* find(const std::string& group, const std::string& version, const std::string& kind) const;

  size_t size() const { return by_gvk_.size(); }

  // After validation: schemas that were needed but did not compile, and
  // keywords of used schemas that could not be checked, one line each; and
  // one line naming the used schemas whose CEL rules were not judged; and
  // which copy of a CRD was used where copies differ.
  std::vector<std::string> problems() const;

  // `given` when set (check builds one per run), else one built into `own`
  // from the repos and the snapshot alone (tests, and rules run without check).
  static const SchemaRegistry& given_or_built(const SchemaRegistry* given, const LoadResult& load, const Snapshot* snapshot,
                                              std::unique_ptr<SchemaRegistry>& own,
                                              const std::string& kubernetes_version = "");

 private:
  void add(const std::string& gvk, std::shared_ptr<const nlohmann::json> schema, std::string origin,
           const std::string& identity);
  // A CRD's schema is converted to JSON only if its kind is ever validated
  // (install bundles repeat big CRDs; the last one wins).
  void add_yaml(const std::string& group, const std::string& version, const std::string& kind, yaml::Node schema,
                std::string origin, const std::string& identity);
  void add_crd(yaml::Node crd, const std::string& origin, const std::string& identity);
  // SchemaSource::identity of a source known as `what` ("" stays "").
  std::string identity_of(const std::string& what) const;
  void add_schema_dir(const std::string& dir, std::vector<std::string>& errors);
  // The JSON Schema document of a source, built on first use.
  nlohmann::json document_of(const SchemaSource& s) const;
  const KubernetesSchemas* kubernetes_ = nullptr;
  CompiledSchemas* compiled_ = nullptr;
  mutable std::mutex mutex_;
  mutable std::map<std::string, SchemaSource> by_gvk_;  // ordered: problems() lists in this order
  // The same, hashed, for find(): 20,000 objects look up their kind. Keys are by_gvk_'s.
  std::unordered_map<std::string_view, SchemaSource*> by_gvk_hashed_;
  // The --schema-dir files' trees: CRD schemas point into them until converted.
  std::vector<std::shared_ptr<const yaml::Tree>> trees_;
  std::vector<std::string> crd_notes_;  // copies of one CRD whose schemas differ
};

}  // namespace driftlint
