// Short stable names for things: FNV-1a over text, and a 64-bit value as 16
// hex digits (baseline fingerprints, clone-cache and parse-cache file names).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace driftlint {

inline uint64_t fnv1a(std::string_view text) {
  uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

inline std::string hex64(uint64_t value) {
  char digits[17];
  std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(value));
  return digits;
}

}  // namespace driftlint
