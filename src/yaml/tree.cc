#include "yaml/tree.h"

#include <bit>
#include <cstring>
#include <functional>
#include <new>

#include "base/lasting_memory.h"

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

Position Node::position() const { return valid() ? data().position() : Position{}; }

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

namespace {

// Keys Node::get can find: string scalars (the builder gives every scalar
// key a string type, `~:` becoming "null"), not a null key or a container key.
bool lookup_key(const NodeData& k) { return k.kind == NodeKind::Scalar && k.scalar_type != ScalarType::Null; }

}  // namespace

size_t Node::find_entry(std::string_view key) const {
  if (!is_map()) return kNoEntry;
  const NodeData& d = data();
  const uint32_t* pairs = tree_->child_view_ + d.offset;
  auto key_is = [&](size_t entry) {
    const NodeData& k = tree_->node_view_[pairs[2 * entry]];
    return lookup_key(k) && tree_->text_view_.substr(k.offset, k.length) == key;
  };
  if (d.length / 2 > Tree::kIndexedMapEntries) {
    if (auto it = tree_->key_tables_.find(id_); it != tree_->key_tables_.end()) {
      const Tree::KeyTable& table = it->second;
      for (size_t h = std::hash<std::string_view>{}(key);; ++h) {
        uint32_t slot = tree_->key_slots_[table.first_slot + (h & table.mask)];
        if (slot == 0) return kNoEntry;
        if (key_is(slot - 1)) return slot - 1;
      }
    }
  }
  for (size_t i = d.length / 2; i-- > 0;) {
    if (key_is(i)) return i;
  }
  return kNoEntry;
}

Node Node::key_node(std::string_view key) const {
  size_t i = find_entry(key);
  return i == kNoEntry ? Node() : key_at(i);
}

Node Node::get(std::string_view key) const {
  size_t i = find_entry(key);
  return i == kNoEntry ? Node() : value_at(i);
}

void Tree::seal_lasting() {
  size_t node_bytes = nodes_.size() * sizeof(NodeData);
  size_t child_bytes = children_.size() * sizeof(uint32_t);
  static_assert(sizeof(NodeData) % alignof(uint32_t) == 0);
  LastingBytes block = lasting_bytes(array_bytes());
  if (block.data == nullptr) throw std::bad_alloc();
  auto copy = [](char* to, const void* from, size_t bytes) {
    if (bytes > 0) std::memcpy(to, from, bytes);  // an empty vector's data() may be null
  };
  copy(block.data, nodes_.data(), node_bytes);
  copy(block.data + node_bytes, children_.data(), child_bytes);
  copy(block.data + node_bytes + child_bytes, text_.data(), text_.size());
  node_view_ = reinterpret_cast<const NodeData*>(block.data);
  node_count_ = nodes_.size();
  child_view_ = reinterpret_cast<const uint32_t*>(block.data + node_bytes);
  text_view_ = std::string_view(block.data + node_bytes + child_bytes, text_.size());
  backing_ = std::move(block.keep);
  index_large_maps();
}

void Tree::seal_in_place() {
  nodes_.shrink_to_fit();
  children_.shrink_to_fit();
  text_.shrink_to_fit();
  node_view_ = nodes_.data();
  node_count_ = nodes_.size();
  child_view_ = children_.data();
  text_view_ = text_;
  index_large_maps();
}

void Tree::index_large_maps() {
  key_tables_.clear();
  key_slots_.clear();
  for (uint32_t id = 0; id < node_count_; ++id) {
    const NodeData& d = node_view_[id];
    if (d.kind == NodeKind::Map && d.length / 2 > kIndexedMapEntries) index_map(id);
  }
  key_slots_.shrink_to_fit();
}

void Tree::index_map(uint32_t id) {
  const NodeData& d = node_view_[id];
  const uint32_t* pairs = child_view_ + d.offset;
  uint32_t entries = d.length / 2;
  size_t slots = std::bit_ceil(2 * static_cast<size_t>(entries));
  KeyTable table{key_slots_.size(), slots - 1};
  key_slots_.resize(key_slots_.size() + slots, 0);
  uint32_t* table_slots = key_slots_.data() + table.first_slot;
  auto text_of = [&](const NodeData& k) { return text_view_.substr(k.offset, k.length); };
  for (uint32_t i = 0; i < entries; ++i) {
    const NodeData& k = node_view_[pairs[2 * i]];
    if (!lookup_key(k)) continue;
    std::string_view text = text_of(k);
    for (size_t h = std::hash<std::string_view>{}(text);; ++h) {
      uint32_t& slot = table_slots[h & table.mask];
      // An empty slot, or the same key seen before: a later entry replaces an earlier one.
      if (slot == 0 || text_of(node_view_[pairs[2 * (slot - 1)]]) == text) {
        slot = i + 1;
        break;
      }
    }
  }
  key_tables_.emplace(id, table);
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
