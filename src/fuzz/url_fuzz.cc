// libFuzzer target: git URL identity and redaction. Built by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <string>

#include "git/url.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string url(reinterpret_cast<const char*>(data), size);
  driftlint::normalize_git_url(url);
  driftlint::redact_url(url);
  return 0;
}
