#include "render/kustomize_origins.h"

#include <re2/re2.h>

#include "fs/repo_path.h"
#include "render/kustomize_setters.h"
#include "render/origin_walk.h"

namespace driftlint {

namespace {

struct Base {
  std::string path;
  yaml::Node root;  // the resource document, or the generator entry
  std::shared_ptr<const yaml::ParsedFile> keep;
  bool generated = false;
  std::string name;  // the object's name before prefixes and suffixes
};

std::string name_of(yaml::Node object) {
  auto n = object.path({"metadata", "name"}).as_string();
  return n ? std::string(*n) : std::string();
}

// The document of `path` that became `object`: same kind, and a name the
// build's prefixes and suffixes could turn into the object's.
yaml::Node document_for(const yaml::ParsedFile& file, yaml::Node object) {
  std::string kind(object.get("kind").text()), name = name_of(object);
  yaml::Node fallback;
  for (const yaml::Document& d : file.documents) {
    if (!d.root.is_map() || d.root.get("kind").text() != kind) continue;
    std::string base = name_of(d.root);
    if (base == name) return d.root;
    if (!base.empty() && name.find(base) != std::string::npos && !fallback.valid()) fallback = d.root;
  }
  return fallback;
}

// A generator's entry (configMapGenerator/secretGenerator) whose name the object's starts with.
yaml::Node generator_entry(yaml::Node kustomization, yaml::Node object, std::string& base_name) {
  std::string name = name_of(object);
  const char* list = object.get("kind").text() == "Secret" ? "secretGenerator" : "configMapGenerator";
  for (yaml::Node g : kustomization.get(list).elements()) {
    auto n = g.get("name").as_string();
    if (n && name.find(std::string(*n)) != std::string::npos) {
      base_name = std::string(*n);
      return g;
    }
  }
  return {};
}

Base base_from_annotation(const std::string& annotation, yaml::Node object, const KustomizeClosure& closure,
                          const ParsedFileSource& files) {
  Base base;
  yaml::ParsedFile parsed = yaml::parse_yaml(annotation);
  yaml::Node origin = parsed.documents.empty() ? yaml::Node() : parsed.documents[0].root;
  auto relative = origin.get("path").as_string();
  auto configured_in = origin.get("configuredIn").as_string();
  std::string_view entry = relative ? *relative : configured_in ? *configured_in : std::string_view();
  if (entry.empty() || origin.get("repo").valid()) return base;  // remote: not in the repo
  std::optional<std::string> path = resolve_in_repo(closure.root, entry);
  if (!path) return base;
  std::shared_ptr<const yaml::ParsedFile> file = files(*path);
  if (!file) return base;
  base.path = *path;
  base.keep = file;
  if (relative) {
    base.root = document_for(*file, object);
    base.name = name_of(base.root);
  } else if (!file->documents.empty()) {
    base.root = generator_entry(file->documents[0].root, object, base.name);
    base.generated = true;
  }
  return base;
}

Base base_by_name(yaml::Node object, const KustomizeClosure& closure, const ParsedFileSource& files) {
  Base base;
  for (const std::string& path : closure.object_files) {
    std::shared_ptr<const yaml::ParsedFile> file = files(path);
    if (!file) continue;
    yaml::Node d = document_for(*file, object);
    if (!d.valid()) continue;
    base = {path, d, file, false, name_of(d)};
    if (base.name == name_of(object)) break;
  }
  return base;
}

// The kustomizations from the root down to the one that lists `file` (as a
// resource, or a generator's kustomization file), with which component each
// step enters (-1 for a resource folder).
bool chain_to(const KustomizeClosure& closure, const KustomizationFile& k, const std::string& file,
              std::vector<ChainStep>& chain, int depth) {
  if (depth > 32) return false;
  chain.push_back({&k, -1});
  if (k.path == file) return true;
  for (const std::string& r : k.resources) {
    if (r == file) return true;
  }
  auto descend = [&](const std::string& dir, int component) {
    const KustomizationFile* child = closure.kustomization(dir);
    if (!child) return false;
    chain.back().component = component;
    return chain_to(closure, *child, file, chain, depth + 1);
  };
  for (const std::string& dir : k.children) {
    if (descend(dir, -1)) return true;
  }
  for (size_t i = 0; i < k.components.size(); ++i) {
    if (descend(k.components[i], static_cast<int>(i))) return true;
  }
  chain.pop_back();
  return false;
}

}  // namespace

ObjectOrigin trace_kustomize_object(yaml::Node object, const std::string& origin_annotation,
                                    const KustomizeClosure& closure, const KustomizeOptions& options,
                                    const ParsedFileSource& files, Provenance& provenance) {
  Base base = origin_annotation.empty() ? Base{} : base_from_annotation(origin_annotation, object, closure, files);
  if (!base.root.valid()) base = base_by_name(object, closure, files);
  const KustomizationFile* root = closure.kustomization(closure.root);
  std::vector<ChainStep> chain;
  if (root && !base.path.empty()) chain_to(closure, *root, base.path, chain, 0);
  if (chain.empty() && root) chain.push_back({root, -1});

  std::vector<Setter> setters;
  Setter first;
  first.path = base.path.empty() ? (root ? root->path : closure.root) : base.path;
  first.tree = base.generated ? yaml::Node() : base.root;
  first.keep = base.keep;
  setters.push_back(std::move(first));
  if (base.generated) setters.push_back(generator_setter(base.path, base.root));
  SetterContext context{object, base.name, files, &closure};
  for (size_t i = chain.size(); i-- > 0;) add_kustomization_setters(chain[i], context, setters);
  if (root) add_option_setters(options, context, setters);

  ObjectOrigin out;
  out.path = setters[0].path;
  out.position = base.root.valid() ? base.root.position() : SourcePosition{1, 1};
  record_origins(object, setters, SourcePlace{provenance.repo(), out.path, out.position}, provenance);
  return out;
}

}  // namespace driftlint
