// libFuzzer target: driftlint's own YAML code against libyaml, the reference
// (yaml/deep_flow.h). The port of libyaml's scanner must give libyaml's
// tokens, marks and errors; the deep-flow path with every flow collection
// parsed by driftlint's flow parser, and the default path (which hands deep
// files to it), must give libyaml's tree, duplicate keys and error with its
// position, and libyaml's copy must never disagree. A difference aborts with
// both sides on stderr. Built and run by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "yaml/deep_flow.h"
#include "yaml/engine_compare.h"
#include "yaml/parser.h"

namespace {

void require_same(const char* what, const std::string& difference) {
  if (difference.empty()) return;
  std::fprintf(stderr, "%s: %s\n", what, difference.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace driftlint::yaml;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  require_same("scanner", compare_scanners(text));
  ParseLimits limits;
  limits.max_alias_expansion = 100'000;
  limits.max_depth = 200;
  ParsedFile reference = parse_with_libyaml_only(text, limits);
  DeepFlowReport report;
  ParsedFile own = parse_with_own_flow(text, limits, &report);
  require_same("own flow parser", compare_parsed(reference, own, true));
  require_same("libyaml's hollowed copy", report.fell_back ? "disagreed with the original" : "");
  require_same("default path", compare_parsed(reference, parse_yaml(text, limits), true));
  return 0;
}
