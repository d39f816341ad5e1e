#include "model/objects_in_file.h"

#include <algorithm>

namespace driftlint {

bool is_kustomization_path(std::string_view path) {
  size_t slash = path.rfind('/');
  std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  return base == "kustomization.yaml" || base == "kustomization.yml";
}

namespace {

// Adds one object (a map with a string kind) to the manifests.
void add_object(yaml::Node node, const std::string& path, uint32_t file_index, uint32_t document,
                Extracted& out, const ObjectIdentity* list_id, int depth);

void add_from_node(yaml::Node node, const std::string& path, uint32_t file_index,
                   uint32_t document, Extracted& out, int depth) {
  if (node.is_sequence()) {
    // A top-level list of objects.
    for (yaml::Node element : node.elements()) {
      if (element.is_map()) add_object(element, path, file_index, document, out, nullptr, depth + 1);
    }
  } else if (node.is_map()) {
    add_object(node, path, file_index, document, out, nullptr, depth + 1);
  }
}

void add_object(yaml::Node node, const std::string& path, uint32_t file_index, uint32_t document,
                Extracted& out, const ObjectIdentity* list_id, int depth) {
  if (depth > 8) return;
  Manifest m;
  m.root = node;
  m.file = file_index;
  m.document = document;
  if (auto api = node.get("apiVersion").as_string()) m.id.api_version = *api;
  auto kind = node.get("kind").as_string();
  if (kind) {
    m.id.kind = *kind;
  } else if (list_id && list_id->kind.size() > 4 && list_id->kind != "List") {
    // Typed lists (ConfigMapList) leave kind and apiVersion off their items.
    m.id.kind = list_id->kind.substr(0, list_id->kind.size() - 4);
  } else {
    return;  // not a Kubernetes object: skipped quietly
  }
  if (m.id.api_version.empty() && list_id && list_id->kind != "List") {
    m.id.api_version = list_id->api_version;
  }
  split_api_version(m.id.api_version, m.id.group, m.id.version);
  yaml::Node items = node.get("items");
  bool is_list = m.id.kind.size() >= 4 && m.id.kind.compare(m.id.kind.size() - 4, 4, "List") == 0 &&
                 items.is_sequence();
  if (is_list) {
    for (yaml::Node item : items.elements()) {
      if (item.is_map()) add_object(item, path, file_index, document, out, &m.id, depth + 1);
    }
    return;
  }
  if (m.id.group == "kustomize.config.k8s.io") {
    out.build_files.push_back({file_index, node});
    return;
  }
  yaml::Node metadata = node.get("metadata");
  if (auto ns = metadata.get("namespace").as_string()) m.id.ns = *ns;
  if (auto name = metadata.get("name").as_string()) m.id.name = *name;
  out.manifests.push_back(std::move(m));
}

bool is_empty_document(const yaml::Document& d) { return !d.root || d.root.is_null(); }

}  // namespace

uint64_t count_documents(const yaml::ParsedFile& parsed) {
  return static_cast<uint64_t>(std::count_if(parsed.documents.begin(), parsed.documents.end(),
                                             [](const yaml::Document& d) { return !is_empty_document(d); }));
}

void extract_manifests(const yaml::ParsedFile& parsed, const std::string& path, uint32_t file_index,
                       Extracted& out) {
  for (size_t d = 0; d < parsed.documents.size(); ++d) {
    if (is_empty_document(parsed.documents[d])) continue;
    yaml::Node root = parsed.documents[d].root;
    ++out.documents;
    if (is_kustomization_path(path)) {
      if (root.is_map()) out.build_files.push_back({file_index, root});
      continue;
    }
    add_from_node(root, path, file_index, static_cast<uint32_t>(d), out, 0);
  }
}

}  // namespace driftlint
