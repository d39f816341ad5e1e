// Step 1 and 2 of the deep-flow path (yaml/deep_flow.h): where the flow
// collections started in the block context are, and libyaml's copy of the
// text with some of them hollowed out.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "yaml/scanner.h"

namespace driftlint::yaml {

struct FlowRegion {
  scan::FlowStart start;     // the '[' or '{' and the scanner's state there
  scan::Mark end;            // the token that closes it for the parser
  size_t end_position = 0;   // that token's byte offset
  size_t depth = 0;          // the parser's deepest nesting inside
  // The parser read on after the scanner left the flow context (libyaml
  // 0.2.5's "[? ]" defect, yaml/flow_parser.h): its end is a ']' or '}' in
  // the block context.
  bool past_flow = false;
  // A syntax error inside: the parse of the file ends in this region. The
  // copy then keeps the text from where the scanner left the flow context
  // (`scanner_end`, when it did), or ends where the scanner stopped
  // (`stopped_at`); an error met by libyaml's first look-ahead from the
  // bracket (`early`, within 1,024 characters) is left to libyaml.
  bool broken = false;
  bool early = false;
  size_t scanner_end = SIZE_MAX;
  size_t stopped_at = 0;
};

// The flow collections started in the block context and nested deeper than
// `min_depth`, in order, up to the first syntax error the scanner or a
// collection's parser meets (a broken collection is kept however deep).
std::vector<FlowRegion> find_flow_regions(std::string_view text, const scan::ReaderCheck& reader, size_t min_depth);

// Whether the copy can hollow this region (one that ends past the flow
// context needs room for a stand-in that ends the same way).
bool can_hollow(std::string_view text, const FlowRegion& region);

struct HollowText {
  std::string text;
  // Bytes of `text` libyaml may read before the original's reader problem
  // (LibyamlRun::input_limit), SIZE_MAX without one.
  size_t input_limit = SIZE_MAX;
};

// The text with `regions` hollowed: each character inside becomes a space,
// line breaks stay (every mark is kept); a region that ends past the flow
// context gets a stand-in that ends there for libyaml's parser too ("[?],]",
// libyaml 0.2.5's defect, placed at its last characters); a broken region
// ends the copy right after its bracket.
HollowText hollow_regions(std::string_view text, const scan::ReaderCheck& reader,
                          const std::vector<FlowRegion>& regions);

}  // namespace driftlint::yaml
