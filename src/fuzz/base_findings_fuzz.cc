// libFuzzer target: reading a pull-request run's kept base findings
// (lint/kept_findings.h). A cache folder may be restored from anywhere
// (a CI cache), so any bytes must read as a base or as nothing, never be
// followed past their end. The input is the file's payload: the target puts
// the header and the checksum before it, so the fuzzer reaches the decoder
// instead of stopping at the checksum. Built by ci/fuzz; seeds are kept bases
// written by a real pull-request run.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "lint/kept_findings.h"
#include "load/parse_cache.h"
#include "yaml/tree_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view payload(reinterpret_cast<const char*>(data), size);
  // The header as encode_kept_base writes it: the magic line, then the checksum.
  std::string header = driftlint::encode_kept_base("", {});
  std::string file = header.substr(0, header.find('\n') + 1);
  driftlint::yaml::put_u64(file, driftlint::cache_checksum(payload));
  file.append(payload);
  if (auto kept = driftlint::decode_kept_base(file)) {
    // What was read writes back to the same bytes.
    if (driftlint::encode_kept_base(kept->first, kept->second) != file) __builtin_trap();
  }
  return 0;
}
