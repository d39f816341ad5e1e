#include "load/loader.h"

#include <algorithm>

#include "base/parallel.h"

namespace driftlint {
namespace {

bool is_kustomization_path(const std::string& path) {
  size_t slash = path.rfind('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  return base == "kustomization.yaml" || base == "kustomization.yml";
}

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

}  // namespace

void extract_manifests(const yaml::ParsedFile& parsed, const std::string& path, uint32_t file_index,
                       Extracted& out) {
  for (size_t d = 0; d < parsed.documents.size(); ++d) {
    yaml::Node root = parsed.documents[d].root;
    if (!root || root.is_null()) continue;
    ++out.documents;
    if (is_kustomization_path(path)) {
      if (root.is_map()) out.build_files.push_back({file_index, root});
      continue;
    }
    add_from_node(root, path, file_index, static_cast<uint32_t>(d), out, 0);
  }
}

const Manifest* LoadResult::manifest_containing(uint32_t file, yaml::Position position) const {
  auto it = std::lower_bound(manifests.begin(), manifests.end(), file,
                             [](const Manifest& m, uint32_t f) { return m.file < f; });
  const Manifest* best = nullptr;
  for (; it != manifests.end() && it->file == file; ++it) {
    yaml::Position start = it->root.position();
    if (start.line < position.line || (start.line == position.line && start.column <= position.column)) {
      best = &*it;
    }
  }
  return best;
}

LoadResult load_repos(std::vector<RepoInput> repos, const LoadOptions& options) {
  LoadResult result;
  result.repos = std::move(repos);
  for (uint32_t r = 0; r < result.repos.size(); ++r) {
    FileListing listing = result.repos[r].tree->list();
    for (std::string& path : listing.files) {
      LoadedFile file;
      file.repo = r;
      file.path = std::move(path);
      result.files.push_back(std::move(file));
    }
    for (SkippedPath& skipped : listing.skipped) result.skipped.emplace_back(r, std::move(skipped));
    for (std::string& error : listing.errors) result.errors.push_back(std::move(error));
  }

  std::vector<std::string> read_errors(result.files.size());
  parallel_for(result.files.size(), options.jobs, [&](size_t i) {
    LoadedFile& file = result.files[i];
    const RepoInput& repo = result.repos[file.repo];
    Expected<FileContent> content = repo.tree->read(file.path, options.max_file_size);
    if (!content) {
      read_errors[i] = content.error().message;
      return;
    }
    file.bytes = content->size;
    if (content->too_large) {
      file.too_large = true;
      return;
    }
    file.parsed = yaml::parse_yaml(content->text, options.parse_limits);
    if (content->text.find(kIgnoreMarker) != std::string::npos) {
      file.directives = scan_ignore_directives(content->text, file.parsed);
    }
  });

  Extracted extracted;
  for (uint32_t i = 0; i < result.files.size(); ++i) {
    if (!read_errors[i].empty()) result.errors.push_back(read_errors[i]);
    LoadedFile& file = result.files[i];
    result.bytes += file.bytes;
    extract_manifests(file.parsed, file.path, i, extracted);
  }
  result.manifests = std::move(extracted.manifests);
  result.build_files = std::move(extracted.build_files);
  result.documents = extracted.documents;
  return result;
}

}  // namespace driftlint
