// What sets the fields of one object in a kustomize build, in the order the
// build applies them: the base resource, then per kustomization from the
// innermost out its components, strategic-merge patches, `patches`, the
// transformers (namespace, name prefix and suffix, labels, annotations), JSON
// 6902 patches, replicas and images. Each is a Setter: a YAML tree aligned
// with the object (a resource, a strategic-merge patch), JSON 6902 operations
// (a pointer and the value it puts there), or a transformer that claims the
// fields it writes.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/source_position.h"
#include "yaml/parser.h"

namespace driftlint {

// A field of the object: map keys, and list elements as "[name]" (by their
// `name`) or "[3]".
using FieldSegments = std::vector<std::string>;

struct Setter {
  enum class Kind { Tree, JsonOps, Transformer };
  Kind kind = Kind::Tree;
  std::string path;  // the repo-relative file that sets it
  int repo = -1;     // its repo, when not the built one (an app's file)
  // Inline YAML (a patch written in the kustomization) is parsed on its own:
  // its positions are moved by these to land in `path`.
  uint32_t line_offset = 0, column_offset = 0;
  bool unplaced = false;  // the inline text's own line is not known: nor is any place in it
  std::shared_ptr<const yaml::ParsedFile> keep;  // owns `tree` or the ops when parsed here

  yaml::Node tree;  // Kind::Tree: aligned with the object's root
  struct Op {
    std::vector<std::string> pointer;  // JSON pointer segments ("spec", "replicas", "0")
    yaml::Node value;
  };
  std::vector<Op> ops;  // Kind::JsonOps (add, replace)
  // Kind::Transformer: the node of `path` that sets this field to this
  // value, if it is one this transformer writes.
  std::function<std::optional<SourcePosition>(const FieldSegments& field, yaml::Node value)> claim;

  SourcePosition place(yaml::Node node) const {
    if (unplaced) return {};
    SourcePosition p = node.position();
    if (line_offset == 0) return p;
    return {p.line + line_offset, p.column + column_offset};
  }
};

}  // namespace driftlint
