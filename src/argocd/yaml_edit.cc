#include "argocd/yaml_edit.h"

#include "yaml/tree_builder.h"

namespace driftlint {

EditNode EditNode::from(yaml::Node node) {
  EditNode out;
  if (!node.valid()) return out;
  out.kind = node.kind();
  out.position = node.position();
  if (node.is_map()) {
    for (auto [key, value] : node.entries()) {
      out.keys.push_back(from(key));
      out.values.push_back(from(value));
    }
  } else if (node.is_sequence()) {
    for (yaml::Node item : node.elements()) out.items.push_back(from(item));
  } else {
    out.type = node.scalar_type();
    out.text = std::string(node.text());
  }
  return out;
}

EditNode EditNode::string(std::string text, yaml::Position position) {
  EditNode out;
  out.type = yaml::ScalarType::String;
  out.text = std::move(text);
  out.position = position;
  return out;
}

EditNode EditNode::map(yaml::Position position) {
  EditNode out;
  out.kind = yaml::NodeKind::Map;
  out.position = position;
  return out;
}

const EditNode* EditNode::find(std::string_view key) const {
  for (size_t i = keys.size(); i > 0; --i) {
    if (keys[i - 1].text == key) return &values[i - 1];
  }
  return nullptr;
}

EditNode* EditNode::find(std::string_view key) {
  return const_cast<EditNode*>(static_cast<const EditNode*>(this)->find(key));
}

void EditNode::set(const std::string& key, EditNode value) {
  if (EditNode* existing = find(key)) {
    *existing = std::move(value);
    return;
  }
  keys.push_back(string(key, value.position));
  values.push_back(std::move(value));
}

void EditNode::erase(std::string_view key) {
  for (size_t i = keys.size(); i > 0; --i) {
    if (keys[i - 1].text == key) {
      keys.erase(keys.begin() + static_cast<std::ptrdiff_t>(i - 1));
      values.erase(values.begin() + static_cast<std::ptrdiff_t>(i - 1));
    }
  }
}

void EditNode::place_at(yaml::Position at) {
  position = at;
  for (EditNode& k : keys) k.place_at(at);
  for (EditNode& v : values) v.place_at(at);
  for (EditNode& i : items) i.place_at(at);
}

namespace {

yaml::EventMark mark_of(yaml::Position p) {
  yaml::EventMark m;
  m.known = p.line > 0;
  m.line = p.line > 0 ? p.line - 1 : 0;
  m.column = p.column > 0 ? p.column - 1 : 0;
  return m;
}

void emit(const EditNode& node, yaml::TreeBuilder& builder) {
  yaml::EventMark mark = mark_of(node.position);
  if (node.is_map() || node.is_sequence()) {
    builder.container_start(mark, node.kind, "");
    if (node.is_map()) {
      for (size_t i = 0; i < node.keys.size(); ++i) {
        emit(node.keys[i], builder);
        emit(node.values[i], builder);
      }
    } else {
      for (const EditNode& item : node.items) emit(item, builder);
    }
    builder.container_end();
    return;
  }
  if (node.type == yaml::ScalarType::String) {
    builder.scalar(mark, yaml::ScalarStyle::QuotedUntagged, "", "", node.text);
  } else if (node.type == yaml::ScalarType::Null && node.text.empty()) {
    builder.null_value(mark, "");
  } else {
    // The text reads back as the same type (it was typed from it).
    builder.scalar(mark, yaml::ScalarStyle::PlainUntagged, "", "", node.text);
  }
}

}  // namespace

Expected<yaml::ParsedFile> build_tree(const EditNode& root) {
  yaml::ParsedFile out;
  yaml::ParseLimits limits;
  yaml::TreeBuilder builder(out, limits);
  try {
    builder.document_start(mark_of(root.position));
    emit(root, builder);
    builder.document_end();
  } catch (const yaml::BuildError& e) {
    return Error{e.message};
  }
  out.tree = builder.tree();
  return out;
}

Expected<EditNode> parse_edit_node(std::string_view text) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  if (parsed.error) return Error{"yaml: line " + std::to_string(parsed.error->position.line) + ": " + parsed.error->message};
  if (parsed.documents.empty() || !parsed.documents.front().root.valid()) return EditNode{};
  return EditNode::from(parsed.documents.front().root);
}

}  // namespace driftlint
