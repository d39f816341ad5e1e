// The one seam between driftlint and its YAML libraries: text in, a Tree with
// positions out. Nothing outside src/yaml includes libyaml's or yaml-cpp's headers.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/rare.h"
#include "yaml/tree.h"

namespace driftlint::yaml {

struct SyntaxError {
  Position position;
  std::string message;
};

struct DuplicateKey {
  Node key;    // the later occurrence (the one Kubernetes keeps)
  Node first;  // the earlier occurrence
};

struct Document {
  Node root;  // invalid for an empty document
  Position start;
};

// Which library produces the events. libyaml is the default: it is what
// Kubernetes' own decoder (go-yaml) was ported from, and it is the faster.
enum class YamlEngine : uint8_t { Libyaml, YamlCpp };
std::optional<YamlEngine> parse_yaml_engine(std::string_view name);

struct ParseLimits {
  // Nodes that aliases may add to a document by expansion (alias bombs).
  size_t max_alias_expansion = 1'000'000;
  // Nested maps and lists; Kubernetes objects rarely pass 20.
  size_t max_depth = 1'000;
  // Nested flow collections (`[`, `{`): libyaml's scanner costs time in
  // proportion to the flow depth for every token, so deeper flow nesting is
  // refused rather than parsed (the deepest in 8,400 real files is 17).
  static constexpr size_t kMaxFlowDepth = 64;
  YamlEngine engine = YamlEngine::Libyaml;
  // Added to every node's line: for YAML held in a string of another file
  // (model/embedded_yaml.h), so positions are that file's.
  uint32_t line_offset = 0;
  // The string's own line is not known (past what a node keeps, tree.h): no
  // node of this text has a known position either.
  bool positions_unknown = false;
};

struct ParsedFile {
  std::shared_ptr<const Tree> tree;
  // Documents parsed before an error stay usable.
  std::vector<Document> documents;
  Rare<SyntaxError> error;
  std::vector<DuplicateKey> duplicate_keys;
  // Memory ran out while parsing: nothing was kept, and it says nothing of
  // the file's syntax (the caller reports it as an input error).
  bool out_of_memory = false;
};

// Parses every document of a YAML (or JSON) text. Never throws.
ParsedFile parse_yaml(std::string_view text, const ParseLimits& limits = {});

}  // namespace driftlint::yaml
