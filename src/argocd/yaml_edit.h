// A YAML value that can be changed (rendered, merged, patched) and then built
// back into a yaml::Tree, every node keeping the position it was read from:
// an Application generated from an ApplicationSet points into the set's
// template, not into text driftlint wrote.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "yaml/parser.h"
#include "yaml/tree.h"

namespace driftlint {

struct EditNode {
  yaml::NodeKind kind = yaml::NodeKind::Scalar;
  yaml::ScalarType type = yaml::ScalarType::Null;  // scalars
  std::string text;                                // scalars, as written (strings unescaped)
  yaml::Position position;
  std::vector<EditNode> keys, values;  // maps: keys[i] -> values[i], in order
  std::vector<EditNode> items;         // sequences

  static EditNode from(yaml::Node node);
  static EditNode string(std::string text, yaml::Position position);
  static EditNode map(yaml::Position position);

  bool is_map() const { return kind == yaml::NodeKind::Map; }
  bool is_sequence() const { return kind == yaml::NodeKind::Sequence; }
  bool is_string() const { return kind == yaml::NodeKind::Scalar && type == yaml::ScalarType::String; }
  bool is_null() const { return kind == yaml::NodeKind::Scalar && type == yaml::ScalarType::Null; }
  // Map lookup by key text (the last entry wins, as in the tree); nullptr when absent.
  EditNode* find(std::string_view key);
  const EditNode* find(std::string_view key) const;
  // Sets (or adds) a map entry.
  void set(const std::string& key, EditNode value);
  void erase(std::string_view key);
  // Every node (and key) gets this position: for values that came from
  // text driftlint parsed itself, such as a rendered templatePatch.
  void place_at(yaml::Position position);
};

// Builds a one-document tree holding `root`. The returned file owns the
// tree; nodes read from it stay valid while it (or its tree) lives.
Expected<yaml::ParsedFile> build_tree(const EditNode& root);

// Parses YAML text into an EditNode (the first document; null when empty).
Expected<EditNode> parse_edit_node(std::string_view text);

}  // namespace driftlint
