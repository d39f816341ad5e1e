// How a tree builder adds a node's text and child ids to the arrays (the
// readers, text_of and child_ids_of, are in tree.h).
#include <array>
#include <cstring>

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

// From the length and a few fixed-size loads, no loop (the way xxHash3
// hashes short inputs): longer texts that share their ends only collide,
// and a collision is a miss. A byte-wise loop cost 3 % of a cold run.
size_t recent_slot(std::string_view text) {
  auto load = [&](size_t at, auto word) {
    std::memcpy(&word, text.data() + at, sizeof word);
    return uint64_t{word};
  };
  size_t n = text.size();
  uint64_t h;
  if (n >= 8) {
    h = load(0, uint64_t{}) ^ (load(n - 8, uint64_t{}) >> 1);
  } else if (n >= 4) {
    h = load(0, uint32_t{}) | (load(n - 4, uint32_t{}) << 32);
  } else {
    h = uint64_t{static_cast<unsigned char>(text[0])} | uint64_t{static_cast<unsigned char>(text[n / 2])} << 8 |
        uint64_t{static_cast<unsigned char>(text[n - 1])} << 16;
  }
  h = (h ^ n) * 0x9E3779B97F4A7C15ull;
  return (h >> 40) & (kRecentTexts - 1);
}

}  // namespace

void TreeArrays::add_text(NodeData& d, std::string_view value) {
  auto length = static_cast<uint32_t>(value.size());
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
  RecentText& recent = t_recent_texts[recent_slot(value)];
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

}  // namespace driftlint::yaml
