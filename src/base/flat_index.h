// Items held elsewhere (a vector, a table), found by key through open
// addressing: a slot holds an item's index + 1 (0: empty), linear probing,
// at most half full. 4 bytes a slot, no node per item, no copy of a key.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace driftlint {

class FlatIndex {
 public:
  // Indexes items 0 .. count-1; hash_of(i) is item i's hash.
  template <class HashOf>
  void build(size_t count, HashOf hash_of) {
    slots_.assign(std::bit_ceil(2 * count + 1), 0);
    for (size_t i = 0; i < count; ++i) {
      size_t s = hash_of(i) & mask();
      while (slots_[s] != 0) s = (s + 1) & mask();
      slots_[s] = static_cast<uint32_t>(i + 1);
    }
  }

  // Indexes items keyed by text: text_of(i) is item i's key. Found with
  // find_text, which hashes a key the same way.
  template <class TextOf>
  void build_by_text(size_t count, TextOf text_of) {
    build(count, [&](size_t i) { return std::hash<std::string_view>{}(text_of(i)); });
  }

  // The first item (of those indexed by build_by_text) whose key is `text`.
  template <class TextOf>
  std::optional<uint32_t> find_text(std::string_view text, TextOf text_of) const {
    return find(std::hash<std::string_view>{}(text), [&](uint32_t i) { return std::string_view(text_of(i)) == text; });
  }

  // The first item, probing from `hash`, for which is_key(i) holds.
  template <class IsKey>
  std::optional<uint32_t> find(size_t hash, IsKey is_key) const {
    if (slots_.empty()) return std::nullopt;
    for (size_t s = hash & mask();; s = (s + 1) & mask()) {
      if (slots_[s] == 0) return std::nullopt;
      if (is_key(slots_[s] - 1)) return slots_[s] - 1;
    }
  }

 private:
  size_t mask() const { return slots_.size() - 1; }
  std::vector<uint32_t> slots_;
};

}  // namespace driftlint
