#include "yaml/tree.h"

namespace driftlint::yaml {

const NodeData& Node::data() const { return tree_->node_view_[id_]; }

NodeKind Node::kind() const { return data().kind; }
ScalarType Node::scalar_type() const { return data().scalar_type; }
bool Node::quoted() const { return valid() && data().quoted; }

std::string_view Node::text() const {
  if (!valid() || data().kind != NodeKind::Scalar) return {};
  const NodeData& d = data();
  return tree_->text_view_.substr(d.offset, d.length);
}

std::optional<std::string_view> Node::as_string() const {
  if (!is_string()) return std::nullopt;
  return text();
}

std::optional<bool> Node::as_bool() const {
  if (!is_scalar() || scalar_type() != ScalarType::Bool) return std::nullopt;
  return data().bool_value;
}

std::optional<int64_t> Node::as_int() const {
  if (!is_scalar() || scalar_type() != ScalarType::Int) return std::nullopt;
  return parse_go_int(text());
}

std::optional<double> Node::as_number() const {
  if (!is_scalar()) return std::nullopt;
  ScalarType t = scalar_type();
  if (t != ScalarType::Int && t != ScalarType::Float) return std::nullopt;
  return parse_yaml_number(text());
}

Position Node::position() const { return valid() ? data().position : Position{}; }

size_t Node::size() const {
  if (!valid()) return 0;
  const NodeData& d = data();
  if (d.kind == NodeKind::Scalar) return 0;
  return d.kind == NodeKind::Map ? d.length / 2 : d.length;
}

Node Node::element(size_t i) const {
  if (!is_sequence() || i >= size()) return {};
  return Node(tree_, tree_->child_view_[data().offset + i]);
}

Node Node::key_at(size_t i) const {
  if (!is_map() || i >= size()) return {};
  return Node(tree_, tree_->child_view_[data().offset + 2 * i]);
}

Node Node::value_at(size_t i) const {
  if (!is_map() || i >= size()) return {};
  return Node(tree_, tree_->child_view_[data().offset + 2 * i + 1]);
}

Node Node::key_node(std::string_view key) const {
  if (!is_map()) return {};
  const NodeData& d = data();
  for (size_t i = d.length / 2; i-- > 0;) {
    Node k(tree_, tree_->child_view_[d.offset + 2 * i]);
    if (k.is_scalar() && k.scalar_type() != ScalarType::Null && k.text() == key) return k;
  }
  return {};
}

Node Node::get(std::string_view key) const {
  if (!is_map()) return {};
  const NodeData& d = data();
  for (size_t i = d.length / 2; i-- > 0;) {
    Node k(tree_, tree_->child_view_[d.offset + 2 * i]);
    if (k.is_scalar() && k.scalar_type() != ScalarType::Null && k.text() == key) {
      return Node(tree_, tree_->child_view_[d.offset + 2 * i + 1]);
    }
  }
  return {};
}

Node Node::path(std::initializer_list<std::string_view> keys) const {
  Node current = *this;
  for (std::string_view key : keys) {
    current = current.get(key);
    if (!current) return {};
  }
  return current;
}

}  // namespace driftlint::yaml
