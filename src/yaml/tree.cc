#include "yaml/tree.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>
#include <new>
#include <numeric>

#include "base/lasting_memory.h"

namespace driftlint::yaml {

const NodeData& Node::data() const { return tree_->node_view_[id_]; }

NodeKind Node::kind() const { return data().kind; }
ScalarType Node::scalar_type() const { return data().scalar_type; }
bool Node::quoted() const { return valid() && data().quoted; }

std::string_view Node::text() const {
  if (!valid() || data().kind != NodeKind::Scalar) return {};
  return text_of(data(), tree_->text_view_);
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
  uint32_t ids = child_ids_of(d, tree_->child_view_).count;
  return d.kind == NodeKind::Map ? ids / 2 : ids;
}

Node Node::element(size_t i) const {
  if (!is_sequence()) return {};
  ChildIds ids = child_ids_of(data(), tree_->child_view_);
  return i < ids.count ? Node(tree_, ids[i]) : Node();
}

Node Node::key_at(size_t i) const {
  if (!is_map()) return {};
  ChildIds ids = child_ids_of(data(), tree_->child_view_);
  return i < ids.count / 2 ? Node(tree_, ids[2 * i]) : Node();
}

Node Node::value_at(size_t i) const {
  if (!is_map()) return {};
  ChildIds ids = child_ids_of(data(), tree_->child_view_);
  return i < ids.count / 2 ? Node(tree_, ids[2 * i + 1]) : Node();
}

namespace {

// Keys Node::get can find: string scalars (the builder gives every scalar
// key a string type, `~:` becoming "null"), not a null key or a container key.
bool lookup_key(const NodeData& k) { return k.kind == NodeKind::Scalar && k.scalar_type != ScalarType::Null; }

// Equal texts, the first bytes compared before memcmp is called: most keys
// a lookup passes differ there (a map scan is most of a rule's time).
bool same_text(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || (a[0] == b[0] && std::memcmp(a.data(), b.data(), a.size()) == 0));
}

}  // namespace

size_t Node::find_entry(std::string_view key) const {
  if (!is_map()) return kNoEntry;
  ChildIds pairs = child_ids_of(data(), tree_->child_view_);
  uint32_t ids = pairs.count;
  const NodeData* nodes = tree_->node_view_;
  std::string_view text = tree_->text_view_;
  auto key_is = [&](const NodeData& k) { return lookup_key(k) && same_text(text_of(k, text), key); };
  if (ids / 2 > Tree::kIndexedMapEntries) {
    if (const Tree::KeyTable* table = tree_->key_table(id_)) {
      const uint32_t* slots = tree_->keys_->slots.data() + table->first_slot;
      for (size_t h = std::hash<std::string_view>{}(key);; ++h) {
        uint32_t slot = slots[h & table->mask];
        if (slot == 0) return kNoEntry;
        if (key_is(nodes[pairs[2 * (slot - 1)]])) return slot - 1;
      }
    }
  }
  // The scan, for either kind of children (key_at(i) is the key node of entry i).
  auto scan = [&](auto key_at) {
    for (size_t i = ids / 2; i-- > 0;) {
      if (key_is(key_at(i))) return i;
    }
    return kNoEntry;
  };
  if (!pairs.ids) {  // adjacent: the keys are every other node from the first, read in a row
    const NodeData* keys = nodes + pairs.first;
    return scan([keys](size_t i) -> const NodeData& { return keys[2 * i]; });
  }
  return scan([&](size_t i) -> const NodeData& { return nodes[pairs.ids[2 * i]]; });
}

Node Node::key_node(std::string_view key) const {
  size_t i = find_entry(key);
  return i == kNoEntry ? Node() : key_at(i);
}

Node Node::get(std::string_view key) const {
  size_t i = find_entry(key);
  return i == kNoEntry ? Node() : value_at(i);
}

void Tree::seal_lasting(const TreeArrays& arrays) {
  size_t node_bytes = arrays.nodes.size() * sizeof(NodeData);
  size_t child_bytes = arrays.children.size() * sizeof(uint32_t);
  static_assert(sizeof(NodeData) % alignof(uint32_t) == 0);
  LastingBytes block = lasting_bytes(arrays.bytes());
  if (block.data == nullptr) throw std::bad_alloc();
  auto copy = [](char* to, const void* from, size_t bytes) {
    if (bytes > 0) std::memcpy(to, from, bytes);  // an empty vector's data() may be null
  };
  copy(block.data, arrays.nodes.data(), node_bytes);
  copy(block.data + node_bytes, arrays.children.data(), child_bytes);
  copy(block.data + node_bytes + child_bytes, arrays.text.data(), arrays.text.size());
  node_view_ = reinterpret_cast<const NodeData*>(block.data);
  node_count_ = arrays.nodes.size();
  child_view_ = reinterpret_cast<const uint32_t*>(block.data + node_bytes);
  text_view_ = std::string_view(block.data + node_bytes + child_bytes, arrays.text.size());
  backing_ = std::move(block.keep);
  index_large_maps();
}

void Tree::seal_in_place(TreeArrays&& arrays) {
  auto kept = std::make_shared<TreeArrays>(std::move(arrays));
  kept->nodes.shrink_to_fit();
  kept->children.shrink_to_fit();
  kept->text.shrink_to_fit();
  view(std::move(kept));
  index_large_maps();
}

void Tree::view(std::shared_ptr<const TreeArrays> arrays) {
  node_view_ = arrays->nodes.data();
  node_count_ = arrays->nodes.size();
  child_view_ = arrays->children.data();
  text_view_ = arrays->text;
  backing_ = std::move(arrays);
}

void Tree::index_large_maps() {
  std::unique_ptr<KeyIndex> index;  // made for the first large map: most trees have none
  for (uint32_t id = 0; id < node_count_; ++id) {
    const NodeData& d = node_view_[id];
    if (d.kind == NodeKind::Map && child_ids_of(d, child_view_).count / 2 > kIndexedMapEntries) {
      if (!index) index = std::make_unique<KeyIndex>();
      index->index_map(*this, id);
    }
  }
  if (index) {
    index->slots.shrink_to_fit();
    index->tables.shrink_to_fit();
  }
  keys_ = std::move(index);
}

const Tree::KeyTable* Tree::key_table(uint32_t id) const {
  if (!keys_) return nullptr;
  const std::vector<KeyTable>& tables = keys_->tables;
  auto it = std::lower_bound(tables.begin(), tables.end(), id, [](const KeyTable& t, uint32_t map) { return t.map < map; });
  return it == tables.end() || it->map != id ? nullptr : &*it;
}

void Tree::KeyIndex::index_map(const Tree& tree, uint32_t id) {
  ChildIds pairs = child_ids_of(tree.node_view_[id], tree.child_view_);
  uint32_t entries = pairs.count / 2;
  size_t count = std::bit_ceil(2 * static_cast<size_t>(entries));
  KeyTable table{id, static_cast<uint32_t>(slots.size()), count - 1};
  slots.resize(slots.size() + count, 0);
  uint32_t* table_slots = slots.data() + table.first_slot;
  for (uint32_t i = 0; i < entries; ++i) {
    const NodeData& k = tree.node_view_[pairs[2 * i]];
    if (!lookup_key(k)) continue;
    std::string_view text = text_of(k, tree.text_view_);
    for (size_t h = std::hash<std::string_view>{}(text);; ++h) {
      uint32_t& slot = table_slots[h & table.mask];
      // An empty slot, or the same key seen before: a later entry replaces an earlier one.
      if (slot == 0 || text_of(tree.node_view_[pairs[2 * (slot - 1)]], tree.text_view_) == text) {
        slot = i + 1;
        break;
      }
    }
  }
  tables.push_back(table);
}

Node Tree::next_in_text(Node node) const {
  if (node.tree() != this || node.id() >= node_count_) return {};
  const std::vector<uint32_t>* order = text_order_.load(std::memory_order_acquire);
  if (!order) {
    auto made = std::make_unique<std::vector<uint32_t>>(node_count_);
    std::iota(made->begin(), made->end(), uint32_t{0});
    // Ties (nodes of unknown position) keep id order.
    std::stable_sort(made->begin(), made->end(), [&](uint32_t a, uint32_t b) {
      return node_view_[a].position() < node_view_[b].position();
    });
    const std::vector<uint32_t>* expected = nullptr;
    if (text_order_.compare_exchange_strong(expected, made.get(), std::memory_order_acq_rel)) {
      order = made.release();
    } else {
      order = expected;  // another thread's, stored first
    }
  }
  Position at = node.position();
  auto after = std::upper_bound(order->begin(), order->end(), at, [&](Position p, uint32_t id) {
    return p < node_view_[id].position();
  });
  return after == order->end() ? Node() : Node(this, *after);
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
