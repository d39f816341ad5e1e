// A port of libyaml 0.2.5's parser (src/parser.c) for flow collections:
// parse_node in the flow context and the flow sequence and mapping states,
// with their events, marks and errors, driving a TreeBuilder the way
// parse_libyaml.cc drives it from libyaml's events. It keeps libyaml 0.2.5's
// defect that an explicit key followed by ']' in a flow sequence ("[? ]")
// consumes the ']' (libyaml accepts "[[?], x]]"; fixed upstream after 0.2.5),
// so a collection can end after the scanner has left the flow context.
// States live on a stack, not in recursion: any depth costs no C++ stack.
// Copyright notice: see yaml/scanner.h (the same MIT license).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yaml/parser.h"
#include "yaml/scanner.h"
#include "yaml/tree_builder.h"

namespace driftlint::yaml {

struct TagDirective {
  std::string handle;
  std::string prefix;
};
// A document's %TAG directives in libyaml's lookup order: its own, then the
// defaults ("!" and "!!") where it did not redefine them.
std::vector<TagDirective> with_default_tags(std::vector<TagDirective> own);

// libyaml's error, worded as parse_libyaml.cc words libyaml's own.
SyntaxError describe_problem(const scan::Problem& problem, std::string_view text);

EventMark to_event_mark(const scan::Mark& mark);

class FlowParser {
 public:
  // `builder` null: a dry run, which only finds where the collection ends.
  FlowParser(scan::Scanner& scanner, const std::vector<TagDirective>& tags, TreeBuilder* builder)
      : scanner_(scanner), tags_(tags), builder_(builder) {}

  // Parses the flow collection whose '[' or '{' is the scanner's head token,
  // not yet looked ahead of (libyaml looks ahead before it reports the
  // collection's start). `start` and `anchor` are the start event's: where
  // the node's properties begin, and its anchor. False on a syntax error
  // (problem()); a TreeBuilder's BuildError passes through.
  bool parse(const scan::Mark& start, std::string_view anchor);

  const scan::Problem& problem() const { return problem_.kind == scan::Problem::Kind::None ? scanner_.problem() : problem_; }
  // Where the token that ended the collection starts.
  const scan::Mark& end_mark() const { return end_mark_; }
  // Whether the look-ahead libyaml makes before the collection's start event succeeded.
  bool started() const { return started_; }
  size_t max_depth() const { return max_depth_; }

 private:
  enum class State : uint8_t {
    Done,
    FlowSequenceFirstEntry,
    FlowSequenceEntry,
    FlowSequenceEntryMappingKey,
    FlowSequenceEntryMappingValue,
    FlowSequenceEntryMappingEnd,
    FlowMappingFirstKey,
    FlowMappingKey,
    FlowMappingValue,
    FlowMappingEmptyValue,
  };

  bool step();
  bool parse_node();
  bool resolve_tag(const scan::Token& tag, const scan::Mark& start, std::string& out);
  bool flow_sequence_entry(bool first);
  bool flow_sequence_entry_mapping_key();
  bool flow_sequence_entry_mapping_value();
  bool flow_sequence_entry_mapping_end();
  bool flow_mapping_key(bool first);
  bool flow_mapping_value(bool empty);
  bool fail(const char* context, const scan::Mark& context_mark, const char* problem, const scan::Mark& mark);

  void start_collection(const scan::Mark& mark, NodeKind kind, std::string_view anchor);
  void end_collection(const scan::Mark& mark);
  void scalar(const scan::Mark& mark, std::string_view tag, bool plain, std::string_view anchor, std::string_view value);
  void empty_scalar(const scan::Mark& mark) { scalar(mark, {}, true, {}, {}); }
  State pop_state();
  scan::Mark pop_mark();

  scan::Scanner& scanner_;
  const std::vector<TagDirective>& tags_;
  TreeBuilder* builder_;
  scan::Problem problem_;
  State state_ = State::Done;
  std::vector<State> states_;
  std::vector<scan::Mark> marks_;
  scan::Mark end_mark_;
  size_t depth_ = 0;
  size_t max_depth_ = 0;
  bool started_ = false;
};

}  // namespace driftlint::yaml
