// Flow collections nested deeper than libyaml parses in linear time.
// libyaml 0.2.5's scanner visits one saved simple key per open '[' or '{' for
// every token (yaml_parser_stale_simple_keys), so n levels cost n per token:
// 8 MB nested 990 deep took 21 s, 100,000 deep 25 s. The libyaml path hands
// a file here once flow collections nest deeper than kLibyamlFlowDepth:
//  1. driftlint's port of libyaml's scanner (yaml/scanner.h, linear at any
//     depth) finds every flow collection that starts in the block context,
//     and a dry run of its port of libyaml's flow parser (yaml/flow_parser.h)
//     where the parser ends each one;
//  2. libyaml parses a copy of the text in which the deep ones are hollowed
//     out: every character inside becomes a space, line breaks stay, so every
//     mark after them is unchanged and libyaml's own scanner state after
//     them is the one the original text leaves;
//  3. where libyaml's copy starts such a collection, the flow parser parses
//     it from the original text into the same tree builder.
// libyaml stays the event source for everything else: document structure,
// block collections, directives. The tree, positions, duplicate keys and
// errors are libyaml's (deep_flow_test and the fuzz target yaml_engines_fuzz
// compare the two paths on every input). Where libyaml's copy does not end a
// collection where the flow parser did, the file is parsed by libyaml alone.
#pragma once

#include <cstddef>
#include <string_view>

#include "yaml/parser.h"

namespace driftlint::yaml {

// libyaml's flow depth beyond which the file is handed to the deep-flow path:
// libyaml costs this many key visits per token at most.
constexpr size_t kLibyamlFlowDepth = 64;

struct DeepFlowReport {
  size_t own = 0;          // flow collections parsed by driftlint's flow parser
  bool fell_back = false;  // libyaml's copy disagreed: parsed by libyaml alone
};

// Parses `text` into `out` (fresh); flow collections nested deeper than
// `own_depth` are parsed by driftlint's flow parser (0: every one started in
// the block context, for the differential tests).
void parse_deep_flow(std::string_view text, const ParseLimits& limits, ParsedFile& out, size_t own_depth,
                     DeepFlowReport* report = nullptr);

}  // namespace driftlint::yaml
