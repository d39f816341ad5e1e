#include "render/kustomize_setters.h"

#include <re2/re2.h>

#include "base/strings.h"
#include "fs/repo_path.h"
#include "render/kustomize_transformers.h"

namespace driftlint {

namespace {

std::string name_of(yaml::Node object) {
  auto n = object.path({"metadata", "name"}).as_string();
  return n ? std::string(*n) : std::string();
}

bool regex_matches(std::string_view pattern, const std::string& text) {
  RE2::Options options;
  options.set_log_errors(false);
  RE2 re(std::string(pattern), options);
  return re.ok() ? RE2::FullMatch(text, re) : pattern == text;
}

// Whether a patch's `target` selects the object (label and annotation
// selectors are taken to match: they only decide between candidates whose
// values must also agree with the output).
bool target_selects(yaml::Node target, const SetterContext& c) {
  if (!target.is_map()) return true;
  if (auto kind = target.get("kind").as_string(); kind && !regex_matches(*kind, std::string(c.object.get("kind").text()))) {
    return false;
  }
  if (auto name = target.get("name").as_string()) {
    return regex_matches(*name, c.base_name) || regex_matches(*name, name_of(c.object));
  }
  return true;
}

// Whether a strategic-merge patch document is about the object.
bool patch_document_targets(yaml::Node doc, const SetterContext& c, bool has_target) {
  if (!doc.is_map()) return false;
  if (has_target) return true;
  auto kind = doc.get("kind").as_string();
  if (kind && *kind != c.object.get("kind").text()) return false;
  std::string name = name_of(doc);
  return name.empty() || name == c.base_name || name == name_of(c.object);
}

// Whether a scalar in the kustomization's text is a block scalar (| or >).
bool is_block_scalar(const KustomizationFile& k, yaml::Node scalar, uint32_t& content_line, uint32_t& indent) {
  std::vector<std::string_view> lines = split(k.text, '\n');
  SourcePosition p = scalar.position();
  if (p.line == 0 || p.line > lines.size()) return false;
  std::string_view line = lines[p.line - 1];
  if (p.column == 0 || p.column > line.size() || (line[p.column - 1] != '|' && line[p.column - 1] != '>')) return false;
  for (uint32_t l = p.line; l < lines.size(); ++l) {
    std::string_view content = lines[l];
    size_t first = content.find_first_not_of(' ');
    if (first == std::string_view::npos) continue;
    content_line = l + 1;
    indent = static_cast<uint32_t>(first);
    return true;
  }
  return false;
}

// Parses an inline patch (YAML text in the kustomization) with its
// positions moved into the kustomization file.
Setter inline_patch(const KustomizationFile& k, yaml::Node text) {
  Setter s;
  s.path = k.path;
  auto parsed = std::make_shared<yaml::ParsedFile>(yaml::parse_yaml(text.text()));
  uint32_t content_line = 0, indent = 0;
  if (is_block_scalar(k, text, content_line, indent)) {
    s.line_offset = content_line - 1;
    s.column_offset = indent;
  } else if (text.position().line > 0) {
    s.line_offset = text.position().line - 1;
    s.column_offset = text.position().column;
  } else {
    s.unplaced = true;
  }
  s.keep = parsed;
  return s;
}

std::vector<std::string> json_pointer(std::string_view pointer) {
  std::vector<std::string> out;
  if (pointer.empty() || pointer[0] != '/') return out;
  for (std::string_view segment : split(pointer.substr(1), '/')) {
    std::string s(segment);
    for (size_t at; (at = s.find("~1")) != std::string::npos;) s.replace(at, 2, "/");
    for (size_t at; (at = s.find("~0")) != std::string::npos;) s.replace(at, 2, "~");
    out.push_back(std::move(s));
  }
  return out;
}

// Adds the setters one patch (a file or inline text) makes for the object.
void add_patch(Setter base, const SetterContext& c, bool has_target, bool json6902, std::vector<Setter>& out) {
  if (!base.keep) return;
  for (const yaml::Document& d : base.keep->documents) {
    if (d.root.is_sequence() || json6902) {
      Setter ops = base;
      ops.kind = Setter::Kind::JsonOps;
      for (yaml::Node op : d.root.elements()) {
        auto name = op.get("op").as_string();
        auto path = op.get("path").as_string();
        if (!name || !path || (*name != "add" && *name != "replace") || !op.get("value").valid()) continue;
        ops.ops.push_back({json_pointer(*path), op.get("value")});
      }
      if (!ops.ops.empty()) out.push_back(std::move(ops));
    } else if (patch_document_targets(d.root, c, has_target)) {
      Setter tree = base;
      tree.tree = d.root;
      out.push_back(std::move(tree));
    }
  }
}

Setter patch_file(const std::string& path, const SetterContext& c) {
  Setter s;
  s.path = path;
  s.keep = c.files(path);
  return s;
}

void add_patch_entries(const KustomizationFile& k, const SetterContext& c, std::vector<Setter>& out) {
  for (yaml::Node e : k.root.get("patchesStrategicMerge").elements()) {
    auto text = e.as_string();
    if (!text) continue;
    bool is_inline = text->find('\n') != std::string_view::npos;
    std::optional<std::string> path = is_inline ? std::nullopt : resolve_in_repo(k.dir, *text);
    if (is_inline) {
      add_patch(inline_patch(k, e), c, false, false, out);
    } else if (path) {
      add_patch(patch_file(*path, c), c, false, false, out);
    }
  }
  for (yaml::Node e : k.root.get("patches").elements()) {
    yaml::Node target = e.get("target");
    if (!target_selects(target, c)) continue;
    if (auto p = e.get("path").as_string()) {
      if (auto path = resolve_in_repo(k.dir, *p)) add_patch(patch_file(*path, c), c, target.is_map(), false, out);
    } else if (e.get("patch").is_scalar()) {
      add_patch(inline_patch(k, e.get("patch")), c, target.is_map(), false, out);
    }
  }
}

void add_json6902_entries(const KustomizationFile& k, const SetterContext& c, std::vector<Setter>& out) {
  for (yaml::Node e : k.root.get("patchesJson6902").elements()) {
    if (!target_selects(e.get("target"), c)) continue;
    if (auto p = e.get("path").as_string()) {
      if (auto path = resolve_in_repo(k.dir, *p)) add_patch(patch_file(*path, c), c, true, true, out);
    } else if (e.get("patch").is_scalar()) {
      add_patch(inline_patch(k, e.get("patch")), c, true, true, out);
    }
  }
}

void add_own_setters(const KustomizationFile& k, const SetterContext& c, std::vector<Setter>& out, int depth) {
  if (depth > 16) return;
  add_patch_entries(k, c, out);
  add_name_transformers(k, out);
  add_metadata_transformers(k, out);
  add_json6902_entries(k, c, out);
  add_replica_and_image_transformers(k, c.base_name, out);
}

}  // namespace

void add_kustomization_setters(const ChainStep& step, const SetterContext& context, std::vector<Setter>& out) {
  const KustomizationFile& k = *step.k;
  for (size_t i = static_cast<size_t>(step.component + 1); i < k.components.size(); ++i) {
    const KustomizationFile* component = context.closure->kustomization(k.components[i]);
    if (component) add_own_setters(*component, context, out, 1);
  }
  add_own_setters(k, context, out, 0);
}

}  // namespace driftlint
