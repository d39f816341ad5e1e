// Builds a Tree from a YAML parser's events, whichever library produced them
// (libyaml by default, yaml-cpp on request). Everything driftlint adds on top
// of a plain event stream lives here, once: scalar typing, JSON-style key
// normalisation, merge keys, duplicate keys, and the alias and depth limits.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "yaml/parser.h"
#include "yaml/tree.h"

namespace driftlint::yaml {

// Where an event starts: 0-based line and column as the libraries count them,
// and the byte offset (used to see that a parser made no progress).
struct EventMark {
  uint32_t line = 0;
  uint32_t column = 0;
  uint64_t offset = 0;
  bool known = true;
};

// How a scalar was written, which decides how it is typed.
enum class ScalarStyle : uint8_t {
  PlainUntagged,   // typed by the YAML 1.1 resolver (`yes`, `010`, `~`)
  QuotedUntagged,  // quoted or block: always a string
  Tagged,          // explicit tag, see `tag`
};

// Thrown by the builder (and by event sources) to stop a parse with a message.
struct BuildError {
  EventMark mark;
  std::string message;
};

Position to_position(const EventMark& mark);

class TreeBuilder {
 public:
  TreeBuilder(ParsedFile& out, const ParseLimits& limits);

  void document_start(const EventMark& mark);
  void document_end();
  // A null node with no text (yaml-cpp reports empty values this way).
  void null_value(const EventMark& mark, std::string_view anchor);
  void scalar(const EventMark& mark, ScalarStyle style, std::string_view tag,
              std::string_view anchor, std::string_view value);
  void alias(const EventMark& mark, std::string_view anchor);
  // `flow`: a `[...]` or `{...}` collection, counted against kMaxFlowDepth.
  void container_start(const EventMark& mark, NodeKind kind, std::string_view anchor, bool flow = false);
  void container_end();

  // How an event's scalar is typed: plain and untagged (the YAML 1.1
  // resolver), quoted, block or tagged "!" (a string), or explicitly tagged.
  static ScalarStyle style_of(std::string_view tag, bool plain) {
    if (tag.empty()) return plain ? ScalarStyle::PlainUntagged : ScalarStyle::QuotedUntagged;
    if (tag == "!") return ScalarStyle::QuotedUntagged;  // the non-specific tag: a string
    return ScalarStyle::Tagged;
  }

  // The finished tree (laid out and sealed: ready for readers). Call once.
  std::shared_ptr<Tree> tree();

 private:
  static constexpr uint32_t kNone = UINT32_MAX;

  struct Frame {
    uint32_t node;
    size_t scratch_start;
    std::string anchor;
    uint64_t weight;  // nodes this container expands to, aliases included
    uint32_t height;  // the most containers on a path down from a child, aliases included
  };
  struct Anchor {
    uint32_t node;
    uint64_t weight;
    uint32_t height;  // containers on its longest path down (0 for a scalar)
    bool open;
  };

  bool expecting_key() const;
  uint32_t add_scalar(const EventMark& mark, std::string_view text, ScalarType type,
                      bool bool_value, bool quoted);
  void remember_anchor(std::string_view anchor, uint32_t id, uint64_t weight, uint32_t height, bool open);
  // Once per node: inline.
  void attach(uint32_t id, uint64_t weight, uint32_t height) {
    if (frames_.empty()) {
      document_root_ = id;
      return;
    }
    scratch_.push_back(id);
    Frame& parent = frames_.back();
    parent.weight += weight;
    if (height > parent.height) parent.height = height;  // scalars (0) leave it
  }
  // Lays the children out (TreeArrays::lay_out_children) and moves the
  // documents' and duplicate keys' nodes to their new ids.
  void lay_out();
  [[noreturn]] void throw_too_deep(const EventMark& mark) const;
  std::string_view key_text(uint32_t id) const;
  void finish_map(const Frame& frame);
  void record_duplicate(uint32_t later, uint32_t first);
  void apply_merges(size_t begin);
  [[noreturn]] void throw_merge_error(uint32_t key);

  ParsedFile& out_;
  const ParseLimits& limits_;
  // A mark's position, moved by limits_.line_offset.
  Position placed(const EventMark& mark) const;
  std::shared_ptr<Tree> tree_;
  TreeArrays arrays_;  // the thread's arrays while it builds (given back when sealed)
  std::vector<Frame> frames_;
  size_t flow_depth_ = 0;  // open flow collections: they hold only flow collections
  std::vector<uint32_t> scratch_;
  std::unordered_map<std::string, Anchor> anchors_;
  std::unordered_set<uint32_t> merge_keys_;
  uint64_t alias_expansion_ = 0;
  Position document_start_;
  uint32_t document_root_ = kNone;
};

// The yaml-cpp event source; libyaml's is in yaml/libyaml_source.h. Each
// fills `out` (documents, error) through a builder.
void parse_with_yaml_cpp(std::string_view text, TreeBuilder& builder, ParsedFile& out);

}  // namespace driftlint::yaml
