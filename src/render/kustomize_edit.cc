#include "render/kustomize_edit.h"

#include <nlohmann/json.hpp>

#include "yaml/json.h"

namespace driftlint {

using nlohmann::json;

ImageOverride parse_image_override(const std::string& text) {
  ImageOverride out;
  std::string rest = text;
  size_t eq = rest.find('=');
  if (eq != std::string::npos) {
    out.name = rest.substr(0, eq);
    rest = rest.substr(eq + 1);
  }
  std::string image = rest;
  if (size_t at = rest.find('@'); at != std::string::npos) {
    out.digest = rest.substr(at + 1);
    image = rest.substr(0, at);
  } else if (size_t colon = rest.rfind(':'); colon != std::string::npos && rest.find('/', colon) == std::string::npos) {
    out.new_tag = rest.substr(colon + 1);
    image = rest.substr(0, colon);
  }
  if (out.name.empty()) {
    out.name = image;
  } else if (image != out.name) {
    out.new_name = image;
  }
  return out;
}

namespace {

void set_image(json& k, const std::string& text) {
  ImageOverride o = parse_image_override(text);
  json& images = k["images"];
  if (!images.is_array()) images = json::array();
  json* entry = nullptr;
  for (json& e : images) {
    if (e.is_object() && e.value("name", "") == o.name) entry = &e;
  }
  if (!entry) {
    images.push_back({{"name", o.name}});
    entry = &images.back();
  }
  if (!o.new_name.empty()) (*entry)["newName"] = o.new_name;
  if (!o.new_tag.empty()) {
    (*entry)["newTag"] = o.new_tag;
    entry->erase("digest");
  }
  if (!o.digest.empty()) {
    (*entry)["digest"] = o.digest;
    entry->erase("newTag");
  }
}

void set_replicas(json& k, const std::string& name, const std::string& count) {
  json& replicas = k["replicas"];
  if (!replicas.is_array()) replicas = json::array();
  json value = json::parse(count, nullptr, false);
  if (value.is_discarded() || !value.is_number_integer()) value = count;
  for (json& e : replicas) {
    if (e.is_object() && e.value("name", "") == name) {
      e["count"] = value;
      return;
    }
  }
  replicas.push_back({{"name", name}, {"count", value}});
}

void add_map(json& k, const char* key, const std::map<std::string, std::string>& values) {
  if (values.empty()) return;
  json& map = k[key];
  if (!map.is_object()) map = json::object();
  for (const auto& [name, value] : values) map[name] = value;  // --force: override
}

// `kustomize edit add label --without-selector` writes a `labels` entry that
// leaves selectors alone.
void add_labels_without_selector(json& k, const std::map<std::string, std::string>& values) {
  if (values.empty()) return;
  json& labels = k["labels"];
  if (!labels.is_array()) labels = json::array();
  json pairs = json::object();
  for (const auto& [name, value] : values) pairs[name] = value;
  labels.push_back({{"pairs", pairs}, {"includeSelectors", false}});
}

void append(json& k, const char* key, const json& value) {
  json& list = k[key];
  if (!list.is_array()) list = json::array();
  list.push_back(value);
}

}  // namespace

std::string edited_kustomization(yaml::Node root, const KustomizeOptions& options) {
  json k = yaml::to_json(root);
  if (!k.is_object()) k = json::object();
  if (!options.name_prefix.empty()) k["namePrefix"] = options.name_prefix;
  if (!options.name_suffix.empty()) k["nameSuffix"] = options.name_suffix;
  if (!options.ns.empty()) k["namespace"] = options.ns;
  for (const std::string& image : options.images) set_image(k, image);
  for (const auto& [name, count] : options.replicas) set_replicas(k, name, count);
  if (options.label_without_selector) {
    add_labels_without_selector(k, options.common_labels);
  } else {
    add_map(k, "commonLabels", options.common_labels);
  }
  add_map(k, "commonAnnotations", options.common_annotations);
  for (const std::string& patch : options.patches) {
    json p = json::parse(patch, nullptr, false);
    if (!p.is_discarded()) append(k, "patches", p);
  }
  for (const std::string& component : options.components) append(k, "components", component);
  json& metadata = k["buildMetadata"];
  if (!metadata.is_array()) metadata = json::array();
  bool has_origin = false;
  for (const json& m : metadata) has_origin = has_origin || m == "originAnnotations";
  if (!has_origin) metadata.push_back("originAnnotations");
  return k.dump(2) + "\n";
}

}  // namespace driftlint
