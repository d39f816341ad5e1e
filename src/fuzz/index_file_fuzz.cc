// libFuzzer target: git's index file read without libgit2 (git/index_file.h).
// Built by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "git/index_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  unsigned sum = 0;  // every byte the reader hands out is read (ASan checks each)
  std::optional<driftlint::IndexTreeRoot> root;  // the cache tree's root record is read too
  (void)driftlint::read_index_entries(
      bytes,
      [&](const driftlint::IndexEntry& e) {
        for (char c : e.path) sum += static_cast<unsigned char>(c);
        for (size_t i = 0; i < 20; ++i) sum += e.id[i];
        return true;
      },
      &root);
  if (root) sum += root->entries + root->id[19];
  static volatile unsigned sink;
  sink = sum;
  return 0;
}
