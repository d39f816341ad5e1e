#include "render/kustomize_transformers.h"

#include "render/kustomize_edit.h"
#include "render/kustomize_setters.h"

namespace driftlint {

namespace {

using Claim = std::function<std::optional<SourcePosition>(const FieldSegments&, yaml::Node)>;

Setter transformer(const std::string& path, Claim claim) {
  Setter s;
  s.kind = Setter::Kind::Transformer;
  s.path = path;
  s.claim = std::move(claim);
  return s;
}

bool ends_with(const FieldSegments& field, std::initializer_list<std::string_view> tail) {
  if (field.size() < tail.size()) return false;
  size_t i = field.size() - tail.size();
  for (std::string_view t : tail) {
    if (field[i++] != t) return false;
  }
  return true;
}

bool is_field(const FieldSegments& field, std::initializer_list<std::string_view> names) {
  return field.size() == names.size() && ends_with(field, names);
}

// A label a transformer writes: into metadata.labels everywhere, and (when
// it includes selectors) into selectors and pod template labels.
bool label_field(const FieldSegments& field, const std::string& key, bool selectors) {
  if (field.empty() || field.back() != key || field.size() < 2) return false;
  const std::string& parent = field[field.size() - 2];
  if (parent == "labels") return selectors || field.size() == 3;
  return selectors && (parent == "matchLabels" || (parent == "selector" && field.size() == 3));
}

// Claims the label (or annotation) keys of a map node.
Claim map_claim(yaml::Node map, bool selectors, bool annotations) {
  return [map, selectors, annotations](const FieldSegments& field, yaml::Node value) -> std::optional<SourcePosition> {
    if (field.empty() || !value.is_scalar()) return std::nullopt;
    yaml::Node set = map.get(field.back());
    if (!set.valid() || set.text() != value.text()) return std::nullopt;
    bool ours = annotations ? ends_with(field, {"annotations", field.back()}) : label_field(field, field.back(), selectors);
    if (!ours) return std::nullopt;
    return set.position();
  };
}

// The image an `images:` entry makes of a container image, when it is this one.
bool image_entry_writes(yaml::Node entry, std::string_view image) {
  auto name = entry.get("name").as_string();
  if (!name) return false;
  std::string made(entry.get("newName").as_string().value_or(*name));
  if (image.substr(0, made.size()) != made) return false;
  if (auto tag = entry.get("newTag").as_string()) return image == made + ":" + std::string(*tag);
  if (auto digest = entry.get("digest").as_string()) return image == made + "@" + std::string(*digest);
  return image.size() == made.size() || image[made.size()] == ':' || image[made.size()] == '@';
}

yaml::Node image_entry_node(yaml::Node entry) {
  for (const char* key : {"newTag", "digest", "newName"}) {
    if (entry.get(key).valid()) return entry.get(key);
  }
  return entry;
}

}  // namespace

void add_name_transformers(const KustomizationFile& k, std::vector<Setter>& out) {
  if (yaml::Node ns = k.root.get("namespace"); ns.is_string()) {
    out.push_back(transformer(k.path, [ns](const FieldSegments& f, yaml::Node v) -> std::optional<SourcePosition> {
      if (is_field(f, {"metadata", "namespace"}) && v.text() == ns.text()) return ns.position();
      return std::nullopt;
    }));
  }
  yaml::Node prefix = k.root.get("namePrefix"), suffix = k.root.get("nameSuffix");
  if (prefix.is_string() || suffix.is_string()) {
    out.push_back(transformer(k.path, [prefix, suffix](const FieldSegments& f, yaml::Node v) -> std::optional<SourcePosition> {
      if (!is_field(f, {"metadata", "name"}) || !v.is_scalar()) return std::nullopt;
      std::string_view name = v.text();
      if (prefix.is_string() && name.substr(0, prefix.text().size()) == prefix.text()) return prefix.position();
      if (suffix.is_string() && name.size() >= suffix.text().size() &&
          name.substr(name.size() - suffix.text().size()) == suffix.text()) {
        return suffix.position();
      }
      return std::nullopt;
    }));
  }
}

void add_metadata_transformers(const KustomizationFile& k, std::vector<Setter>& out) {
  if (yaml::Node labels = k.root.get("commonLabels"); labels.is_map()) {
    out.push_back(transformer(k.path, map_claim(labels, true, false)));
  }
  for (yaml::Node entry : k.root.get("labels").elements()) {
    bool selectors = entry.get("includeSelectors").as_bool().value_or(false) ||
                     entry.get("includeTemplates").as_bool().value_or(false);
    if (entry.get("pairs").is_map()) out.push_back(transformer(k.path, map_claim(entry.get("pairs"), selectors, false)));
  }
  if (yaml::Node annotations = k.root.get("commonAnnotations"); annotations.is_map()) {
    out.push_back(transformer(k.path, map_claim(annotations, false, true)));
  }
}

void add_replica_and_image_transformers(const KustomizationFile& k, const std::string& base_name,
                                        std::vector<Setter>& out) {
  for (yaml::Node entry : k.root.get("replicas").elements()) {
    if (entry.get("name").as_string() != std::string_view(base_name)) continue;
    yaml::Node count = entry.get("count");
    out.push_back(transformer(k.path, [count](const FieldSegments& f, yaml::Node v) -> std::optional<SourcePosition> {
      if (is_field(f, {"spec", "replicas"}) && v.text() == count.text()) return count.position();
      return std::nullopt;
    }));
  }
  yaml::Node images = k.root.get("images");
  if (!images.is_sequence()) return;
  out.push_back(transformer(k.path, [images](const FieldSegments& f, yaml::Node v) -> std::optional<SourcePosition> {
    if (f.empty() || f.back() != "image" || !v.is_scalar()) return std::nullopt;
    for (yaml::Node entry : images.elements()) {
      if (image_entry_writes(entry, v.text())) return image_entry_node(entry).position();
    }
    return std::nullopt;
  }));
}

Setter generator_setter(const std::string& path, yaml::Node entry) {
  Setter s = transformer(path, [entry](const FieldSegments& f, yaml::Node) -> std::optional<SourcePosition> {
    if (f.size() == 2 && (f[0] == "data" || f[0] == "stringData")) {
      for (const char* list : {"literals", "files"}) {
        for (yaml::Node e : entry.get(list).elements()) {
          std::string_view text = e.text();
          std::string_view key = text.substr(0, text.find('='));
          if (key == f[1] || (std::string(list) == "files" && text.size() >= f[1].size() &&
                              text.substr(text.size() - f[1].size()) == f[1])) {
            return e.position();
          }
        }
      }
    }
    return entry.position();
  });
  return s;
}

void add_option_setters(const KustomizeOptions& options, const SetterContext& context, std::vector<Setter>& out) {
  if (options.app_path.empty() || !options.node.is_map()) return;
  KustomizationFile as_options;  // the app's `kustomize:` block reads like a kustomization's fields
  as_options.path = options.app_path;
  as_options.root = options.node;
  size_t first = out.size();
  add_name_transformers(as_options, out);
  add_metadata_transformers(as_options, out);
  yaml::Node images = options.node.get("images");
  if (images.is_sequence()) {
    out.push_back(transformer(options.app_path, [images](const FieldSegments& f, yaml::Node v) -> std::optional<SourcePosition> {
      if (f.empty() || f.back() != "image" || !v.is_scalar()) return std::nullopt;
      for (yaml::Node e : images.elements()) {
        ImageOverride o = parse_image_override(std::string(e.text()));
        std::string made = o.new_name.empty() ? o.name : o.new_name;
        std::string full = made + (o.new_tag.empty() ? "" : ":" + o.new_tag) + (o.digest.empty() ? "" : "@" + o.digest);
        if (v.text() == full) return e.position();
      }
      return std::nullopt;
    }));
  }
  for (yaml::Node e : options.node.get("replicas").elements()) {
    if (e.get("name").as_string() != std::string_view(context.base_name)) continue;
    yaml::Node count = e.get("count");
    out.push_back(transformer(options.app_path, [count](const FieldSegments& f, yaml::Node v) -> std::optional<SourcePosition> {
      if (is_field(f, {"spec", "replicas"}) && v.text() == count.text()) return count.position();
      return std::nullopt;
    }));
  }
  for (size_t i = first; i < out.size(); ++i) out[i].repo = options.app_repo;
}

}  // namespace driftlint
