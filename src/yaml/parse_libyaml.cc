// libyaml as the event source (the default). It is the reference C parser:
// PyYAML's CSafeLoader runs on it and go-yaml, which Kubernetes, kubectl and
// Argo CD decode manifests with, is a line-by-line port of it, so what it
// accepts and rejects is what the cluster would. It parses about five times
// faster than yaml-cpp (docs/performance.md).
#include <yaml.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "yaml/libyaml_source.h"

namespace driftlint::yaml {
namespace {

EventMark to_event_mark(const yaml_mark_t& mark) {
  return {static_cast<uint32_t>(mark.line), static_cast<uint32_t>(mark.column),
          static_cast<uint64_t>(mark.index), true};
}

std::string_view text_of(const yaml_char_t* s) {
  return s ? std::string_view(reinterpret_cast<const char*>(s)) : std::string_view();
}

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

// "did not find expected key (while parsing a block mapping that starts at 3:1)"
SyntaxError parser_error(const yaml_parser_t& parser, std::string_view text) {
  if (parser.error == YAML_MEMORY_ERROR) return {{}, "out of memory while parsing"};
  if (parser.error == YAML_READER_ERROR) {
    std::string message = parser.problem ? parser.problem : "cannot read";
    if (parser.problem_value != -1) {
      char hex[24];
      std::snprintf(hex, sizeof hex, " (#x%X)", static_cast<unsigned>(parser.problem_value));
      message += hex;
    }
    return {to_position(mark_at_offset(text, parser.problem_offset)), message};
  }
  std::string message = parser.problem ? parser.problem : "cannot parse";
  if (parser.context) {
    message += " (" + std::string(parser.context);
    const yaml_mark_t& c = parser.context_mark;
    const yaml_mark_t& p = parser.problem_mark;
    if (c.line != p.line || c.column != p.column) {
      message += " that starts at " + std::to_string(c.line + 1) + ":" + std::to_string(c.column + 1);
    }
    message += ")";
  }
  return {to_position(to_event_mark(parser.problem_mark)), message};
}

class LibyamlParser {
 public:
  LibyamlParser() { ok_ = yaml_parser_initialize(&parser_) != 0; }
  ~LibyamlParser() { yaml_parser_delete(&parser_); }
  LibyamlParser(const LibyamlParser&) = delete;
  LibyamlParser& operator=(const LibyamlParser&) = delete;
  bool ok() const { return ok_; }
  yaml_parser_t* get() { return &parser_; }

 private:
  yaml_parser_t parser_;
  bool ok_;
};

class Event {
 public:
  Event() = default;
  ~Event() {
    if (filled_) yaml_event_delete(&event_);
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  bool next(yaml_parser_t* parser) {
    if (filled_) yaml_event_delete(&event_);
    filled_ = yaml_parser_parse(parser, &event_) != 0;
    return filled_;
  }
  const yaml_event_t& operator*() const { return event_; }

 private:
  yaml_event_t event_{};
  bool filled_ = false;
};

void deliver(TreeBuilder& builder, const yaml_event_t& e) {
  switch (e.type) {
    case YAML_DOCUMENT_START_EVENT: builder.document_start(to_event_mark(e.start_mark)); break;
    case YAML_DOCUMENT_END_EVENT: builder.document_end(); break;
    case YAML_SCALAR_EVENT: {
      const auto& s = e.data.scalar;
      std::string_view tag = text_of(s.tag);
      std::string_view value(reinterpret_cast<const char*>(s.value), s.length);
      builder.scalar(to_event_mark(e.start_mark), TreeBuilder::style_of(tag, s.style == YAML_PLAIN_SCALAR_STYLE), tag,
                     text_of(s.anchor), value);
      break;
    }
    case YAML_ALIAS_EVENT: builder.alias(to_event_mark(e.start_mark), text_of(e.data.alias.anchor)); break;
    case YAML_SEQUENCE_START_EVENT:
      builder.container_start(to_event_mark(e.start_mark), NodeKind::Sequence, text_of(e.data.sequence_start.anchor),
                              e.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE);
      break;
    case YAML_MAPPING_START_EVENT:
      builder.container_start(to_event_mark(e.start_mark), NodeKind::Map, text_of(e.data.mapping_start.anchor),
                              e.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE);
      break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT: builder.container_end(); break;
    default: break;
  }
}

}  // namespace

void parse_with_libyaml(std::string_view text, TreeBuilder& builder, ParsedFile& out) {
  LibyamlParser parser;
  if (!parser.ok()) {
    out.error = SyntaxError{{}, "out of memory while starting the YAML parser"};
    return;
  }
  // libyaml asserts on a null input even when its size is 0 (found by
  // ci/fuzz: an empty std::string_view has a null data()).
  const char* input = text.data() ? text.data() : "";
  yaml_parser_set_input_string(parser.get(), reinterpret_cast<const unsigned char*>(input), text.size());
  Event event;
  try {
    while (true) {
      if (!event.next(parser.get())) {
        out.error = parser_error(*parser.get(), text);
        return;
      }
      if ((*event).type == YAML_STREAM_END_EVENT) return;
      // The builder refuses flow nesting past kMaxFlowDepth before libyaml's
      // scanner, whose cost per token grows with that depth, reads much further.
      deliver(builder, *event);
    }
  } catch (const BuildError& e) {
    out.error = SyntaxError{to_position(e.mark), e.message};
  }
}

}  // namespace driftlint::yaml
