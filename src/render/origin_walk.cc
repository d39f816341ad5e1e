#include "render/origin_walk.h"

namespace driftlint {

namespace {

// One setter's node at the current field.
struct Aligned {
  uint32_t setter = 0;
  yaml::Node key;    // its key node, when the field is a map entry
  yaml::Node value;
};

struct Winner {
  const Setter* setter = nullptr;
  SourcePosition key, value;
  // A name prefix or a namespace changes the object's identity, not where it
  // is defined: a finding at its `name` key (about the object) stays at the
  // key in its resource. Other keys follow their value's setter.
  std::optional<std::pair<const Setter*, SourcePosition>> written_key;
};

bool same_value(yaml::Node a, yaml::Node b) {
  if (a.is_scalar() && b.is_scalar()) return a.text() == b.text();
  return a.valid() && b.valid() && a.kind() == b.kind();
}

// A list element's identity: its `name` when it has one, else its index.
std::string element_id(yaml::Node element, size_t index) {
  if (element.is_map()) {
    if (auto name = element.get("name").as_string()) return "[" + std::string(*name) + "]";
  }
  return "[" + std::to_string(index) + "]";
}

yaml::Node element_matching(yaml::Node list, yaml::Node rendered, size_t index) {
  if (!list.is_sequence()) return {};
  if (rendered.is_map()) {
    if (auto name = rendered.get("name").as_string()) {
      for (yaml::Node e : list.elements()) {
        if (e.is_map() && e.get("name").as_string() == name) return e;
      }
      return {};
    }
  }
  if (rendered.is_scalar()) {
    for (yaml::Node e : list.elements()) {
      if (e.is_scalar() && e.text() == rendered.text()) return e;
    }
  }
  return index < list.size() ? list.element(index) : yaml::Node();
}

class OriginWalker {
 public:
  OriginWalker(const std::vector<Setter>& setters, const SourcePlace& fallback, Provenance& provenance)
      : setters_(setters), fallback_(fallback), provenance_(provenance) {}

  void walk(yaml::Node value, yaml::Node key, std::vector<Aligned> aligned, const Winner& parent) {
    add_ops(aligned);
    // A patch names the object it patches; it never renames it: an object's
    // name and namespace are set by its resource (or a transformer).
    if (is_identity()) std::erase_if(aligned, [](const Aligned& a) { return a.setter != 0; });
    Winner w = winner(value, aligned, parent);
    const Winner earlier = previous(value, aligned, w);
    record(value, key, w, earlier);
    if (value.is_map()) {
      for (size_t i = 0; i < value.size(); ++i) {
        std::string name(value.key_at(i).text());
        std::vector<Aligned> next;
        for (const Aligned& a : aligned) {
          if (!a.value.is_map()) continue;
          yaml::Node v = a.value.get(name);
          if (v.valid()) next.push_back({a.setter, a.value.key_node(name), v});
        }
        field_.push_back(name);
        pointer_.push_back(name);
        walk(value.value_at(i), value.key_at(i), std::move(next), w);
        field_.pop_back();
        pointer_.pop_back();
      }
    } else if (value.is_sequence()) {
      for (size_t i = 0; i < value.size(); ++i) {
        yaml::Node element = value.element(i);
        std::vector<Aligned> next;
        for (const Aligned& a : aligned) {
          yaml::Node e = element_matching(a.value, element, i);
          if (e.valid()) next.push_back({a.setter, {}, e});
        }
        field_.push_back(element_id(element, i));
        pointer_.push_back(std::to_string(i));
        walk(element, {}, std::move(next), w);
        field_.pop_back();
        pointer_.pop_back();
      }
    }
  }

 private:
  // JSON 6902 operations whose pointer is this field join the aligned setters here.
  void add_ops(std::vector<Aligned>& aligned) const {
    for (uint32_t s = 0; s < setters_.size(); ++s) {
      for (const Setter::Op& op : setters_[s].ops) {
        if (op.pointer == pointer_) aligned.push_back({s, {}, op.value});
      }
    }
  }

  Winner winner(yaml::Node value, const std::vector<Aligned>& aligned, const Winner& parent) const {
    // The last transformer that claims the field, when it comes after every tree that sets the value.
    const Aligned* best = nullptr;
    for (const Aligned& a : aligned) {
      if (same_value(a.value, value) && (!best || a.setter >= best->setter)) best = &a;
    }
    uint32_t after = best ? best->setter : 0;
    for (uint32_t s = static_cast<uint32_t>(setters_.size()); s-- > after;) {
      const Setter& t = setters_[s];
      if (t.kind != Setter::Kind::Transformer || (best && s == best->setter)) continue;
      if (std::optional<SourcePosition> p = t.claim(field_, value)) {
        return {&t, *p, *p, is_identity() ? first_key(aligned) : std::nullopt};
      }
    }
    if (!best) {  // changed by something no setter explains: the last that has the field
      for (const Aligned& a : aligned) {
        if (!best || a.setter >= best->setter) best = &a;
      }
    }
    if (!best) return parent;
    const Setter& s = setters_[best->setter];
    SourcePosition v = s.place(best->value);
    return {&s, best->key.valid() ? s.place(best->key) : v, v};
  }

  bool is_identity() const {
    return field_.size() == 2 && field_[0] == "metadata" && (field_[1] == "name" || field_[1] == "namespace");
  }

  // The key as the resource writes it (patches name their target the same way).
  std::optional<std::pair<const Setter*, SourcePosition>> first_key(const std::vector<Aligned>& aligned) const {
    const Aligned* best = nullptr;
    for (const Aligned& a : aligned) {
      if (a.key.valid() && (!best || a.setter < best->setter)) best = &a;
    }
    if (!best) return std::nullopt;
    const Setter& s = setters_[best->setter];
    return std::make_pair(&s, s.place(best->key));
  }

  // The setter before the winner that also has this field (for "via").
  Winner previous(yaml::Node value, const std::vector<Aligned>& aligned, const Winner& w) const {
    const Aligned* best = nullptr;
    for (const Aligned& a : aligned) {
      const Setter& s = setters_[a.setter];
      if (&s == w.setter || (w.setter && a.setter > static_cast<uint32_t>(w.setter - setters_.data()))) continue;
      if (!best || a.setter >= best->setter) best = &a;
    }
    if (!best) return {};
    const Setter& s = setters_[best->setter];
    return {&s, best->key.valid() ? s.place(best->key) : s.place(best->value), s.place(best->value)};
  }

  SourcePlace place_of(const Setter& s, SourcePosition position) const {
    return {s.repo >= 0 ? static_cast<uint32_t>(s.repo) : fallback_.repo, s.path, position};
  }

  void record(yaml::Node value, yaml::Node key, const Winner& w, const Winner& earlier) {
    SourcePlace at_value = w.setter ? place_of(*w.setter, w.value) : fallback_;
    SourcePlace at_key = w.written_key ? place_of(*w.written_key->first, w.written_key->second)
                         : w.setter   ? place_of(*w.setter, w.key)
                                      : fallback_;
    std::optional<SourcePlace> before, before_key;
    if (earlier.setter) {
      before = place_of(*earlier.setter, earlier.value);
      before_key = place_of(*earlier.setter, earlier.key);
      if (*before == at_value) before.reset();
      if (*before_key == at_key) before_key.reset();
    }
    provenance_.set(value, at_value, before ? &*before : nullptr);
    if (key.valid()) provenance_.set(key, at_key, before_key ? &*before_key : nullptr);
  }

  const std::vector<Setter>& setters_;
  const SourcePlace& fallback_;
  Provenance& provenance_;
  FieldSegments field_;
  std::vector<std::string> pointer_;
};

}  // namespace

void record_origins(yaml::Node object, const std::vector<Setter>& setters, const SourcePlace& fallback,
                    Provenance& provenance) {
  std::vector<Aligned> aligned;
  for (uint32_t s = 0; s < setters.size(); ++s) {
    if (setters[s].kind == Setter::Kind::Tree && setters[s].tree.valid()) aligned.push_back({s, {}, setters[s].tree});
  }
  OriginWalker(setters, fallback, provenance).walk(object, {}, std::move(aligned), Winner{});
}

}  // namespace driftlint
