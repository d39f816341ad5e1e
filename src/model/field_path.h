// Field paths as users write them in declarative rules and as the
// deprecation table names fields: `spec.template.spec.containers[*].image`,
// `spec.hard["requests.nvidia.com/gpu"]`, `spec.templates[0].name`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "yaml/tree.h"

namespace driftlint {

struct FieldStep {
  enum class Kind { Key, AnyElement, Element };
  Kind kind = Kind::Key;
  std::string key;   // Key
  size_t index = 0;  // Element
};

struct FieldPathSpec {
  std::string text;
  std::vector<FieldStep> steps;
};

// Errors say what is wrong and at which character.
Expected<FieldPathSpec> parse_field_path(std::string_view text);

struct FieldMatch {
  yaml::Node value;   // invalid when the last key is missing (`parent` has no such key)
  yaml::Node key;     // the key node of a map entry (for positions), else invalid
  yaml::Node parent;  // the map or list holding it
  std::string path;   // concrete: "spec.containers[1].image"
};

// Every place the path leads to. When the path reaches a map without its
// final key, that place is listed with an invalid `value` (so `required` can
// report it); a missing intermediate step yields nothing.
std::vector<FieldMatch> resolve_field_path(const FieldPathSpec& path, yaml::Node root);

}  // namespace driftlint
