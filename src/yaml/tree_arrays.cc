// How a tree builder adds a node's text and child ids to the arrays (the
// readers, text_of and child_ids_of, are in tree.h).
#include <array>
#include <cstdint>
#include <cstring>

#include "base/lasting_memory.h"
#include "yaml/short_text_hash.h"
#include "yaml/tree.h"

namespace driftlint::yaml {

namespace {

// Where a short text was last added to a tree on this thread. A file's
// scalars repeat (every object's `name`, `labels`, `app`): a scalar whose
// text the tree already holds points at it (a quarter of a tree's text on
// the bench's manifests). Direct-mapped and never cleared: an entry from
// another tree is checked against this tree's text, so it is only a miss.
struct RecentText {
  uint32_t offset = 0;
  uint32_t length = 0;
};
constexpr size_t kRecentTexts = 1024;
constexpr size_t kRecentTextMaxLength = 64;
thread_local std::array<RecentText, kRecentTexts> t_recent_texts;

}  // namespace

void TreeArrays::add_text(NodeData& d, std::string_view value) {
  auto length = static_cast<uint32_t>(value.size());
  if (d.scalar_type == ScalarType::String) {
    uint32_t shared = shared_text_id(value);
    d.bool_value = shared != kNoSharedText;  // a String's bit says `shared` (tree.h)
    if (d.bool_value) {
      d.offset = shared;
      d.short_length = length;
      return;
    }
  }
  d.offset = static_cast<uint32_t>(text.size());
  if (length >= NodeData::kLongLength) {
    d.short_length = NodeData::kLongLength;
    text.append(reinterpret_cast<const char*>(&length), sizeof length);
    text.append(value);
    return;
  }
  d.short_length = length;
  if (value.empty() || length > kRecentTextMaxLength) {
    text.append(value);
    return;
  }
  RecentText& recent = t_recent_texts[short_text_hash(value) & (kRecentTexts - 1)];
  if (recent.length == length && size_t{recent.offset} + length <= text.size() &&
      std::memcmp(text.data() + recent.offset, value.data(), length) == 0) {
    d.offset = recent.offset;
    return;
  }
  recent = {d.offset, length};
  text.append(value);
}

void TreeArrays::add_children(NodeData& d, const uint32_t* ids, size_t count) {
  d.offset = static_cast<uint32_t>(children.size());
  if (count >= NodeData::kLongLength) {
    d.short_length = NodeData::kLongLength;
    children.push_back(static_cast<uint32_t>(count));
  } else {
    d.short_length = static_cast<uint32_t>(count);
  }
  children.insert(children.end(), ids, ids + count);
}

namespace {

// The work arrays of a layout, kept per thread from tree to tree as the
// builder's are (TreeBuilder::tree), except after a huge tree.
struct Layout {
  std::vector<uint32_t> order;      // new id -> old id
  std::vector<uint32_t> pending;    // containers whose children are still to be placed
  std::vector<uint32_t> placed_now;
  std::vector<uint8_t> own_block;   // by old id: its children were all placed by it, in order
  std::vector<NodeData> laid;
  std::vector<uint32_t> listed;

  void release() { *this = Layout(); }
};

// Numbers the nodes depth first, a block of children at a time: a
// container's children go in a row, then the first child's own children,
// and so on, so that a path down a tree stays near itself.
void place_nodes(const TreeArrays& arrays, const std::vector<uint32_t>& roots, std::vector<uint32_t>& new_ids,
                 Layout& layout) {
  constexpr uint32_t kUnplaced = UINT32_MAX;
  const size_t n = arrays.nodes.size();
  new_ids.assign(n, kUnplaced);
  layout.order.clear();
  layout.own_block.assign(n, 0);
  auto place = [&](uint32_t old) {
    new_ids[old] = static_cast<uint32_t>(layout.order.size());
    layout.order.push_back(old);
  };
  auto start_at = [&](uint32_t root) {
    if (root >= n || new_ids[root] != kUnplaced) return;
    place(root);
    if (arrays.nodes[root].kind == NodeKind::Scalar) return;
    layout.pending.assign(1, root);
    while (!layout.pending.empty()) {
      uint32_t c = layout.pending.back();
      layout.pending.pop_back();
      ChildIds ids = child_ids_of(arrays.nodes[c], arrays.children.data());
      layout.placed_now.clear();
      bool all_own = true;
      for (uint32_t k = 0; k < ids.count; ++k) {
        uint32_t child = ids[k];
        if (new_ids[child] != kUnplaced) {
          all_own = false;  // shared (an alias, a merged entry) or listed twice
          continue;
        }
        place(child);
        if (arrays.nodes[child].kind != NodeKind::Scalar) layout.placed_now.push_back(child);
      }
      layout.own_block[c] = all_own ? 1 : 0;
      for (size_t i = layout.placed_now.size(); i-- > 0;) layout.pending.push_back(layout.placed_now[i]);
    }
  };
  for (uint32_t root : roots) start_at(root);
  for (uint32_t old = 0; old < n; ++old) start_at(old);  // what no root reaches (a document cut short)
}

}  // namespace

void TreeArrays::lay_out_children(const std::vector<uint32_t>& roots, std::vector<uint32_t>& new_ids) {
  thread_local Layout layout;
  place_nodes(*this, roots, new_ids, layout);
  const size_t n = nodes.size();
  layout.laid.resize(n);
  layout.listed.clear();
  for (uint32_t id = 0; id < n; ++id) {
    uint32_t old = layout.order[id];
    NodeData d = nodes[old];
    if (d.kind != NodeKind::Scalar) {
      ChildIds ids = child_ids_of(d, children.data());
      d.bool_value = layout.own_block[old] && ids.count < NodeData::kLongLength;  // adjacent
      if (d.bool_value) {
        d.offset = ids.count > 0 ? new_ids[ids[0]] : 0;
      } else {
        d.offset = static_cast<uint32_t>(layout.listed.size());
        if (ids.count >= NodeData::kLongLength) layout.listed.push_back(ids.count);
        for (uint32_t k = 0; k < ids.count; ++k) layout.listed.push_back(new_ids[ids[k]]);
      }
    }
    layout.laid[id] = d;
  }
  nodes.swap(layout.laid);
  children.swap(layout.listed);
  // A huge tree's work arrays are not kept for the next file (nor are the
  // builder's: TreeBuilder::tree).
  if (n * sizeof(NodeData) > kLastingSharedBytes) layout.release();
}

}  // namespace driftlint::yaml
