// yaml-cpp as an event source (`--yaml-parser yaml-cpp`). Slower than libyaml
// (see docs/performance.md) but kept: it is the second opinion the
// differential test compares libyaml's trees against.
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <istream>
#include <streambuf>
#include <string>

#include "yaml/tree_builder.h"

namespace driftlint::yaml {
namespace {

EventMark to_event_mark(const YAML::Mark& mark) {
  if (mark.is_null()) return {0, 0, 0, false};
  return {static_cast<uint32_t>(mark.line), static_cast<uint32_t>(mark.column),
          static_cast<uint64_t>(mark.pos), true};
}

std::string anchor_name(YAML::anchor_t anchor) {
  return anchor == YAML::NullAnchor ? std::string() : std::to_string(anchor);
}

class YamlCppEvents final : public YAML::EventHandler {
 public:
  explicit YamlCppEvents(TreeBuilder& builder) : builder_(builder) {}

  void OnDocumentStart(const YAML::Mark& mark) override {
    // yaml-cpp 0.7 loops forever on a stray flow indicator in block context
    // (`,- x`: jbeder/yaml-cpp#1040, fixed upstream after 0.8), yielding an
    // empty document at the same place again and again. A document that
    // starts where the previous one did has consumed nothing: stop there.
    if (previous_document_pos_ == mark.pos) {
      throw BuildError{to_event_mark(mark),
                       "unexpected character that the YAML parser cannot go past (a stray ',', "
                       "'[', ']', '{' or '}' outside a flow collection?)"};
    }
    previous_document_pos_ = mark.pos;
    builder_.document_start(to_event_mark(mark));
  }
  void OnDocumentEnd() override { builder_.document_end(); }
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    builder_.null_value(to_event_mark(mark), anchor_name(anchor));
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    builder_.alias(to_event_mark(mark), anchor_name(anchor));
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    // yaml-cpp tags untagged plain scalars "?" and untagged quoted or block
    // scalars "!"; explicit core tags arrive in long form.
    ScalarStyle style = tag == "?"   ? ScalarStyle::PlainUntagged
                        : tag == "!" ? ScalarStyle::QuotedUntagged
                                     : ScalarStyle::Tagged;
    builder_.scalar(to_event_mark(mark), style, tag, anchor_name(anchor), value);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override {
    builder_.container_start(to_event_mark(mark), NodeKind::Sequence, anchor_name(anchor),
                             style == YAML::EmitterStyle::Flow);
  }
  void OnSequenceEnd() override { builder_.container_end(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override {
    builder_.container_start(to_event_mark(mark), NodeKind::Map, anchor_name(anchor), style == YAML::EmitterStyle::Flow);
  }
  void OnMapEnd() override { builder_.container_end(); }

 private:
  TreeBuilder& builder_;
  int previous_document_pos_ = -1;
};

// Reads a string_view as an istream without copying it.
class ViewStreamBuf : public std::streambuf {
 public:
  ViewStreamBuf(const char* data, size_t size) {
    char* begin = const_cast<char*>(data);  // never written: get area only
    setg(begin, begin, begin + size);
  }
};

std::string clean_yaml_cpp_message(const std::string& msg) {
  // yaml-cpp prefixes "yaml-cpp: error at line N, column M: "; we print our own position.
  size_t colon = msg.find(": ", msg.find("column"));
  if (msg.rfind("yaml-cpp:", 0) == 0 && colon != std::string::npos) return msg.substr(colon + 2);
  return msg;
}

}  // namespace

void parse_with_yaml_cpp(std::string_view text, TreeBuilder& builder, ParsedFile& out) {
  YamlCppEvents events(builder);
  ViewStreamBuf buffer(text.data(), text.size());
  std::istream stream(&buffer);
  try {
    YAML::Parser parser(stream);
    while (parser.HandleNextDocument(events)) {
    }
  } catch (const BuildError& e) {
    out.error = SyntaxError{to_position(e.mark), e.message};
  } catch (const YAML::Exception& e) {
    std::string message = e.msg.empty() ? clean_yaml_cpp_message(e.what()) : e.msg;
    if (dynamic_cast<const YAML::DeepRecursion*>(&e)) {
      message = "nesting is deeper than the parser allows (" + message + ")";
    }
    out.error = SyntaxError{to_position(to_event_mark(e.mark)), message};
  } catch (const std::exception& e) {
    out.error = SyntaxError{{}, std::string("cannot parse: ") + e.what()};
  }
}

}  // namespace driftlint::yaml
