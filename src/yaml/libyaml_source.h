// How the libyaml event source (parse_libyaml.cc) is run: on the text
// itself (the default), or by the deep-flow path (yaml/deep_flow.h) on a
// copy whose deep flow collections are hollowed out, with a handler that
// parses those collections from the original text in their place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "yaml/flow_parser.h"
#include "yaml/scan_reader.h"
#include "yaml/tree_builder.h"

namespace driftlint::yaml {

// A flow collection libyaml starts in the block context.
struct LibyamlFlowStart {
  EventMark start;          // the event's start: its first property, or the bracket
  uint64_t bracket = 0;     // the character index of the '[' or '{'
  std::string_view anchor;
};

class FlowHandler {
 public:
  virtual ~FlowHandler() = default;
  // At each document start: its tag directives, defaults included.
  virtual void document(std::vector<TagDirective> tags) = 0;
  // Either parses the collection itself into the builder and returns the
  // character index where libyaml's copy must end (libyaml's own events up to
  // there are skipped), or returns kLibyamlParses. On a syntax error it fills
  // `out.error` and returns kFailed; kMismatch when libyaml's copy and the
  // original disagree (the caller then parses with libyaml alone).
  static constexpr uint64_t kLibyamlParses = UINT64_MAX;
  static constexpr uint64_t kFailed = UINT64_MAX - 1;
  static constexpr uint64_t kMismatch = UINT64_MAX - 2;
  virtual uint64_t flow_start(const LibyamlFlowStart& start, TreeBuilder& builder, ParsedFile& out) = 0;
};

struct LibyamlRun {
  std::string_view input;     // what libyaml reads
  std::string_view original;  // the file's own text (error positions)
  // When the original text has a byte libyaml's reader refuses: libyaml may
  // read `input` only up to `input_limit` bytes, then its read fails and the
  // reader's problem is reported as the original's.
  const scan::ReaderCheck* reader = nullptr;
  size_t input_limit = SIZE_MAX;
  // Hand off (return HandOff) once flow collections nest deeper than this.
  size_t handoff_depth = SIZE_MAX;
  FlowHandler* handler = nullptr;
};

enum class LibyamlResult : uint8_t {
  Done,      // parsed (out.error says whether the text is valid)
  HandOff,   // flow nesting passed handoff_depth; out is incomplete
  Mismatch,  // libyaml's copy did not end a collection where the handler said
};

LibyamlResult parse_with_libyaml(const LibyamlRun& run, TreeBuilder& builder, ParsedFile& out);

}  // namespace driftlint::yaml
