// The document tree every rule reads. One Tree per file holds all of the
// file's documents in three flat arrays (nodes, child ids, scalar text), so a
// file costs a few allocations instead of one per node, and a Node is a
// two-word handle that is cheap to copy. Aliases share the anchored node (the
// tree is a DAG), so alias bombs cost no memory; the parser bounds how much
// they may expand.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/source_position.h"
#include "yaml/scalar.h"
#include "yaml/shared_texts.h"

namespace driftlint::yaml {

enum class NodeKind : uint8_t { Scalar, Sequence, Map };

// 1-based line and column; 0 means unknown.
using Position = SourcePosition;

// One node, in 12 bytes: the trees of 20,000 manifests hold 1.6 million.
struct NodeData {
  // A column past this is kept as 0, "not known" (a line of 32 MB).
  static constexpr uint32_t kMaxColumn = (uint32_t{1} << 25) - 1;
  // A line past this is kept as 0 with its column (a file of 4 million lines).
  static constexpr uint32_t kMaxLine = (uint32_t{1} << 22) - 1;
  // A length from this up is kept in the arrays, before the text or the
  // child ids it counts (scalars of 1 KB, lists of 1,023 items, maps of 511
  // keys: few), so every other node saves the four bytes.
  static constexpr uint32_t kLongLength = (uint32_t{1} << 10) - 1;

  NodeKind kind : 2 = NodeKind::Scalar;
  ScalarType scalar_type : 3 = ScalarType::Null;
  // A Bool scalar's value; a String scalar's `shared`, a container's
  // `adjacent` (see below): one bit with three meanings, so that none costs
  // a node more bytes.
  bool bool_value : 1 = false;
  bool quoted : 1 = false;
  uint32_t column : 25 = 0;
  uint32_t line : 22 = 0;
  // Scalar: the text's length; container: its child ids (maps store key,
  // value, key, value...). kLongLength: the length is the first word at
  // `offset` (a u32 in the text, a child-id slot).
  uint32_t short_length : 10 = 0;
  // Where the text starts in the tree's text, or the child ids in its
  // children; for an adjacent container, its first child's id.
  uint32_t offset = 0;

  // A container whose children are the nodes offset, offset + 1, ... (a
  // short count, never kLongLength): no child ids are kept for it. A sealed
  // tree lays most containers out so (TreeArrays::lay_out_children); those
  // whose children are shared (aliases, merge keys) or many keep a list.
  bool adjacent() const { return kind != NodeKind::Scalar && bool_value; }
  // A String scalar whose text is the shared text numbered offset
  // (yaml/shared_texts.h), not in its tree's text.
  bool shared() const { return kind == NodeKind::Scalar && scalar_type == ScalarType::String && bool_value; }

  Position position() const { return {line, column}; }
  void set_position(Position p) {
    if (p.line > kMaxLine) p = {};
    line = p.line;
    column = p.column <= kMaxColumn ? p.column : 0;
  }
  bool long_length() const { return short_length == kLongLength; }
};

// A scalar's text: in its tree's `text`, or shared.
inline std::string_view text_of(const NodeData& d, std::string_view text) {
  if (d.shared()) return kSharedTexts[d.offset];
  if (!d.long_length()) return text.substr(d.offset, d.short_length);
  uint32_t length;
  std::memcpy(&length, text.data() + d.offset, sizeof length);
  return text.substr(d.offset + sizeof length, length);
}

// A container's child ids: consecutive, or listed in its tree's `children`.
struct ChildIds {
  const uint32_t* ids;  // null: the children are first, first + 1, ...
  uint32_t first;
  uint32_t count;
  uint32_t operator[](size_t i) const { return ids ? ids[i] : first + static_cast<uint32_t>(i); }
};
inline ChildIds child_ids_of(const NodeData& d, const uint32_t* children) {
  if (d.adjacent()) return {nullptr, d.offset, d.short_length};
  if (!d.long_length()) return {children + d.offset, 0, d.short_length};
  return {children + d.offset + 1, 0, children[d.offset]};
}

class Tree;

class Node {
 public:
  Node() = default;
  Node(const Tree* tree, uint32_t id) : tree_(tree), id_(id) {}

  bool valid() const { return tree_ != nullptr; }
  explicit operator bool() const { return valid(); }

  NodeKind kind() const;
  bool is_map() const { return valid() && kind() == NodeKind::Map; }
  bool is_sequence() const { return valid() && kind() == NodeKind::Sequence; }
  bool is_scalar() const { return valid() && kind() == NodeKind::Scalar; }
  bool is_null() const { return is_scalar() && scalar_type() == ScalarType::Null; }
  // A scalar Kubernetes reads as a string (quoted, or plain and not typed).
  bool is_string() const { return is_scalar() && scalar_type() == ScalarType::String; }
  ScalarType scalar_type() const;
  bool quoted() const;

  // The scalar's text as written (unescaped); empty for containers.
  std::string_view text() const;
  // The text when this is a string scalar, else nullopt.
  std::optional<std::string_view> as_string() const;
  std::optional<bool> as_bool() const;
  std::optional<int64_t> as_int() const;
  // Int or Float scalars.
  std::optional<double> as_number() const;

  Position position() const;
  // Number of elements (sequence) or entries (map).
  size_t size() const;

  // Sequence element i.
  Node element(size_t i) const;
  // Map entry i.
  Node key_at(size_t i) const;
  Node value_at(size_t i) const;

  // Value for a string key; the last entry wins, as in Kubernetes' decoder.
  Node get(std::string_view key) const;
  // The key node for a string key (for positions).
  Node key_node(std::string_view key) const;
  // Walks map keys; a step that is not a map or key yields an invalid Node.
  Node path(std::initializer_list<std::string_view> keys) const;

  uint32_t id() const { return id_; }
  const Tree* tree() const { return tree_; }

  // Helpers for range-for loops: `for (auto [key, value] : node.entries())`.
  class EntryRange entries() const;
  class ElementRange elements() const;

  friend bool operator==(const Node& a, const Node& b) {
    return a.tree_ == b.tree_ && a.id_ == b.id_;
  }

 private:
  static constexpr size_t kNoEntry = SIZE_MAX;
  // The last entry whose key is the string `key`, or kNoEntry.
  size_t find_entry(std::string_view key) const;
  const NodeData& data() const;
  const Tree* tree_ = nullptr;
  uint32_t id_ = 0;
};

struct Entry {
  Node key;
  Node value;
};

class EntryRange {
 public:
  class iterator {
   public:
    iterator(Node node, size_t i) : node_(node), i_(i) {}
    Entry operator*() const { return {node_.key_at(i_), node_.value_at(i_)}; }
    iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }

   private:
    Node node_;
    size_t i_;
  };
  explicit EntryRange(Node node) : node_(node) {}
  iterator begin() const { return {node_, 0}; }
  iterator end() const { return {node_, node_.is_map() ? node_.size() : 0}; }

 private:
  Node node_;
};

class ElementRange {
 public:
  class iterator {
   public:
    iterator(Node node, size_t i) : node_(node), i_(i) {}
    Node operator*() const { return node_.element(i_); }
    iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }

   private:
    Node node_;
    size_t i_;
  };
  explicit ElementRange(Node node) : node_(node) {}
  iterator begin() const { return {node_, 0}; }
  iterator end() const { return {node_, node_.is_sequence() ? node_.size() : 0}; }

 private:
  Node node_;
};

inline EntryRange Node::entries() const { return EntryRange(*this); }
inline ElementRange Node::elements() const { return ElementRange(*this); }

// What a tree builder fills: the three arrays a Tree's views read.
struct TreeArrays {
  std::vector<NodeData> nodes;
  std::vector<uint32_t> children;
  std::string text;  // a scalar's text, or one it repeats (the builder reuses it)

  size_t bytes() const {
    return nodes.size() * sizeof(NodeData) + children.size() * sizeof(uint32_t) + text.size();
  }
  // Sets d's text: added, unless a recent scalar of this thread's tree had
  // the same, and after its length when that is long (tree_arrays.cc).
  void add_text(NodeData& d, std::string_view value);
  // Sets d's child ids: appended, after their count when it is long.
  void add_children(NodeData& d, const uint32_t* ids, size_t count);
  // Numbers the nodes again, from `roots` down (then any node no root
  // reaches), so that each container's children are consecutive nodes right
  // after the children of the containers laid out before it, and marks it
  // adjacent: a map's keys are then read in a row (most of a rule's time is
  // map lookups), and its child ids are not kept (a sixth of the trees'
  // memory). A container keeps a list where its children are not all its
  // own (aliases, merge keys) or are many. `new_ids` gets each node's new id.
  void lay_out_children(const std::vector<uint32_t>& roots, std::vector<uint32_t>& new_ids);
};

// A Tree holds views only (one per file, 72 bytes: 13,915 of them at 20,000
// manifests), over lasting memory, arrays of its own or a cache pack.
class Tree {
 public:
  Tree() = default;
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;
  ~Tree() { delete text_order_.load(); }

  // Maps with more entries than this get a hash table of their keys, so a
  // lookup costs the same in a map of 900,000 keys as in one of 20 (a
  // validator or rule that looks up every key stays linear); smaller maps
  // are scanned, which is faster at their size.
  static constexpr uint32_t kIndexedMapEntries = 16;

  Node node(uint32_t id) const { return Node(this, id); }
  size_t node_count() const { return node_count_; }
  // False when no scalar of the tree reads `text` (every scalar's bytes are
  // in the tree's text, or shared): a pass over every object for a key few
  // have skips the trees without it, one scan of bytes in a row instead of
  // lookups.
  bool may_hold(std::string_view text) const {
    // memmem: glibc's compares two bytes at a time, where find stops at every first byte.
    return ::memmem(text_view_.data(), text_view_.size(), text.data(), text.size()) != nullptr || shared_texts_hold(text);
  }
  // Whether `map` has a key table (for tests: every map above kIndexedMapEntries has one).
  bool indexed(Node map) const { return map.tree() == this && key_table(map.id()) != nullptr; }
  // The node that starts next in the text after `node` (its first child, or
  // what follows it), or an invalid node. Node ids do not follow the text
  // (TreeArrays::lay_out_children): the first call sorts the nodes by
  // position, once per tree. Thread-safe.
  Node next_in_text(Node node) const;

 private:
  friend class Node;
  friend class TreeBuilder;
  friend struct TreeCodec;
  // Copies the arrays, exactly sized, into memory for what lives to the end
  // of the run (base/lasting_memory.h) and points the views there, leaving
  // the arrays for the next file's builder.
  void seal_lasting(const TreeArrays& arrays);
  // For a large tree, whose copy would hold its memory twice at the peak:
  // the arrays give back what doubling left unused and the tree keeps them.
  void seal_in_place(TreeArrays&& arrays);
  // Points the views at arrays the tree keeps.
  void view(std::shared_ptr<const TreeArrays> arrays);
  // Builds the key tables; called once the views are set (by the seals and by
  // the cache decoder), before the tree is shared between threads.
  void index_large_maps();

  // Open addressing, linear probing, at most half full. A slot holds an
  // entry index + 1 (0: empty); a key written twice keeps its last entry.
  struct KeyTable {
    uint32_t map;  // the map's node id
    uint32_t first_slot;
    size_t mask;  // slot count - 1 (a power of two)
  };
  struct KeyIndex {
    std::vector<KeyTable> tables;  // by map node id, ascending: made in id order
    std::vector<uint32_t> slots;
    void index_map(const Tree& tree, uint32_t id);
  };
  const KeyTable* key_table(uint32_t map_id) const;  // null: the map is scanned
  const NodeData* node_view_ = nullptr;
  const uint32_t* child_view_ = nullptr;
  std::string_view text_view_;
  size_t node_count_ = 0;
  std::unique_ptr<const KeyIndex> keys_;  // null: no map above kIndexedMapEntries
  std::shared_ptr<const void> backing_;   // keeps what the views read alive
  // Node ids in text order, for next_in_text: made by its first call (two
  // threads may both make one; the first stored is kept).
  mutable std::atomic<const std::vector<uint32_t>*> text_order_{nullptr};
};

}  // namespace driftlint::yaml
