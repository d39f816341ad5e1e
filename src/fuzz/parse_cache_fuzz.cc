// libFuzzer target: reading a parse-cache pack and its delta (framing, checksums, the tree
// decoder's bounds, acyclicity and depth checks). A damaged cache file must
// be refused, never followed. Built by ci/fuzz; seeds are packs written by a
// real run on testdata/demo.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

#include "load/parse_cache.h"
#include "load/parse_pack_format.h"
#include "yaml/tree_codec.h"

namespace {

// Reads every value of a decoded tree, as rules would.
size_t walk(driftlint::yaml::Node n, int depth) {
  if (!n || depth > 2000) return 0;
  size_t seen = n.text().size();
  for (size_t i = 0; i < n.size(); ++i) {
    seen += n.is_map() ? walk(n.key_at(i), depth + 1) + walk(n.value_at(i), depth + 1)
                       : walk(n.element(i), depth + 1);
  }
  return seen;
}

void write_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

// The input is a pack and, when it holds one after the pack (from a line
// break and kDeltaMagic on), the delta beside it (load/parse_pack_format.h).
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/driftlint-parse-cache-fuzz-" + std::to_string(getpid()) + ".pack";
  static const std::string delta = driftlint::pack_format::delta_path_of(path);
  std::string_view all(reinterpret_cast<const char*>(data), size);
  static const std::string delta_start = "\n" + std::string(driftlint::pack_format::kDeltaMagic);
  size_t split = all.find(delta_start);
  write_file(path, all.substr(0, split));
  if (split != std::string_view::npos) write_file(delta, all.substr(split + 1));
  else std::remove(delta.c_str());
  std::string problem;
  auto pack = driftlint::ParsePack::read(path, 200, problem);
  if (pack) {
    for (uint32_t i = 0; i < pack->entry_count(); ++i) {
      if (auto file = pack->entry(i)) {
        for (const auto& d : file->parsed.documents) walk(d.root, 0);
      }
    }
  }
  // The tree decoder alone, on the raw bytes (no checksum in front of it).
  std::string_view in(reinterpret_cast<const char*>(data), size);
  if (auto file = driftlint::yaml::decode_parsed_file(in, 200)) {
    for (const auto& d : file->documents) walk(d.root, 0);
  }
  return 0;
}
