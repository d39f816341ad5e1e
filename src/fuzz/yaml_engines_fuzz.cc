// libFuzzer target: both YAML event sources (libyaml, the default, and
// yaml-cpp) on any text. Neither may crash or hang (flow nesting past
// ParseLimits::kMaxFlowDepth is refused before it costs), nor build a tree
// deeper than max_depth, and every document must be readable as JSON. A
// broken invariant aborts with what broke on stderr. Built and run by ci/fuzz.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "yaml/json.h"
#include "yaml/parser.h"

namespace {

using driftlint::yaml::Node;

void require(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "broken invariant: %s\n", what);
  std::abort();
}

// The deepest nesting below `root`, walked without recursion.
size_t depth_of(Node root) {
  size_t deepest = 0;
  std::vector<std::pair<Node, size_t>> stack{{root, 1}};
  while (!stack.empty()) {
    auto [node, depth] = stack.back();
    stack.pop_back();
    deepest = std::max(deepest, depth);
    if (node.is_map()) {
      for (size_t i = 0; i < node.size(); ++i) stack.push_back({node.value_at(i), depth + 1});
    } else if (node.is_sequence()) {
      for (size_t i = 0; i < node.size(); ++i) stack.push_back({node.element(i), depth + 1});
    }
  }
  return deepest;
}

void check(std::string_view text, driftlint::yaml::YamlEngine engine) {
  driftlint::yaml::ParseLimits limits;
  limits.max_alias_expansion = 100'000;
  limits.max_depth = 200;
  limits.engine = engine;
  driftlint::yaml::ParsedFile parsed = driftlint::yaml::parse_yaml(text, limits);
  for (const driftlint::yaml::Document& d : parsed.documents) {
    if (!d.root.valid()) continue;
    require(depth_of(d.root) <= limits.max_depth + 1, "a tree deeper than max_depth");
    (void)driftlint::yaml::to_json(d.root);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  check(text, driftlint::yaml::YamlEngine::Libyaml);
  check(text, driftlint::yaml::YamlEngine::YamlCpp);
  return 0;
}
