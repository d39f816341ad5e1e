#include "yaml/tree_codec.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <type_traits>
#include <vector>

namespace driftlint::yaml {

void put_u32(std::string& out, uint32_t v) {
  char b[4];
  for (int i = 0; i < 4; ++i) b[i] = static_cast<char>((v >> (8 * i)) & 0xff);
  out.append(b, 4);
}

void put_u64(std::string& out, uint64_t v) {
  put_u32(out, static_cast<uint32_t>(v));
  put_u32(out, static_cast<uint32_t>(v >> 32));
}

void put_string(std::string& out, std::string_view s) {
  put_u32(out, static_cast<uint32_t>(s.size()));
  out.append(s);
}

bool get_u32(std::string_view& in, uint32_t& v) {
  if (in.size() < 4) return false;
  v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(static_cast<unsigned char>(in[i])) << (8 * i);
  in.remove_prefix(4);
  return true;
}

bool get_u64(std::string_view& in, uint64_t& v) {
  uint32_t lo, hi;
  if (!get_u32(in, lo) || !get_u32(in, hi)) return false;
  v = lo | (static_cast<uint64_t>(hi) << 32);
  return true;
}

bool get_string(std::string_view& in, std::string& s) {
  std::string_view view;
  if (!get_view(in, view)) return false;
  s.assign(view);
  return true;
}

bool get_view(std::string_view& in, std::string_view& s) {
  uint32_t n;
  if (!get_u32(in, n) || in.size() < n) return false;
  s = in.substr(0, n);
  in.remove_prefix(n);
  return true;
}

namespace {

constexpr uint32_t kNoNode = UINT32_MAX;

void put_position(std::string& out, Position p) {
  put_u32(out, p.line);
  put_u32(out, p.column);
}

bool get_position(std::string_view& in, Position& p) { return get_u32(in, p.line) && get_u32(in, p.column); }

uint32_t id_of(const Node& n) { return n.valid() ? n.id() : kNoNode; }

}  // namespace

// Reaches Tree's arrays (a friend of Tree).
struct TreeCodec {
  // Nodes and child ids are written as the bytes they are in memory (the
  // format is little-endian; other hosts would need a swap, see below).
  static_assert(sizeof(NodeData) == 12 && std::is_trivially_copyable_v<NodeData>);
  static_assert(std::endian::native == std::endian::little, "the parse cache format is little-endian");

  static void encode(const Tree& tree, std::string& out) {
    put_u32(out, static_cast<uint32_t>(tree.node_count_));
    out.append(reinterpret_cast<const char*>(tree.node_view_), tree.node_count_ * sizeof(NodeData));
    uint32_t children = 0;  // the views hold no count: the highest end of any container
    for (size_t i = 0; i < tree.node_count_; ++i) {
      const NodeData& d = tree.node_view_[i];
      if (d.kind == NodeKind::Scalar || d.adjacent()) continue;
      ChildIds ids = child_ids_of(d, tree.child_view_);
      children = std::max(children, static_cast<uint32_t>(ids.ids - tree.child_view_) + ids.count);
    }
    put_u32(out, children);
    out.append(reinterpret_cast<const char*>(tree.child_view_), children * sizeof(uint32_t));
    put_string(out, tree.text_view_);
  }

  // What the containers' children cover: the list slots of those with a
  // list, and the nodes of the adjacent ones.
  struct Spans {
    uint64_t listed = 0;
    uint64_t adjacent = 0;
  };

  // An adjacent container's children are nodes of the tree, a short count
  // (a map's in pairs). The builder places each node in at most one such
  // block, so the blocks add up to fewer nodes than the tree has; more would
  // be containers sharing a block, each walked and indexed again (see
  // `spans` in decode).
  static bool adjacent_well_formed(const NodeData& d, const Tree& tree, Spans& spans) {
    uint64_t count = d.short_length;
    if (d.long_length() || (d.kind == NodeKind::Map && count % 2 != 0)) return false;
    if (uint64_t{d.offset} + count > tree.node_count_) return false;
    spans.adjacent += count;
    return spans.adjacent <= tree.node_count_;
  }

  // Whether a node's text or child ids, and a long length's own word, lie
  // within the arrays, and its children are nodes of the tree; a map's ids
  // come in pairs. Adds a container's span (its ids and count word) to `spans`.
  static bool well_formed(const NodeData& d, const Tree& tree, uint32_t children, Spans& spans) {
    if (d.adjacent()) return adjacent_well_formed(d, tree, spans);
    if (d.shared()) return d.offset < kSharedTextCount && d.short_length == kSharedTexts[d.offset].size();
    bool scalar = d.kind == NodeKind::Scalar;
    uint64_t size = scalar ? tree.text_view_.size() : children;
    uint64_t begin = d.offset;
    uint64_t length = d.short_length;
    if (d.long_length()) {
      uint64_t word = scalar ? sizeof(uint32_t) : 1;  // a u32 in the text, or one id slot
      if (begin + word > size) return false;
      uint32_t long_length;
      if (scalar) {
        std::memcpy(&long_length, tree.text_view_.data() + begin, sizeof long_length);
      } else {
        long_length = tree.child_view_[begin];
      }
      length = long_length;
      begin += word;
    }
    if (begin + length > size) return false;
    if (scalar) return true;
    if (d.kind == NodeKind::Map && length % 2 != 0) return false;
    spans.listed += begin + length - d.offset;
    if (spans.listed > children) return false;
    const uint32_t* ids = tree.child_view_ + begin;
    return std::all_of(ids, ids + length, [&](uint32_t id) { return id < tree.node_count_; });
  }

  static std::shared_ptr<Tree> decode(std::string_view& in, size_t max_depth, std::shared_ptr<const void> backing) {
    auto tree = std::make_shared<Tree>();
    uint32_t count;
    if (!get_u32(in, count) || in.size() / sizeof(NodeData) < count) return nullptr;
    // Every bit pattern is a NodeData (its bools are one bit, its enums a few
    // bits of their byte type), but the enums may name no value.
    const char* raw = in.data();
    for (uint32_t i = 0; i < count; ++i) {
      NodeData d;
      std::memcpy(static_cast<void*>(&d), raw + i * sizeof(NodeData), sizeof(NodeData));
      if (d.kind > NodeKind::Map || d.scalar_type > ScalarType::String) return nullptr;
    }
    in.remove_prefix(count * sizeof(NodeData));
    uint32_t children;
    if (!get_u32(in, children) || in.size() / sizeof(uint32_t) < children) return nullptr;
    const char* ids = in.data();
    in.remove_prefix(children * sizeof(uint32_t));
    uint32_t text_length;
    if (!get_u32(in, text_length) || in.size() < text_length) return nullptr;
    std::string_view text = in.substr(0, text_length);
    in.remove_prefix(text_length);
    if (backing && reinterpret_cast<uintptr_t>(raw) % alignof(NodeData) == 0) {
      tree->node_view_ = reinterpret_cast<const NodeData*>(raw);
      tree->node_count_ = count;
      tree->child_view_ = reinterpret_cast<const uint32_t*>(ids);
      tree->text_view_ = text;
      tree->backing_ = std::move(backing);
    } else {  // not borrowed from the pack: copied into arrays the tree keeps
      auto owned = std::make_shared<TreeArrays>();
      owned->nodes.resize(count);
      if (count > 0) std::memcpy(static_cast<void*>(owned->nodes.data()), raw, count * sizeof(NodeData));
      owned->children.resize(children);
      if (children > 0) std::memcpy(owned->children.data(), ids, children * sizeof(uint32_t));
      owned->text.assign(text);
      tree->view(std::move(owned));
    }
    // The builder gives each container ids of its own, so their spans add up
    // to the ids written. More would be containers sharing ids: each would
    // be walked and indexed again (2,000 maps over one range of 60,000 ids,
    // 264 KB of pack, took 1.2 GB and 15 s to accept).
    Spans spans;
    bool forward = true;  // every container's children come after it
    for (uint32_t i = 0; i < count; ++i) {
      const NodeData& d = tree->node_view_[i];
      if (!well_formed(d, *tree, children, spans)) return nullptr;
      forward = forward && (d.kind == NodeKind::Scalar || (d.adjacent() && (d.short_length == 0 || d.offset > i)));
    }
    if (forward ? !forward_within_depth(*tree, max_depth) : !acyclic_within_depth(*tree, max_depth)) return nullptr;
    tree->index_large_maps();
    return tree;
  }

  // acyclic_within_depth for a tree whose every edge goes to a higher id (as
  // the builder lays trees out when no node is shared): such a graph has no
  // cycle, and heights are found from the last node back, one pass.
  static bool forward_within_depth(const Tree& tree, size_t max_depth) {
    std::vector<uint32_t> height(tree.node_count_, 0);  // containers on the longest path down
    for (size_t i = tree.node_count_; i-- > 0;) {
      const NodeData& d = tree.node_view_[i];
      if (d.kind == NodeKind::Scalar) continue;
      uint32_t below = 0;
      for (uint32_t k = 0; k < d.short_length; ++k) below = std::max(below, height[d.offset + k]);
      height[i] = below + 1;
      if (height[i] > max_depth) return false;
    }
    return true;
  }

  // The tree must be acyclic (a walk would never end) and hold no path with
  // more containers than the depth limit, the promise --max-nesting-depth
  // makes (the tree builder keeps it through aliases too). Shared nodes are
  // visited once: each remembers the containers on its longest path down,
  // checked against every path that reaches it. Iterative DFS, three colours.
  static bool acyclic_within_depth(const Tree& tree, size_t max_depth) {
    enum : uint8_t { kWhite, kGrey, kBlack };
    std::vector<uint8_t> colour(tree.node_count_, kWhite);
    std::vector<uint32_t> height(tree.node_count_, 0);  // containers on the longest path down
    struct Frame {
      uint32_t node;
      uint32_t next_child;
      uint32_t height;  // the most of its children's so far
    };
    std::vector<Frame> stack;
    auto is_container = [&](uint32_t n) { return tree.node_view_[n].kind != NodeKind::Scalar; };
    for (uint32_t root = 0; root < tree.node_count_; ++root) {
      if (colour[root] != kWhite) continue;
      if (!is_container(root)) {
        colour[root] = kBlack;
        continue;
      }
      if (max_depth == 0) return false;
      colour[root] = kGrey;
      stack.push_back({root, 0, 0});
      while (!stack.empty()) {
        Frame& f = stack.back();
        const NodeData& d = tree.node_view_[f.node];
        ChildIds ids = child_ids_of(d, tree.child_view_);
        if (f.next_child == ids.count) {
          colour[f.node] = kBlack;
          height[f.node] = f.height + 1;
          stack.pop_back();
          if (!stack.empty()) stack.back().height = std::max(stack.back().height, height[f.node]);
          continue;
        }
        uint32_t child = ids[f.next_child++];
        if (colour[child] == kGrey) return false;
        if (colour[child] == kBlack) {
          // Reached again, maybe deeper: its levels count below this path.
          if (stack.size() + height[child] > max_depth) return false;
          f.height = std::max(f.height, height[child]);
          continue;
        }
        if (!is_container(child)) {
          colour[child] = kBlack;
          continue;
        }
        if (stack.size() + 1 > max_depth) return false;
        colour[child] = kGrey;
        stack.push_back({child, 0, 0});
      }
    }
    return true;
  }
};

void encode_parsed_file(const ParsedFile& file, std::string& out) {
  static const Tree kEmpty;
  TreeCodec::encode(file.tree ? *file.tree : kEmpty, out);
  put_u32(out, static_cast<uint32_t>(file.documents.size()));
  for (const Document& d : file.documents) {
    put_u32(out, id_of(d.root));
    put_position(out, d.start);
  }
  out.push_back(file.error ? 1 : 0);
  if (file.error) {
    put_position(out, file.error->position);
    put_string(out, file.error->message);
  }
  put_u32(out, static_cast<uint32_t>(file.duplicate_keys.size()));
  for (const DuplicateKey& k : file.duplicate_keys) {
    put_u32(out, id_of(k.key));
    put_u32(out, id_of(k.first));
  }
}

size_t encoding_padding(size_t offset) { return (alignof(NodeData) - (offset + 4) % alignof(NodeData)) % alignof(NodeData); }

std::optional<ParsedFile> decode_parsed_file(std::string_view& in, size_t max_depth,
                                             std::shared_ptr<const void> backing) {
  ParsedFile file;
  std::shared_ptr<Tree> tree = TreeCodec::decode(in, max_depth, std::move(backing));
  if (!tree) return std::nullopt;
  const Tree* raw = tree.get();
  auto node = [&](uint32_t id, Node& out) {
    if (id == kNoNode) {
      out = Node();
      return true;
    }
    if (id >= raw->node_count()) return false;
    out = raw->node(id);
    return true;
  };
  uint32_t documents;
  if (!get_u32(in, documents) || in.size() / 12 < documents) return std::nullopt;
  file.documents.resize(documents);
  for (Document& d : file.documents) {
    uint32_t root;
    if (!get_u32(in, root) || !node(root, d.root) || !get_position(in, d.start)) return std::nullopt;
  }
  if (in.empty() || static_cast<uint8_t>(in[0]) > 1) return std::nullopt;
  bool has_error = in[0] == 1;
  in.remove_prefix(1);
  if (has_error) {
    SyntaxError e;
    if (!get_position(in, e.position) || !get_string(in, e.message)) return std::nullopt;
    file.error = std::move(e);
  }
  uint32_t duplicates;
  if (!get_u32(in, duplicates) || in.size() / 8 < duplicates) return std::nullopt;
  file.duplicate_keys.resize(duplicates);
  for (DuplicateKey& k : file.duplicate_keys) {
    uint32_t key, first;
    if (!get_u32(in, key) || !get_u32(in, first) || !node(key, k.key) || !node(first, k.first) ||
        !k.key.valid() || !k.first.valid()) {
      return std::nullopt;
    }
  }
  file.tree = std::move(tree);
  return file;
}

}  // namespace driftlint::yaml
