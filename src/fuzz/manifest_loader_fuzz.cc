// libFuzzer target: the manifest loader (template detection, parse, extract
// objects and lists, scan ignore directives). Built by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "load/directives.h"
#include "load/loader.h"
#include "yaml/parser.h"
#include "yaml/template_actions.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto action = driftlint::yaml::find_template_action(text)) {
    if (action->line == 0 || action->column == 0) __builtin_trap();
  }
  driftlint::yaml::ParseLimits limits;
  limits.max_alias_expansion = 100'000;
  driftlint::yaml::ParsedFile parsed = driftlint::yaml::parse_yaml(text, limits);
  driftlint::Extracted extracted;
  driftlint::extract_manifests(parsed, "fuzz.yaml", 0, extracted);
  driftlint::scan_ignore_directives(text, parsed);
  return 0;
}
