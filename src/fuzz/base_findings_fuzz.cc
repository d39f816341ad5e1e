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

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string file = driftlint::kept_base_file(std::string_view(reinterpret_cast<const char*>(data), size));
  if (auto kept = driftlint::decode_kept_base(file)) {
    // What was read writes back to the same bytes.
    if (driftlint::encode_kept_base(kept->first, kept->second) != file) __builtin_trap();
  }
  return 0;
}
