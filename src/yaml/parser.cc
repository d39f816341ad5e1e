#include "yaml/parser.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <istream>
#include <streambuf>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace driftlint::yaml {

// Builds a Tree from yaml-cpp events without recursion: open containers are
// frames on a stack, their children collect in one scratch vector.
class TreeBuilder final : public YAML::EventHandler {
 public:
  TreeBuilder(ParsedFile& out, const ParseLimits& limits)
      : out_(out), limits_(limits), tree_(std::make_shared<Tree>()) {}

  std::shared_ptr<Tree> tree() { return tree_; }

  void OnDocumentStart(const YAML::Mark& mark) override {
    // yaml-cpp 0.7 loops forever on a stray flow indicator in block context
    // (`,- x`: jbeder/yaml-cpp#1040, fixed upstream after 0.8), yielding an
    // empty document at the same place again and again. A document that
    // starts where the previous one did has consumed nothing: stop there.
    if (previous_document_pos_ == mark.pos) {
      throw BuildError(mark, "unexpected character that the YAML parser cannot go past (a stray ',', '[', ']', '{' or '}' outside a flow collection?)");
    }
    previous_document_pos_ = mark.pos;
    document_start_ = to_position(mark);
    document_root_ = kNone;
    anchors_.clear();
    alias_expansion_ = 0;
  }

  void OnDocumentEnd() override {
    Document doc;
    doc.start = document_start_;
    if (document_root_ != kNone) doc.root = tree_->node(document_root_);
    out_.documents.push_back(doc);
  }

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    uint32_t id = add_scalar(mark, "", ScalarType::Null, false, false);
    remember_anchor(anchor, id, 1);
    attach(id, 1);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end()) throw BuildError(mark, "unknown alias");
    if (it->second.open) throw BuildError(mark, "recursive alias: an anchor refers to itself");
    alias_expansion_ += it->second.weight;
    if (alias_expansion_ > limits_.max_alias_expansion) {
      throw BuildError(mark, "aliases expand to more than " +
                                 std::to_string(limits_.max_alias_expansion) +
                                 " nodes (alias bomb?); raise --max-alias-expansion to allow it");
    }
    attach(it->second.node, it->second.weight);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    // yaml-cpp tags untagged plain scalars "?" and untagged quoted or block
    // scalars "!"; explicit core tags arrive in long form.
    ScalarType type = ScalarType::String;
    bool bool_value = false;
    bool quoted = tag == "!";
    if (tag == "?" || tag == "tag:yaml.org,2002:int" || tag == "tag:yaml.org,2002:float" ||
        tag == "tag:yaml.org,2002:bool" || tag == "tag:yaml.org,2002:null") {
      ResolvedScalar resolved = resolve_plain_scalar(value);
      type = resolved.type;
      bool_value = resolved.bool_value;
    }
    bool is_merge_key = tag == "?" && value == "<<" && expecting_key();
    std::string_view text = value;
    std::string normalized;
    if (expecting_key() && type != ScalarType::String) {
      // JSON has only string keys: sigs.k8s.io/yaml writes `on:` as "true", `~:` as "null".
      if (type == ScalarType::Bool) {
        normalized = bool_value ? "true" : "false";
      } else if (type == ScalarType::Null) {
        normalized = "null";
      } else if (type == ScalarType::Int) {
        if (auto i = parse_go_int(value)) normalized = std::to_string(*i);
      }
      if (!normalized.empty()) text = normalized;
      type = ScalarType::String;
    }
    uint32_t id = add_scalar(mark, text, type, bool_value, quoted);
    if (is_merge_key) merge_keys_.insert(id);
    remember_anchor(anchor, id, 1);
    attach(id, 1);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, NodeKind::Sequence, anchor);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, NodeKind::Map, anchor);
  }
  void OnMapEnd() override { close(); }

  struct BuildError {
    BuildError(const YAML::Mark& m, std::string msg) : mark(m), message(std::move(msg)) {}
    YAML::Mark mark;
    std::string message;
  };

  static Position to_position(const YAML::Mark& mark) {
    if (mark.is_null()) return {};
    return {static_cast<uint32_t>(mark.line + 1), static_cast<uint32_t>(mark.column + 1)};
  }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;

  struct Frame {
    uint32_t node;
    size_t scratch_start;
    YAML::anchor_t anchor;
    uint64_t weight;  // nodes this container expands to, aliases included
  };
  struct Anchor {
    uint32_t node;
    uint64_t weight;
    bool open;
  };

  bool expecting_key() const {
    return !frames_.empty() && tree_->nodes_[frames_.back().node].kind == NodeKind::Map &&
           (scratch_.size() - frames_.back().scratch_start) % 2 == 0;
  }

  uint32_t add_scalar(const YAML::Mark& mark, std::string_view text, ScalarType type,
                      bool bool_value, bool quoted) {
    NodeData d;
    d.kind = NodeKind::Scalar;
    d.scalar_type = type;
    d.bool_value = bool_value;
    d.quoted = quoted;
    d.position = to_position(mark);
    d.offset = static_cast<uint32_t>(tree_->text_.size());
    d.length = static_cast<uint32_t>(text.size());
    tree_->text_.append(text);
    tree_->nodes_.push_back(d);
    return static_cast<uint32_t>(tree_->nodes_.size() - 1);
  }

  void remember_anchor(YAML::anchor_t anchor, uint32_t id, uint64_t weight) {
    if (anchor != YAML::NullAnchor) anchors_[anchor] = {id, weight, false};
  }

  void attach(uint32_t id, uint64_t weight) {
    if (frames_.empty()) {
      document_root_ = id;
      return;
    }
    scratch_.push_back(id);
    frames_.back().weight += weight;
  }

  void open(const YAML::Mark& mark, NodeKind kind, YAML::anchor_t anchor) {
    NodeData d;
    d.kind = kind;
    d.position = to_position(mark);
    tree_->nodes_.push_back(d);
    uint32_t id = static_cast<uint32_t>(tree_->nodes_.size() - 1);
    frames_.push_back({id, scratch_.size(), anchor, 1});
    if (anchor != YAML::NullAnchor) anchors_[anchor] = {id, 1, true};
  }

  void close() {
    Frame frame = frames_.back();
    frames_.pop_back();
    NodeData& d = tree_->nodes_[frame.node];
    if (d.kind == NodeKind::Map) finish_map(frame);
    d.offset = static_cast<uint32_t>(tree_->children_.size());
    d.length = static_cast<uint32_t>(scratch_.size() - frame.scratch_start);
    tree_->children_.insert(tree_->children_.end(),
                            scratch_.begin() + static_cast<std::ptrdiff_t>(frame.scratch_start),
                            scratch_.end());
    scratch_.resize(frame.scratch_start);
    if (frame.anchor != YAML::NullAnchor) anchors_[frame.anchor] = {frame.node, frame.weight, false};
    attach(frame.node, frame.weight);
  }

  std::string_view key_text(uint32_t id) const {
    const NodeData& k = tree_->nodes_[id];
    if (k.kind != NodeKind::Scalar) return {};
    return std::string_view(tree_->text_).substr(k.offset, k.length);
  }

  // Applies `<<` merge keys (explicit keys win, earlier merge sources win) and
  // records duplicate keys.
  void finish_map(const Frame& frame) {
    size_t begin = frame.scratch_start;
    bool has_merge = false;
    for (size_t i = begin; i + 1 < scratch_.size(); i += 2) {
      if (merge_keys_.count(scratch_[i])) has_merge = true;
    }
    if (has_merge) apply_merges(begin);
    size_t pairs = (scratch_.size() - begin) / 2;
    if (pairs < 2) return;
    if (pairs <= 16) {
      for (size_t i = begin; i < scratch_.size(); i += 2) {
        if (tree_->nodes_[scratch_[i]].kind != NodeKind::Scalar) continue;
        for (size_t j = begin; j < i; j += 2) {
          if (tree_->nodes_[scratch_[j]].kind == NodeKind::Scalar &&
              key_text(scratch_[i]) == key_text(scratch_[j])) {
            record_duplicate(scratch_[i], scratch_[j]);
            break;
          }
        }
      }
      return;
    }
    std::unordered_map<std::string_view, uint32_t> seen;
    seen.reserve(pairs);
    for (size_t i = begin; i < scratch_.size(); i += 2) {
      if (tree_->nodes_[scratch_[i]].kind != NodeKind::Scalar) continue;
      auto [it, inserted] = seen.emplace(key_text(scratch_[i]), scratch_[i]);
      if (!inserted) {
        record_duplicate(scratch_[i], it->second);
        it->second = scratch_[i];
      }
    }
  }

  void record_duplicate(uint32_t later, uint32_t first) {
    // Merged-in keys share nodes with their source map; only explicit repeats count.
    if (later == first) return;
    out_.duplicate_keys.push_back({tree_->node(later), tree_->node(first)});
  }

  void apply_merges(size_t begin) {
    std::vector<uint32_t> explicit_pairs;
    std::vector<uint32_t> sources;
    for (size_t i = begin; i + 1 < scratch_.size(); i += 2) {
      if (merge_keys_.count(scratch_[i])) {
        uint32_t value = scratch_[i + 1];
        const NodeData& v = tree_->nodes_[value];
        if (v.kind == NodeKind::Map) {
          sources.push_back(value);
        } else if (v.kind == NodeKind::Sequence) {
          for (uint32_t k = 0; k < v.length; ++k) {
            uint32_t element = tree_->children_[v.offset + k];
            if (tree_->nodes_[element].kind != NodeKind::Map) {
              throw_merge_error(scratch_[i]);
            }
            sources.push_back(element);
          }
        } else {
          throw_merge_error(scratch_[i]);
        }
      } else {
        explicit_pairs.push_back(scratch_[i]);
        explicit_pairs.push_back(scratch_[i + 1]);
      }
    }
    std::unordered_set<std::string_view> present;
    for (size_t i = 0; i < explicit_pairs.size(); i += 2) present.insert(key_text(explicit_pairs[i]));
    std::vector<uint32_t> merged;
    for (uint32_t source : sources) {
      const NodeData& s = tree_->nodes_[source];
      for (uint32_t k = 0; k + 1 < s.length; k += 2) {
        uint32_t key = tree_->children_[s.offset + k];
        if (present.insert(key_text(key)).second) {
          merged.push_back(key);
          merged.push_back(tree_->children_[s.offset + k + 1]);
        }
      }
    }
    scratch_.resize(begin);
    scratch_.insert(scratch_.end(), merged.begin(), merged.end());
    scratch_.insert(scratch_.end(), explicit_pairs.begin(), explicit_pairs.end());
  }

  [[noreturn]] void throw_merge_error(uint32_t key) {
    YAML::Mark mark;
    Position p = tree_->nodes_[key].position;
    mark.line = static_cast<int>(p.line) - 1;
    mark.column = static_cast<int>(p.column) - 1;
    throw BuildError(mark, "a merge key '<<' needs a map or a list of maps as its value");
  }

  ParsedFile& out_;
  const ParseLimits& limits_;
  std::shared_ptr<Tree> tree_;
  std::vector<Frame> frames_;
  std::vector<uint32_t> scratch_;
  std::unordered_map<YAML::anchor_t, Anchor> anchors_;
  std::unordered_set<uint32_t> merge_keys_;
  uint64_t alias_expansion_ = 0;
  Position document_start_;
  uint32_t document_root_ = kNone;
  int previous_document_pos_ = -1;
};

namespace {

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

ParsedFile parse_yaml(std::string_view text, const ParseLimits& limits) {
  ParsedFile out;
  TreeBuilder builder(out, limits);
  ViewStreamBuf buffer(text.data(), text.size());
  std::istream stream(&buffer);
  try {
    YAML::Parser parser(stream);
    while (parser.HandleNextDocument(builder)) {
    }
  } catch (const TreeBuilder::BuildError& e) {
    out.error = SyntaxError{TreeBuilder::to_position(e.mark), e.message};
  } catch (const YAML::Exception& e) {
    std::string message = e.msg.empty() ? clean_yaml_cpp_message(e.what()) : e.msg;
    if (dynamic_cast<const YAML::DeepRecursion*>(&e)) {
      message = "nesting is deeper than the parser allows (" + message + ")";
    }
    out.error = SyntaxError{TreeBuilder::to_position(e.mark), message};
  } catch (const std::exception& e) {
    out.error = SyntaxError{{}, std::string("cannot parse: ") + e.what()};
  }
  out.tree = builder.tree();
  return out;
}

}  // namespace driftlint::yaml
