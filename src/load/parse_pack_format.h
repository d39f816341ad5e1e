// The parse cache's files (load/parse_cache.h), shared by the reader
// (parse_cache.cc) and the writer (parse_pack_writer.cc).
//
// A pack: kMagic; the entries' payloads, each padded so that its arrays can
// be borrowed in place (yaml/tree_codec.h); then its index: u32 entries and,
// per entry, its content id, checksum, offset and length; u32 paths and, per
// path, its fingerprint, entry and size; then the index's checksum and where
// the index starts.
//
// A delta beside it ("x.delta" for "x.pack") keeps a pack from being written
// whole for a few changed files (38 MB for one edited file of 14,000): kDeltaMagic, the payloads
// of the files the pack does not hold, then an index that begins with the
// checksum of the pack's index it extends and the pack's entry count, holds
// its own entries (numbered after the pack's) and the whole path index. A
// delta that names another index (the pack written whole since) is not read.
#pragma once

#include <string>
#include <string_view>

namespace driftlint::pack_format {

constexpr std::string_view kMagic = "DLPCACH7";       // bump with any change to the encoding
constexpr std::string_view kDeltaMagic = "DLPDELT7";  // likewise

inline std::string delta_path_of(const std::string& pack) {
  std::string_view stem = pack;
  if (stem.ends_with(".pack")) stem.remove_suffix(5);
  return std::string(stem) + ".delta";
}

}  // namespace driftlint::pack_format
