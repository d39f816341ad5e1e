// libFuzzer target: driftlint.yaml parsing and validation. Built by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  driftlint::parse_config(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.yaml");
  return 0;
}
