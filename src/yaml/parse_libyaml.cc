// libyaml as the event source (the default). It is the reference C parser:
// PyYAML's CSafeLoader runs on it and go-yaml, which Kubernetes, kubectl and
// Argo CD decode manifests with, is a line-by-line port of it, so what it
// accepts and rejects is what the cluster would. It parses about five times
// faster than yaml-cpp (docs/performance.md).
#include <yaml.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "yaml/libyaml_source.h"

namespace driftlint::yaml {
namespace {

EventMark to_event_mark(const yaml_mark_t& mark) {
  return {static_cast<uint32_t>(mark.line), static_cast<uint32_t>(mark.column),
          static_cast<uint64_t>(mark.index), true};
}

scan::Mark to_scan_mark(const yaml_mark_t& mark) { return {mark.index, mark.line, mark.column}; }

std::string_view text_of(const yaml_char_t* s) {
  return s ? std::string_view(reinterpret_cast<const char*>(s)) : std::string_view();
}

SyntaxError parser_error(const yaml_parser_t& parser, const LibyamlRun& run) {
  if (parser.error == YAML_MEMORY_ERROR) return {{}, "out of memory while parsing"};
  scan::Problem p;
  if (parser.error == YAML_READER_ERROR) {
    p.kind = scan::Problem::Kind::Reader;
    bool limited = run.reader && run.reader->problem && parser.problem && std::strcmp(parser.problem, "input error") == 0;
    // The read stopped where the original text has a byte the reader refuses.
    p.reader = limited ? *run.reader->problem
                       : scan::ReaderProblem{parser.problem ? parser.problem : "cannot read", parser.problem_offset,
                                             parser.problem_value};
  } else {
    p.kind = scan::Problem::Kind::Parser;
    p.problem = parser.problem ? parser.problem : "cannot parse";
    p.context = parser.context;
    p.context_mark = to_scan_mark(parser.context_mark);
    p.problem_mark = to_scan_mark(parser.problem_mark);
  }
  return describe_problem(p, run.original);
}

// libyaml reads `size` bytes, then its read fails (see LibyamlRun::input_limit)
// or the input ends.
struct LimitedInput {
  const char* data;
  size_t size;
  bool fails_at_end;
  size_t position = 0;
};

int read_limited(void* data, unsigned char* buffer, size_t size, size_t* size_read) {
  auto* in = static_cast<LimitedInput*>(data);
  *size_read = 0;
  if (in->position == in->size) return in->fails_at_end ? 0 : 1;
  size_t n = std::min(size, in->size - in->position);
  std::memcpy(buffer, in->data + in->position, n);
  in->position += n;
  *size_read = n;
  return 1;
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

void deliver_scalar(TreeBuilder& builder, const yaml_event_t& e) {
  const auto& s = e.data.scalar;
  std::string_view tag = text_of(s.tag);
  std::string_view value(reinterpret_cast<const char*>(s.value), s.length);
  builder.scalar(to_event_mark(e.start_mark), TreeBuilder::style_of(tag, s.style == YAML_PLAIN_SCALAR_STYLE), tag,
                 text_of(s.anchor), value);
}

std::vector<TagDirective> tags_of(const yaml_event_t& e) {
  std::vector<TagDirective> tags;
  const auto& d = e.data.document_start.tag_directives;
  for (const yaml_tag_directive_t* t = d.start; t && t != d.end; ++t) {
    tags.push_back({std::string(text_of(t->handle)), std::string(text_of(t->prefix))});
  }
  return with_default_tags(std::move(tags));
}

// libyaml's events into the builder; flow collections started in the block
// context go to the run's handler first.
class EventLoop {
 public:
  EventLoop(const LibyamlRun& run, TreeBuilder& builder, ParsedFile& out, yaml_parser_t* parser)
      : run_(run), builder_(builder), out_(out), parser_(parser) {}

  LibyamlResult run() {
    try {
      while (true) {
        if (!event_.next(parser_)) {
          out_.error = parser_error(*parser_, run_);
          return LibyamlResult::Done;
        }
        const yaml_event_t& e = *event_;
        if (e.type == YAML_STREAM_END_EVENT) return LibyamlResult::Done;
        if (e.type == YAML_SEQUENCE_START_EVENT || e.type == YAML_MAPPING_START_EVENT) {
          if (Step step = start_collection(e); step != Step::Go) return step == Step::Stop ? LibyamlResult::Done : result_;
        } else {
          deliver(e);
        }
      }
    } catch (const BuildError& e) {
      out_.error = SyntaxError{to_position(e.mark), e.message};
    }
    return LibyamlResult::Done;
  }

 private:
  void deliver(const yaml_event_t& e) {
    switch (e.type) {
      case YAML_DOCUMENT_START_EVENT:
        if (run_.handler) run_.handler->document(tags_of(e));
        builder_.document_start(to_event_mark(e.start_mark));
        break;
      case YAML_DOCUMENT_END_EVENT: builder_.document_end(); break;
      case YAML_SCALAR_EVENT: deliver_scalar(builder_, e); break;
      case YAML_ALIAS_EVENT: builder_.alias(to_event_mark(e.start_mark), text_of(e.data.alias.anchor)); break;
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        if (flow_depth_ > 0) --flow_depth_;
        builder_.container_end();
        break;
      default: break;
    }
  }

  // Go on, stop (out_.error says why), or return result_.
  enum class Step : uint8_t { Go, Stop, Return };

  Step start_collection(const yaml_event_t& e) {
    bool sequence = e.type == YAML_SEQUENCE_START_EVENT;
    bool flow = sequence ? e.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                         : e.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE;
    std::string_view anchor = text_of(sequence ? e.data.sequence_start.anchor : e.data.mapping_start.anchor);
    if (flow && flow_depth_ == 0 && run_.handler) {
      // A flow collection never holds a block one: at flow depth 0 this one starts in the block context.
      LibyamlFlowStart start{to_event_mark(e.start_mark), e.end_mark.index - 1, anchor};
      uint64_t end = run_.handler->flow_start(start, builder_, out_);
      if (end == FlowHandler::kFailed) return Step::Stop;
      if (end == FlowHandler::kMismatch) return give(LibyamlResult::Mismatch);
      if (end != FlowHandler::kLibyamlParses) return skip_copy(end) ? Step::Go : give(LibyamlResult::Mismatch);
    }
    // Flow collections hold only flow collections, so one counter tells the flow depth.
    if ((flow || flow_depth_ > 0) && ++flow_depth_ > run_.handoff_depth) return give(LibyamlResult::HandOff);
    builder_.container_start(to_event_mark(e.start_mark), sequence ? NodeKind::Sequence : NodeKind::Map, anchor);
    return Step::Go;
  }

  Step give(LibyamlResult result) {
    result_ = result;
    return Step::Return;
  }

  // libyaml's own events for a collection the handler parsed: they must end
  // with the collection's end where the handler's did.
  bool skip_copy(uint64_t end) {
    for (int depth = 1; depth > 0;) {
      if (!event_.next(parser_)) return false;
      const yaml_event_t& e = *event_;
      if (e.type == YAML_SEQUENCE_START_EVENT || e.type == YAML_MAPPING_START_EVENT) ++depth;
      if (e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT) --depth;
      if (e.type == YAML_STREAM_END_EVENT || e.type == YAML_DOCUMENT_START_EVENT ||
          e.type == YAML_DOCUMENT_END_EVENT || (depth == 0 && e.start_mark.index != end)) {
        return false;
      }
    }
    return true;
  }

  const LibyamlRun& run_;
  TreeBuilder& builder_;
  ParsedFile& out_;
  yaml_parser_t* parser_;
  Event event_;
  size_t flow_depth_ = 0;
  LibyamlResult result_ = LibyamlResult::Done;
};

}  // namespace

LibyamlResult parse_with_libyaml(const LibyamlRun& run, TreeBuilder& builder, ParsedFile& out) {
  LibyamlParser parser;
  if (!parser.ok()) {
    out.error = SyntaxError{{}, "out of memory while starting the YAML parser"};
    return LibyamlResult::Done;
  }
  LimitedInput limited{run.input.data(), std::min(run.input_limit, run.input.size()),
                       run.input_limit <= run.input.size()};
  if (run.input_limit != SIZE_MAX) {
    yaml_parser_set_input(parser.get(), read_limited, &limited);
  } else {
    // libyaml asserts on a null input even when its size is 0 (found by
    // ci/fuzz: an empty std::string_view has a null data()).
    const char* input = run.input.data() ? run.input.data() : "";
    yaml_parser_set_input_string(parser.get(), reinterpret_cast<const unsigned char*>(input), run.input.size());
  }
  return EventLoop(run, builder, out, parser.get()).run();
}

}  // namespace driftlint::yaml
