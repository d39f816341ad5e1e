#include "schema/registry.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/embedded_files.h"
#include "base/files.h"
#include "yaml/json.h"
#include "yaml/parser.h"

namespace driftlint {

namespace {

std::string key(const std::string& group, const std::string& version, const std::string& kind) {
  return group + "/" + version + "/" + kind;
}

}  // namespace

void SchemaRegistry::add_yaml(const std::string& group, const std::string& version, const std::string& kind,
                              yaml::Node schema, std::string origin) {
  SchemaSource& s = by_gvk_[key(group, version, kind)];
  s = SchemaSource{};
  s.yaml_schema = schema;
  s.origin = std::move(origin);
}

void SchemaRegistry::add(const std::string& group, const std::string& version, const std::string& kind,
                         nlohmann::json schema, std::string origin) {
  SchemaSource& s = by_gvk_[key(group, version, kind)];
  s = SchemaSource{};
  s.schema = std::move(schema);
  s.origin = std::move(origin);
}

namespace {

// The API server accepts apiVersion, kind and metadata at the root of every
// custom resource, whether or not the CRD's schema lists them.
nlohmann::json with_implicit_root_fields(nlohmann::json schema) {
  if (schema.is_object() && schema.contains("properties") && schema["properties"].is_object()) {
    nlohmann::json& p = schema["properties"];
    if (!p.contains("apiVersion")) p["apiVersion"] = {{"type", "string"}};
    if (!p.contains("kind")) p["kind"] = {{"type", "string"}};
    if (!p.contains("metadata")) p["metadata"] = {{"type", "object"}};
  }
  return schema;
}

}  // namespace

// A CustomResourceDefinition's schema per served version (apiextensions v1,
// and v1beta1's spec.validation).
void SchemaRegistry::add_crd(yaml::Node crd, const std::string& origin) {
  yaml::Node spec = crd.get("spec");
  std::string group(spec.get("group").text());
  std::string kind(spec.path({"names", "kind"}).text());
  if (group.empty() || kind.empty()) return;
  yaml::Node shared = spec.path({"validation", "openAPIV3Schema"});
  for (yaml::Node v : spec.get("versions").elements()) {
    if (v.get("served").as_bool() == false) continue;
    yaml::Node schema = v.path({"schema", "openAPIV3Schema"});
    if (!schema.is_map()) schema = shared;
    if (!schema.is_map()) continue;
    add_yaml(group, std::string(v.get("name").text()), kind, schema, origin);
  }
  if (!spec.get("versions").is_sequence() && shared.is_map()) {
    add_yaml(group, std::string(spec.get("version").text()), kind, shared, origin);
  }
}

SchemaRegistry::SchemaRegistry(const LoadResult& load, const Snapshot* snapshot, const std::vector<std::string>& schema_dirs,
                               std::vector<std::string>& errors) {
  auto add_document = [&](const nlohmann::json& doc, const std::string& origin) {
    if (!doc.is_object() || !doc.contains("x-kubernetes-group-version-kind")) return false;
    for (const auto& gvk : doc["x-kubernetes-group-version-kind"]) {
      add(gvk.value("group", ""), gvk.value("version", ""), gvk.value("kind", ""), doc, origin);
    }
    return true;
  };
  for (const EmbeddedFile& f : embedded_files()) {
    if (f.name.rfind("schemas/kinds/", 0) != 0) continue;
    add_document(nlohmann::json::parse(f.text, nullptr, false), "bundled " + std::string(f.name));
  }
  for (const std::string& dir : schema_dirs) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
      errors.push_back("--schema-dir " + dir + ": not a directory");
      continue;
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
      for (const yaml::Document& d : parsed.documents) {
        if (!d.root.is_map()) continue;
        if (d.root.get("kind").as_string() == std::string_view("CustomResourceDefinition")) {
          add_crd(d.root, "CRD in " + file.string());
          used = true;
        } else {
          used = add_document(yaml::to_json(d.root, 256), file.string()) || used;
        }
      }
      if (!used) errors.push_back("--schema-dir " + file.string() + ": neither a CRD nor a schema with x-kubernetes-group-version-kind");
    }
  }
  for (const Manifest& m : load.manifests) {
    if (m.id.kind == "CustomResourceDefinition" && m.id.group == "apiextensions.k8s.io") {
      const LoadedFile& file = load.file_of(m);
      add_crd(m.root, "CRD " + m.id.name + " (" + load.repo_name(file.repo) + "/" + file.path + ")");
    }
  }
  if (snapshot) {
    for (const Manifest& m : snapshot->objects) {
      if (m.id.kind == "CustomResourceDefinition" && m.id.group == "apiextensions.k8s.io") {
        add_crd(m.root, "CRD " + m.id.name + " (cluster snapshot)");
      }
    }
  }
}

const SchemaRegistry& SchemaRegistry::given_or_built(const SchemaRegistry* given, const LoadResult& load,
                                                     const Snapshot* snapshot, std::unique_ptr<SchemaRegistry>& own) {
  if (given) return *given;
  std::vector<std::string> errors;  // no --schema-dir here: nothing to report
  own = std::make_unique<SchemaRegistry>(load, snapshot, std::vector<std::string>{}, errors);
  return *own;
}

std::vector<std::string> SchemaRegistry::problems() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [gvk, s] : by_gvk_) {
    if (!s.compiled_once) continue;
    if (!s.compiled) {
      out.push_back("the schema for " + gvk + " from " + s.origin + " cannot be used (" + s.error + "): its manifests were not validated");
    } else if (!s.compiled->unsupported().empty()) {
      out.push_back(std::to_string(s.compiled->unsupported().size()) + " keyword(s) of the schema for " + gvk + " from " +
                    s.origin + " were not checked: " + s.compiled->unsupported().front());
    }
  }
  return out;
}

const SchemaSource* SchemaRegistry::find(const std::string& group, const std::string& version, const std::string& kind) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = by_gvk_.find(key(group, version, kind));
  if (it == by_gvk_.end()) return nullptr;
  SchemaSource& s = it->second;
  if (!s.compiled_once) {
    s.compiled_once = true;
    if (s.yaml_schema.valid()) s.schema = with_implicit_root_fields(yaml::to_json(s.yaml_schema, 256));
    SchemaOptions options;
    options.kubernetes = true;
    auto compiled = Schema::compile(s.schema, options);
    if (compiled) s.compiled = *compiled;
    else s.error = compiled.error().message;
  }
  return &s;
}

}  // namespace driftlint
