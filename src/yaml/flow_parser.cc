// libyaml's parser.c for flow collections, state for state.
#include "yaml/flow_parser.h"

#include <algorithm>
#include <cstdio>

namespace driftlint::yaml {

using scan::Token;
using scan::TokenType;

std::vector<TagDirective> with_default_tags(std::vector<TagDirective> own) {
  for (const TagDirective& d : {TagDirective{"!", "!"}, TagDirective{"!!", "tag:yaml.org,2002:"}}) {
    bool present = std::any_of(own.begin(), own.end(), [&](const TagDirective& o) { return o.handle == d.handle; });
    if (!present) own.push_back(d);
  }
  return own;
}

EventMark to_event_mark(const scan::Mark& mark) {
  return {static_cast<uint32_t>(mark.line), static_cast<uint32_t>(mark.column), mark.index, true};
}

namespace {

// Reader errors carry a byte offset, not a mark.
EventMark mark_at_offset(std::string_view text, uint64_t offset) {
  EventMark mark;
  offset = std::min<uint64_t>(offset, text.size());
  size_t line_start = 0;
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++mark.line;
      line_start = i + 1;
    }
  }
  mark.column = static_cast<uint32_t>(offset - line_start);
  mark.offset = offset;
  return mark;
}

}  // namespace

SyntaxError describe_problem(const scan::Problem& p, std::string_view text) {
  if (p.kind == scan::Problem::Kind::Reader) {
    std::string message = p.reader.problem;
    if (p.reader.value != -1) {
      char hex[24];
      snprintf(hex, sizeof hex, " (#x%X)", static_cast<unsigned>(p.reader.value));
      message += hex;
    }
    return {to_position(mark_at_offset(text, p.reader.offset)), message};
  }
  std::string message = p.problem ? p.problem : "cannot parse";
  if (p.context) {
    // "did not find expected key (while parsing a block mapping that starts at 3:1)"
    message += " (" + std::string(p.context);
    if (p.context_mark.line != p.problem_mark.line || p.context_mark.column != p.problem_mark.column) {
      message += " that starts at " + std::to_string(p.context_mark.line + 1) + ":" +
                 std::to_string(p.context_mark.column + 1);
    }
    message += ")";
  }
  return {to_position(to_event_mark(p.problem_mark)), message};
}

bool FlowParser::parse(const scan::Mark& start, std::string_view anchor) {
  const Token* token = scanner_.peek();
  if (!token) return false;
  // The look-ahead found the ':' of a key that starts at the bracket (in the
  // block context, after the scanner left this collection): libyaml's copy
  // found it too and has reported the block mapping and its key.
  while (token->type == TokenType::BlockMappingStart || token->type == TokenType::Key) {
    scanner_.skip_token();
    if (!(token = scanner_.peek())) return false;
  }
  if (token->type != TokenType::FlowSequenceStart && token->type != TokenType::FlowMappingStart) {
    return fail("while parsing a flow node", start, "did not find expected node content", token->start);
  }
  started_ = true;
  bool sequence = token->type == TokenType::FlowSequenceStart;
  start_collection(start, sequence ? NodeKind::Sequence : NodeKind::Map, anchor);
  states_.push_back(State::Done);
  state_ = sequence ? State::FlowSequenceFirstEntry : State::FlowMappingFirstKey;
  while (state_ != State::Done) {
    if (!step()) return false;
  }
  return true;
}

bool FlowParser::step() {
  switch (state_) {
    case State::FlowSequenceFirstEntry: return flow_sequence_entry(true);
    case State::FlowSequenceEntry: return flow_sequence_entry(false);
    case State::FlowSequenceEntryMappingKey: return flow_sequence_entry_mapping_key();
    case State::FlowSequenceEntryMappingValue: return flow_sequence_entry_mapping_value();
    case State::FlowSequenceEntryMappingEnd: return flow_sequence_entry_mapping_end();
    case State::FlowMappingFirstKey: return flow_mapping_key(true);
    case State::FlowMappingKey: return flow_mapping_key(false);
    case State::FlowMappingValue: return flow_mapping_value(false);
    case State::FlowMappingEmptyValue: return flow_mapping_value(true);
    case State::Done: return true;
  }
  return true;
}

bool FlowParser::fail(const char* context, const scan::Mark& context_mark, const char* problem,
                      const scan::Mark& mark) {
  problem_.kind = scan::Problem::Kind::Parser;
  problem_.context = context;
  problem_.context_mark = context_mark;
  problem_.problem = problem;
  problem_.problem_mark = mark;
  return false;
}

FlowParser::State FlowParser::pop_state() {
  State s = states_.back();
  states_.pop_back();
  return s;
}

scan::Mark FlowParser::pop_mark() {
  scan::Mark m = marks_.back();
  marks_.pop_back();
  return m;
}

void FlowParser::start_collection(const scan::Mark& mark, NodeKind kind, std::string_view anchor) {
  max_depth_ = std::max(max_depth_, ++depth_);
  if (builder_) builder_->container_start(to_event_mark(mark), kind, anchor);
}

void FlowParser::end_collection(const scan::Mark& mark) {
  if (--depth_ == 0) end_mark_ = mark;
  if (builder_) builder_->container_end();
}

void FlowParser::scalar(const scan::Mark& mark, std::string_view tag, bool plain, std::string_view anchor,
                        std::string_view value) {
  if (builder_) builder_->scalar(to_event_mark(mark), TreeBuilder::style_of(tag, plain), tag, anchor, value);
}

// libyaml's parse_node with block = 0: an alias, or properties (anchor and
// tag, either first) and then a scalar, a flow collection or nothing.
bool FlowParser::parse_node() {
  Token* token = scanner_.peek();
  if (!token) return false;
  if (token->type == TokenType::Alias) {
    state_ = pop_state();
    if (builder_) builder_->alias(to_event_mark(token->start), token->value);
    scanner_.skip_token();
    return true;
  }
  scan::Mark start = token->start;
  std::string anchor;
  Token tag_token;
  bool has_tag = false;
  auto take = [&](TokenType type) {
    if (token->type != type) return true;
    if (type == TokenType::Anchor) {
      anchor = token->value;
    } else {
      tag_token = *token;
      has_tag = true;
    }
    scanner_.skip_token();
    token = scanner_.peek();
    return token != nullptr;
  };
  bool anchor_first = token->type == TokenType::Anchor;
  if (!take(anchor_first ? TokenType::Anchor : TokenType::Tag)) return false;
  if ((anchor_first || has_tag) && !take(anchor_first ? TokenType::Tag : TokenType::Anchor)) return false;
  std::string tag;
  if (has_tag && !resolve_tag(tag_token, start, tag)) return false;
  if (token->type == TokenType::Scalar) {
    state_ = pop_state();
    scalar(start, tag, token->style == scan::ScalarStyle::Plain, anchor, token->value);
    scanner_.skip_token();
    return true;
  }
  if (token->type == TokenType::FlowSequenceStart || token->type == TokenType::FlowMappingStart) {
    bool sequence = token->type == TokenType::FlowSequenceStart;
    state_ = sequence ? State::FlowSequenceFirstEntry : State::FlowMappingFirstKey;
    start_collection(start, sequence ? NodeKind::Sequence : NodeKind::Map, anchor);
    return true;
  }
  if (!anchor.empty() || has_tag) {
    state_ = pop_state();
    scalar(start, tag, true, anchor, {});
    return true;
  }
  return fail("while parsing a flow node", start, "did not find expected node content", token->start);
}

bool FlowParser::resolve_tag(const Token& tag, const scan::Mark& start, std::string& out) {
  if (tag.value.empty()) {  // verbatim, or the '!' tag
    out = tag.suffix;
    return true;
  }
  for (const TagDirective& d : tags_) {
    if (d.handle == tag.value) {
      out = d.prefix + tag.suffix;
      return true;
    }
  }
  return fail("while parsing a node", start, "found undefined tag handle", tag.start);
}

bool FlowParser::flow_sequence_entry(bool first) {
  Token* token;
  if (first) {
    marks_.push_back(scanner_.peek()->start);  // looked ahead of already
    scanner_.skip_token();
  }
  if (!(token = scanner_.peek())) return false;
  if (token->type != TokenType::FlowSequenceEnd) {
    if (!first) {
      if (token->type != TokenType::FlowEntry) {
        return fail("while parsing a flow sequence", pop_mark(), "did not find expected ',' or ']'", token->start);
      }
      scanner_.skip_token();
      if (!(token = scanner_.peek())) return false;
    }
    if (token->type == TokenType::Key) {
      state_ = State::FlowSequenceEntryMappingKey;
      start_collection(token->start, NodeKind::Map, {});
      scanner_.skip_token();
      return true;
    }
    if (token->type != TokenType::FlowSequenceEnd) {
      states_.push_back(State::FlowSequenceEntry);
      return parse_node();
    }
  }
  state_ = pop_state();
  marks_.pop_back();
  end_collection(token->start);
  scanner_.skip_token();
  return true;
}

// libyaml 0.2.5 skips the token after an empty explicit key, ']' and ','
// included (see flow_parser.h).
bool FlowParser::flow_sequence_entry_mapping_key() {
  Token* token = scanner_.peek();
  if (!token) return false;
  if (token->type != TokenType::Value && token->type != TokenType::FlowEntry &&
      token->type != TokenType::FlowSequenceEnd) {
    states_.push_back(State::FlowSequenceEntryMappingValue);
    return parse_node();
  }
  scan::Mark mark = token->end;
  scanner_.skip_token();
  state_ = State::FlowSequenceEntryMappingValue;
  empty_scalar(mark);
  return true;
}

bool FlowParser::flow_sequence_entry_mapping_value() {
  Token* token = scanner_.peek();
  if (!token) return false;
  if (token->type == TokenType::Value) {
    scanner_.skip_token();
    if (!(token = scanner_.peek())) return false;
    if (token->type != TokenType::FlowEntry && token->type != TokenType::FlowSequenceEnd) {
      states_.push_back(State::FlowSequenceEntryMappingEnd);
      return parse_node();
    }
  }
  state_ = State::FlowSequenceEntryMappingEnd;
  empty_scalar(token->start);
  return true;
}

bool FlowParser::flow_sequence_entry_mapping_end() {
  Token* token = scanner_.peek();
  if (!token) return false;
  state_ = State::FlowSequenceEntry;
  end_collection(token->start);
  return true;
}

bool FlowParser::flow_mapping_key(bool first) {
  Token* token;
  if (first) {
    marks_.push_back(scanner_.peek()->start);
    scanner_.skip_token();
  }
  if (!(token = scanner_.peek())) return false;
  if (token->type != TokenType::FlowMappingEnd) {
    if (!first) {
      if (token->type != TokenType::FlowEntry) {
        return fail("while parsing a flow mapping", pop_mark(), "did not find expected ',' or '}'", token->start);
      }
      scanner_.skip_token();
      if (!(token = scanner_.peek())) return false;
    }
    if (token->type == TokenType::Key) {
      scanner_.skip_token();
      if (!(token = scanner_.peek())) return false;
      if (token->type != TokenType::Value && token->type != TokenType::FlowEntry &&
          token->type != TokenType::FlowMappingEnd) {
        states_.push_back(State::FlowMappingValue);
        return parse_node();
      }
      state_ = State::FlowMappingValue;
      empty_scalar(token->start);
      return true;
    }
    if (token->type != TokenType::FlowMappingEnd) {
      states_.push_back(State::FlowMappingEmptyValue);
      return parse_node();
    }
  }
  state_ = pop_state();
  marks_.pop_back();
  end_collection(token->start);
  scanner_.skip_token();
  return true;
}

bool FlowParser::flow_mapping_value(bool empty) {
  Token* token = scanner_.peek();
  if (!token) return false;
  if (empty) {
    state_ = State::FlowMappingKey;
    empty_scalar(token->start);
    return true;
  }
  if (token->type == TokenType::Value) {
    scanner_.skip_token();
    if (!(token = scanner_.peek())) return false;
    if (token->type != TokenType::FlowEntry && token->type != TokenType::FlowMappingEnd) {
      states_.push_back(State::FlowMappingKey);
      return parse_node();
    }
  }
  state_ = State::FlowMappingKey;
  empty_scalar(token->start);
  return true;
}

}  // namespace driftlint::yaml
