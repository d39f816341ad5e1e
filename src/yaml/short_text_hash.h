// A hash of a short text from its length and a few fixed-size loads, no loop
// (the way xxHash3 hashes short inputs): for the lookups made for every
// scalar of a parse (a byte-wise loop cost 3 % of a cold run). Longer texts
// that share their first and last eight bytes collide: fine for texts of a
// few dozen bytes, not for paths.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace driftlint::yaml {

// 24 well-mixed bits; `text` is not empty.
inline uint32_t short_text_hash(std::string_view text) {
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
  return static_cast<uint32_t>(h >> 40);
}

}  // namespace driftlint::yaml
