#include "yaml/tree_builder.h"

#include <algorithm>

#include "base/lasting_memory.h"

namespace driftlint::yaml {

Position to_position(const EventMark& mark) {
  if (!mark.known) return {};
  return {mark.line + 1, mark.column + 1};
}

namespace {

// The arrays a builder fills, kept on each thread from one file to the next:
// a sealed tree copies them out (Tree::seal_lasting), so they grow to the
// largest file once, not from nothing for every file.
thread_local TreeArrays t_scratch;

template <class Array>
void take(Array& spare, Array& into) {
  into.swap(spare);
  into.clear();
}

// Keeps the larger of the two (another builder on this thread may have
// given its arrays back meanwhile); the tree keeps none.
template <class Array>
void give_back(Array& used, Array& spare) {
  if (used.capacity() > spare.capacity()) used.swap(spare);
  spare.clear();
  Array().swap(used);
}

}  // namespace

TreeBuilder::TreeBuilder(ParsedFile& out, const ParseLimits& limits)
    : out_(out), limits_(limits), tree_(std::make_shared<Tree>()) {
  take(t_scratch.nodes, arrays_.nodes);
  take(t_scratch.children, arrays_.children);
  take(t_scratch.text, arrays_.text);
}

std::shared_ptr<Tree> TreeBuilder::tree() {
  lay_out();
  // A tree too large to share a block of lasting memory keeps its own arrays:
  // copied, a huge file's tree would be held twice at the peak, and the
  // arrays kept for the next file would hold it to the end of the run.
  if (arrays_.bytes() > kLastingSharedBytes) {
    tree_->seal_in_place(std::move(arrays_));
    return tree_;
  }
  tree_->seal_lasting(arrays_);
  give_back(arrays_.nodes, t_scratch.nodes);
  give_back(arrays_.children, t_scratch.children);
  give_back(arrays_.text, t_scratch.text);
  return tree_;
}

void TreeBuilder::lay_out() {
  thread_local std::vector<uint32_t> roots, new_ids;
  roots.clear();
  for (const Document& d : out_.documents) {
    if (d.root.valid()) roots.push_back(d.root.id());
  }
  arrays_.lay_out_children(roots, new_ids);
  auto moved = [&](Node& n) {
    if (n.valid()) n = tree_->node(new_ids[n.id()]);
  };
  for (Document& d : out_.documents) moved(d.root);
  for (DuplicateKey& k : out_.duplicate_keys) {
    moved(k.key);
    moved(k.first);
  }
  if (new_ids.size() * sizeof(NodeData) > kLastingSharedBytes) std::vector<uint32_t>().swap(new_ids);
}

Position TreeBuilder::placed(const EventMark& mark) const {
  if (limits_.positions_unknown) return {};
  Position p = to_position(mark);
  if (mark.known) p.line += limits_.line_offset;
  return p;
}

void TreeBuilder::document_start(const EventMark& mark) {
  document_start_ = placed(mark);
  document_root_ = kNone;
  anchors_.clear();
  alias_expansion_ = 0;
}

void TreeBuilder::document_end() {
  Document doc;
  doc.start = document_start_;
  if (document_root_ != kNone) doc.root = tree_->node(document_root_);
  out_.documents.push_back(doc);
}

void TreeBuilder::null_value(const EventMark& mark, std::string_view anchor) {
  uint32_t id = add_scalar(mark, "", ScalarType::Null, false, false);
  remember_anchor(anchor, id, 1, 0, false);
  attach(id, 1, 0);
}

void TreeBuilder::scalar(const EventMark& mark, ScalarStyle style, std::string_view tag,
                         std::string_view anchor, std::string_view value) {
  ScalarType type = ScalarType::String;
  bool bool_value = false;
  // An explicit core tag on a plain or quoted scalar still goes through the
  // resolver, as in go-yaml; a custom tag (`!Ref`) leaves a string.
  if (style == ScalarStyle::PlainUntagged || tag == "tag:yaml.org,2002:int" ||
      tag == "tag:yaml.org,2002:float" || tag == "tag:yaml.org,2002:bool" ||
      tag == "tag:yaml.org,2002:null") {
    ResolvedScalar resolved = resolve_plain_scalar(value);
    type = resolved.type;
    bool_value = resolved.bool_value;
  }
  bool quoted = style == ScalarStyle::QuotedUntagged;
  bool is_key = expecting_key();
  bool is_merge_key = style == ScalarStyle::PlainUntagged && value == "<<" && is_key;
  std::string_view text = value;
  std::string normalized;
  if (is_key && type != ScalarType::String) {
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
  remember_anchor(anchor, id, 1, 0, false);
  attach(id, 1, 0);
}

void TreeBuilder::alias(const EventMark& mark, std::string_view anchor) {
  auto it = anchors_.find(std::string(anchor));
  if (it == anchors_.end()) throw BuildError{mark, "unknown alias *" + std::string(anchor)};
  if (it->second.open) throw BuildError{mark, "recursive alias: an anchor refers to itself"};
  alias_expansion_ += it->second.weight;
  if (alias_expansion_ > limits_.max_alias_expansion) {
    throw BuildError{mark, "aliases expand to more than " +
                               std::to_string(limits_.max_alias_expansion) +
                               " nodes (alias bomb?); raise --max-alias-expansion to allow it"};
  }
  // The alias puts the anchored node's levels below this one: the nesting
  // limit holds on every path, not only on the text's own brackets (the
  // parse cache checks packs the same way).
  if (frames_.size() + it->second.height > limits_.max_depth) throw_too_deep(mark);
  attach(it->second.node, it->second.weight, it->second.height);
}

void TreeBuilder::throw_too_deep(const EventMark& mark) const {
  throw BuildError{mark, "nesting is deeper than " + std::to_string(limits_.max_depth) +
                             " levels; raise --max-nesting-depth to allow it"};
}

void TreeBuilder::container_start(const EventMark& mark, NodeKind kind, std::string_view anchor, bool flow) {
  // Rules, the diff and the schema validator walk trees recursively; the
  // limit keeps their stacks bounded whatever the input.
  if (frames_.size() >= limits_.max_depth) throw_too_deep(mark);
  if ((flow || flow_depth_ > 0) && ++flow_depth_ > ParseLimits::kMaxFlowDepth) {
    throw BuildError{mark, "flow collections ('[' and '{') nest deeper than " +
                               std::to_string(ParseLimits::kMaxFlowDepth) +
                               " levels here: not parsed (write deep structures in block style)"};
  }
  NodeData d;
  d.kind = kind;
  d.set_position(placed(mark));
  arrays_.nodes.push_back(d);
  uint32_t id = static_cast<uint32_t>(arrays_.nodes.size() - 1);
  frames_.push_back({id, scratch_.size(), std::string(anchor), 1, 0});
  remember_anchor(anchor, id, 1, 0, true);
}

void TreeBuilder::container_end() {
  if (flow_depth_ > 0) --flow_depth_;
  Frame frame = std::move(frames_.back());
  frames_.pop_back();
  NodeData& d = arrays_.nodes[frame.node];
  if (d.kind == NodeKind::Map) finish_map(frame);
  arrays_.add_children(d, scratch_.data() + frame.scratch_start, scratch_.size() - frame.scratch_start);
  scratch_.resize(frame.scratch_start);
  remember_anchor(frame.anchor, frame.node, frame.weight, frame.height + 1, false);
  attach(frame.node, frame.weight, frame.height + 1);
}

bool TreeBuilder::expecting_key() const {
  return !frames_.empty() && arrays_.nodes[frames_.back().node].kind == NodeKind::Map &&
         (scratch_.size() - frames_.back().scratch_start) % 2 == 0;
}

uint32_t TreeBuilder::add_scalar(const EventMark& mark, std::string_view text, ScalarType type,
                                 bool bool_value, bool quoted) {
  NodeData d;
  d.kind = NodeKind::Scalar;
  d.scalar_type = type;
  d.bool_value = type == ScalarType::Bool && bool_value;  // a key "true" is a String: its bit means another thing
  d.quoted = quoted;
  d.set_position(placed(mark));
  arrays_.add_text(d, text);
  arrays_.nodes.push_back(d);
  return static_cast<uint32_t>(arrays_.nodes.size() - 1);
}

void TreeBuilder::remember_anchor(std::string_view anchor, uint32_t id, uint64_t weight, uint32_t height,
                                  bool open) {
  if (!anchor.empty()) anchors_[std::string(anchor)] = {id, weight, height, open};
}

std::string_view TreeBuilder::key_text(uint32_t id) const {
  const NodeData& k = arrays_.nodes[id];
  if (k.kind != NodeKind::Scalar) return {};
  return text_of(k, arrays_.text);
}

// Applies `<<` merge keys (explicit keys win, earlier merge sources win) and
// records duplicate keys.
void TreeBuilder::finish_map(const Frame& frame) {
  size_t begin = frame.scratch_start;
  bool has_merge = false;
  if (!merge_keys_.empty()) {
    for (size_t i = begin; i + 1 < scratch_.size(); i += 2) {
      if (merge_keys_.count(scratch_[i])) has_merge = true;
    }
  }
  if (has_merge) apply_merges(begin);
  size_t pairs = (scratch_.size() - begin) / 2;
  if (pairs < 2) return;
  if (pairs <= 16) {
    for (size_t i = begin; i < scratch_.size(); i += 2) {
      if (arrays_.nodes[scratch_[i]].kind != NodeKind::Scalar) continue;
      for (size_t j = begin; j < i; j += 2) {
        if (arrays_.nodes[scratch_[j]].kind == NodeKind::Scalar &&
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
    if (arrays_.nodes[scratch_[i]].kind != NodeKind::Scalar) continue;
    auto [it, inserted] = seen.emplace(key_text(scratch_[i]), scratch_[i]);
    if (!inserted) {
      record_duplicate(scratch_[i], it->second);
      it->second = scratch_[i];
    }
  }
}

void TreeBuilder::record_duplicate(uint32_t later, uint32_t first) {
  // Merged-in keys share nodes with their source map; only explicit repeats count.
  if (later == first) return;
  out_.duplicate_keys.push_back({tree_->node(later), tree_->node(first)});
}

void TreeBuilder::apply_merges(size_t begin) {
  std::vector<uint32_t> explicit_pairs;
  std::vector<uint32_t> sources;
  for (size_t i = begin; i + 1 < scratch_.size(); i += 2) {
    if (merge_keys_.count(scratch_[i])) {
      uint32_t value = scratch_[i + 1];
      const NodeData& v = arrays_.nodes[value];
      if (v.kind == NodeKind::Map) {
        sources.push_back(value);
      } else if (v.kind == NodeKind::Sequence) {
        ChildIds elements = child_ids_of(v, arrays_.children.data());
        for (uint32_t k = 0; k < elements.count; ++k) {
          uint32_t element = elements[k];
          if (arrays_.nodes[element].kind != NodeKind::Map) throw_merge_error(scratch_[i]);
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
    ChildIds pairs = child_ids_of(arrays_.nodes[source], arrays_.children.data());
    for (uint32_t k = 0; k + 1 < pairs.count; k += 2) {
      uint32_t key = pairs[k];
      if (present.insert(key_text(key)).second) {
        merged.push_back(key);
        merged.push_back(pairs[k + 1]);
      }
    }
  }
  scratch_.resize(begin);
  scratch_.insert(scratch_.end(), merged.begin(), merged.end());
  scratch_.insert(scratch_.end(), explicit_pairs.begin(), explicit_pairs.end());
}

void TreeBuilder::throw_merge_error(uint32_t key) {
  Position p = arrays_.nodes[key].position();
  EventMark mark{p.line ? p.line - 1 : 0, p.column ? p.column - 1 : 0, 0, p.line != 0};
  throw BuildError{mark, "a merge key '<<' needs a map or a list of maps as its value"};
}

}  // namespace driftlint::yaml
