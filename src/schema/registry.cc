#include "schema/registry.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "base/embedded_files.h"
#include "base/files.h"
#include "load/parse_cache.h"
#include "schema/crd_choice.h"
#include "yaml/json.h"
#include "yaml/parser.h"

namespace driftlint {

namespace {

std::string key(const std::string& group, const std::string& version, const std::string& kind) {
  return group + "/" + version + "/" + kind;
}

}  // namespace

void SchemaRegistry::add_yaml(const std::string& group, const std::string& version, const std::string& kind,
                              yaml::Node schema, std::string origin, const std::string& identity) {
  std::string gvk = key(group, version, kind);
  by_gvk_.erase(gvk);  // the last copy wins
  SchemaSource& s = by_gvk_[gvk];
  s.yaml_schema = schema;
  s.origin = std::move(origin);
  s.identity = identity;
}

void SchemaRegistry::add(const std::string& gvk, std::shared_ptr<const nlohmann::json> schema, std::string origin,
                         const std::string& identity) {
  by_gvk_.erase(gvk);  // the last copy wins
  SchemaSource& s = by_gvk_[gvk];
  s.schema = std::move(schema);
  s.origin = std::move(origin);
  s.identity = identity;
}

// A CRD's schema takes ObjectMeta from the release, so every identity names it.
std::string SchemaRegistry::identity_of(const std::string& what) const {
  return what.empty() ? what : "kubernetes " + kubernetes_->version() + " " + what;
}

namespace {

constexpr const char* kObjectMeta = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

// The API server accepts apiVersion, kind and metadata at the root of every
// custom resource, whether or not the CRD's schema lists them, and reads
// metadata as the ObjectMeta of built-in kinds (unknown fields in it are
// unknown fields).
nlohmann::json with_implicit_root_fields(nlohmann::json schema, const KubernetesSchemas& kubernetes) {
  if (schema.is_object() && schema.contains("properties") && schema["properties"].is_object()) {
    nlohmann::json& p = schema["properties"];
    if (!p.contains("apiVersion")) p["apiVersion"] = {{"type", "string"}};
    if (!p.contains("kind")) p["kind"] = {{"type", "string"}};
    p["metadata"] = {{"$ref", std::string("#/definitions/") + kObjectMeta}};
    schema["definitions"] = kubernetes.definitions_reached(kObjectMeta);
  }
  return schema;
}

}  // namespace

// A CustomResourceDefinition's schema per served version (apiextensions v1,
// and v1beta1's spec.validation).
void SchemaRegistry::add_crd(yaml::Node crd, const std::string& origin, const std::string& identity) {
  yaml::Node spec = crd.get("spec");
  std::string group(spec.get("group").text());
  std::string kind(spec.path({"names", "kind"}).text());
  if (group.empty() || kind.empty()) return;
  yaml::Node shared = spec.path({"validation", "openAPIV3Schema"});
  std::vector<std::string> added;
  for (yaml::Node v : spec.get("versions").elements()) {
    if (v.get("served").as_bool() == false) continue;
    yaml::Node schema = v.path({"schema", "openAPIV3Schema"});
    if (!schema.is_map()) schema = shared;
    if (!schema.is_map()) continue;
    add_yaml(group, std::string(v.get("name").text()), kind, schema, origin, identity);
    added.push_back(key(group, std::string(v.get("name").text()), kind));
  }
  if (!spec.get("versions").is_sequence() && shared.is_map()) {
    add_yaml(group, std::string(spec.get("version").text()), kind, shared, origin, identity);
    added.push_back(key(group, std::string(spec.get("version").text()), kind));
  }
  // apiextensions.k8s.io/v1beta1 prunes unknown fields only when told to.
  bool keeps_unknown = crd.get("apiVersion").text() == "apiextensions.k8s.io/v1beta1" &&
                       spec.get("preserveUnknownFields").as_bool() != false;
  for (const std::string& k : added) {
    by_gvk_[k].crd = true;
    by_gvk_[k].preserve_unknown_fields = keeps_unknown;
  }
}

namespace {

// A --schema-dir document that is a JSON Schema of its own: the kinds it names.
std::vector<std::string> gvk_keys(const nlohmann::json& doc) {
  std::vector<std::string> out;
  if (!doc.is_object() || !doc.contains("x-kubernetes-group-version-kind")) return out;
  for (const auto& gvk : doc["x-kubernetes-group-version-kind"]) {
    if (gvk.is_object()) out.push_back(key(gvk.value("group", ""), gvk.value("version", ""), gvk.value("kind", "")));
  }
  return out;
}

// A repo's CRD by its file's content and its place in it; "" when the load
// did not name the content (no cache, one revision).
std::string crd_identity(const Manifest& m, const LoadedFile& file) {
  if (file.content_id.empty()) return "";
  yaml::Position at = m.root.position();
  return "crd " + file.content_id + " " + std::to_string(m.document) + ":" + std::to_string(at.line) + ":" +
         std::to_string(at.column);
}

// A bundled kind's schema (schemas/kinds/), parsed once a process: every
// registry (one per revision a run judges) shares it.
struct BundledSchema {
  std::string name;
  std::shared_ptr<const nlohmann::json> document;
  std::vector<std::string> kinds;  // gvk_keys
};

const std::vector<BundledSchema>& bundled_schemas() {
  // Never destroyed: freeing the parsed documents as the run exits took a millisecond.
  static const std::vector<BundledSchema>& all = *new std::vector<BundledSchema>([] {
    std::vector<BundledSchema> out;
    for (const EmbeddedFile& f : embedded_files()) {
      if (f.name.rfind("schemas/kinds/", 0) != 0) continue;
      auto doc = std::make_shared<const nlohmann::json>(nlohmann::json::parse(f.text, nullptr, false));
      out.push_back({std::string(f.name), doc, gvk_keys(*doc)});
    }
    return out;
  }());
  return all;
}

}  // namespace

void SchemaRegistry::read_shared_tables() {
  bundled_schemas();
  KubernetesSchemas::of(KubernetesSchemas::newest());  // indexes every release
}

void SchemaRegistry::add_schema_dir(const std::string& dir, std::vector<std::string>& errors) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    errors.push_back("--schema-dir " + dir + ": not a directory");
    return;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec)) {
    std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".json" || ext == ".yaml" || ext == ".yml")) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    Expected<std::string> text = read_regular_file(file.string(), kDefaultMaxFileBytes);
    if (!text) {
      errors.push_back("--schema-dir " + text.error().message);
      continue;
    }
    yaml::ParsedFile parsed = yaml::parse_yaml(*text);
    if (parsed.error) {
      errors.push_back("--schema-dir " + error_at(file.string(), parsed.error->position, parsed.error->message).message);
      continue;
    }
    bool used = false;
    trees_.push_back(parsed.tree);
    std::string content = content_id_of(*text);
    for (size_t n = 0; n < parsed.documents.size(); ++n) {
      const yaml::Document& d = parsed.documents[n];
      if (!d.root.is_map()) continue;
      std::string identity = identity_of(content.empty() ? "" : "schema-dir " + content + " " + std::to_string(n));
      if (d.root.get("kind").as_string() == std::string_view("CustomResourceDefinition")) {
        add_crd(d.root, "CRD in " + file.string(), identity);
        used = true;
        continue;
      }
      auto doc = std::make_shared<const nlohmann::json>(yaml::to_json(d.root, 256));
      for (const std::string& k : gvk_keys(*doc)) {
        add(k, doc, file.string(), identity);
        used = true;
      }
    }
    if (!used) errors.push_back("--schema-dir " + file.string() + ": neither a CRD nor a schema with x-kubernetes-group-version-kind");
  }
}

SchemaRegistry::SchemaRegistry(const LoadResult& load, const Snapshot* snapshot, const std::vector<std::string>& schema_dirs,
                               std::vector<std::string>& errors, const std::string& kubernetes_version,
                               const std::vector<bool>* deployed_files, CompiledSchemas* compiled)
    : compiled_(compiled) {
  kubernetes_ = KubernetesSchemas::of(kubernetes_version);
  if (!kubernetes_) kubernetes_ = KubernetesSchemas::of(KubernetesSchemas::newest());
  for (const std::string& kind : kubernetes_->kinds()) {
    size_t colon = kind.find(':');
    std::string group, version;
    split_api_version(std::string_view(kind).substr(0, colon), group, version);
    SchemaSource& s = by_gvk_[key(group, version, kind.substr(colon + 1))];
    s.origin = "Kubernetes " + kubernetes_->version();
    s.kubernetes_definition = *kubernetes_->definition_of(kind.substr(0, colon), kind.substr(colon + 1));
    s.identity = identity_of("definition " + s.kubernetes_definition);
  }
  for (const BundledSchema& b : bundled_schemas()) {
    for (const std::string& k : b.kinds) add(k, b.document, "bundled " + b.name, identity_of("bundled " + b.name));
  }
  for (const std::string& dir : schema_dirs) add_schema_dir(dir, errors);
  CrdChoice crds = choose_crds(load, deployed_files);
  for (const Manifest* m : crds.chosen) {
    const LoadedFile& file = load.file_of(*m);
    add_crd(m->root, "CRD " + m->id.name + " (" + load.repo_name(file.repo) + "/" + file.path + ")",
            identity_of(crd_identity(*m, file)));
  }
  crd_notes_ = std::move(crds.notes);
  if (snapshot) {
    for (const Manifest& m : snapshot->objects) {
      if (m.id.kind == "CustomResourceDefinition" && m.id.group == "apiextensions.k8s.io") {
        add_crd(m.root, "CRD " + m.id.name + " (cluster snapshot)", "");
      }
    }
  }
  by_gvk_hashed_.reserve(by_gvk_.size());
  for (auto& [gvk, source] : by_gvk_) by_gvk_hashed_.emplace(gvk, &source);
}

const SchemaRegistry& SchemaRegistry::given_or_built(const SchemaRegistry* given, const LoadResult& load,
                                                     const Snapshot* snapshot, std::unique_ptr<SchemaRegistry>& own,
                                                     const std::string& kubernetes_version) {
  if (given) return *given;
  std::vector<std::string> errors;  // no --schema-dir here: nothing to report
  own = std::make_unique<SchemaRegistry>(load, snapshot, std::vector<std::string>{}, errors, kubernetes_version);
  return *own;
}

std::vector<std::string> SchemaRegistry::problems() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out = crd_notes_;
  std::vector<std::string> with_cel;
  size_t cel_rules = 0;
  for (const auto& [gvk, s] : by_gvk_) {
    if (!s.compiled_once) continue;
    if (s.compiled && s.compiled->cel_rules() > 0) {
      with_cel.push_back(gvk);
      cel_rules += s.compiled->cel_rules();
    }
    if (!s.compiled) {
      out.push_back("the schema for " + gvk + " from " + s.origin + " cannot be used (" + s.error + "): its manifests were not validated");
    } else if (!s.compiled->unsupported().empty()) {
      out.push_back(std::to_string(s.compiled->unsupported().size()) + " keyword(s) of the schema for " + gvk + " from " +
                    s.origin + " were not checked: " + s.compiled->unsupported().front());
    }
  }
  if (!with_cel.empty()) {
    out.push_back(std::to_string(cel_rules) + " CEL rule(s) (x-kubernetes-validations) of the schemas for " +
                  (with_cel.size() == 1 ? with_cel[0] : with_cel[0] + " and " + std::to_string(with_cel.size() - 1) + " more") +
                  " were not judged: the API server evaluates them");
  }
  return out;
}

nlohmann::json SchemaRegistry::document_of(const SchemaSource& s) const {
  if (!s.kubernetes_definition.empty()) return kubernetes_->document(s.kubernetes_definition);
  if (s.yaml_schema.valid()) {
    nlohmann::json schema = yaml::to_json(s.yaml_schema, 256);
    return s.crd ? with_implicit_root_fields(std::move(schema), *kubernetes_) : schema;
  }
  return s.schema ? *s.schema : nlohmann::json();
}

const SchemaSource* SchemaRegistry::find(const std::string& group, const std::string& version, const std::string& kind) const {
  // The map is complete once the registry is built: looked up without the
  // lock, which every object of a run taking it made the threads wait on;
  // hashed, and the key spelled in a buffer of the thread's own.
  thread_local std::string gvk;
  gvk.assign(group).append("/").append(version).append("/").append(kind);
  auto it = by_gvk_hashed_.find(std::string_view(gvk));
  if (it == by_gvk_hashed_.end()) return nullptr;
  SchemaSource& s = *it->second;
  if (s.compiled_once.load(std::memory_order_acquire)) return &s;
  std::lock_guard<std::mutex> lock(mutex_);
  if (!s.compiled_once.load(std::memory_order_relaxed)) {
    auto compile = [&]() -> CompiledSchemas::Outcome {
      SchemaOptions options;
      options.kubernetes = true;
      options.preserve_unknown_fields = s.preserve_unknown_fields;
      auto compiled = Schema::compile(document_of(s), options);
      if (!compiled) return {nullptr, compiled.error().message};
      return {*compiled, {}};
    };
    bool shared = compiled_ && !s.identity.empty();
    CompiledSchemas::Outcome outcome =
        shared ? compiled_->get(std::string(it->first), s.identity, s.preserve_unknown_fields, compile) : compile();
    s.compiled = std::move(outcome.compiled);
    s.error = std::move(outcome.error);
    s.schema.reset();
    s.compiled_once.store(true, std::memory_order_release);
  }
  return &s;
}

}  // namespace driftlint
