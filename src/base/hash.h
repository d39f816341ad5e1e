// Short stable names for things: FNV-1a over text, and a 64-bit value as 16
// hex digits (baseline fingerprints, clone-cache and parse-cache file names).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace driftlint {

// FNV-1a's steps from a start value a digit short of FNV's offset basis;
// kept, as baselines hold fingerprints made with it (hash_test.cc). Fed in
// pieces, it hashes what their concatenation would, without making it.
class Fnv1a {
 public:
  Fnv1a& add(std::string_view text) {
    for (unsigned char c : text) {
      hash_ ^= c;
      hash_ *= 1099511628211ull;
    }
    return *this;
  }
  Fnv1a& add(char c) { return add(std::string_view(&c, 1)); }
  uint64_t value() const { return hash_; }

 private:
  uint64_t hash_ = 1469598103934665603ull;
};

inline uint64_t fnv1a(std::string_view text) { return Fnv1a().add(text).value(); }

inline std::string hex64(uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<size_t>(i)] = kDigits[value & 15];
  return out;
}

}  // namespace driftlint
