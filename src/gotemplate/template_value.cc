#include "gotemplate/template_value.h"

#include "gotemplate/go_strconv.h"

#include <charconv>
#include <cmath>

#include "yaml/scalar.h"

namespace driftlint {

namespace {

// Frees lists and maps one at a time: a container freed while another is
// being freed waits in a queue instead of recursing.
thread_local bool freeing = false;
thread_local std::vector<TemplateValue::List*> pending_lists;
thread_local std::vector<TemplateValue::Map*> pending_maps;

void drain() {
  while (!pending_lists.empty() || !pending_maps.empty()) {
    if (!pending_lists.empty()) {
      TemplateValue::List* l = pending_lists.back();
      pending_lists.pop_back();
      delete l;
    } else {
      TemplateValue::Map* m = pending_maps.back();
      pending_maps.pop_back();
      delete m;
    }
  }
}

template <class T>
void free_container(T* container, std::vector<T*>& queue) {
  queue.push_back(container);
  if (freeing) return;
  freeing = true;
  drain();
  freeing = false;
}

}  // namespace

TemplateValue TemplateValue::null() {
  TemplateValue v;
  v.kind_ = Kind::Null;
  return v;
}

TemplateValue TemplateValue::boolean(bool value) {
  TemplateValue v;
  v.kind_ = Kind::Bool;
  v.bool_ = value;
  return v;
}

TemplateValue TemplateValue::integer(int64_t value) {
  TemplateValue v;
  v.kind_ = Kind::Int;
  v.int_ = value;
  return v;
}

TemplateValue TemplateValue::number(double value) {
  TemplateValue v;
  v.kind_ = Kind::Float;
  v.float_ = value;
  return v;
}

TemplateValue TemplateValue::string(std::string value) {
  TemplateValue v;
  v.kind_ = Kind::String;
  v.string_ = std::make_shared<const std::string>(std::move(value));
  return v;
}

TemplateValue TemplateValue::list(List items) {
  TemplateValue v;
  v.kind_ = Kind::List;
  v.list_ = std::shared_ptr<List>(new List(std::move(items)), [](List* l) { free_container(l, pending_lists); });
  return v;
}

TemplateValue TemplateValue::map(Map entries) {
  TemplateValue v;
  v.kind_ = Kind::Map;
  v.map_ = std::shared_ptr<Map>(new Map(std::move(entries)), [](Map* m) { free_container(m, pending_maps); });
  return v;
}

const std::string& TemplateValue::str() const {
  static const std::string empty;
  return string_ ? *string_ : empty;
}

const TemplateValue::List& TemplateValue::items() const {
  static const List empty;
  return list_ ? *list_ : empty;
}

const TemplateValue::Map& TemplateValue::entries() const {
  static const Map empty;
  return map_ ? *map_ : empty;
}

const TemplateValue* TemplateValue::find(std::string_view key) const {
  if (!map_) return nullptr;
  auto it = map_->find(key);
  return it == map_->end() ? nullptr : &it->second;
}

namespace {

TemplateValue copy_of(const TemplateValue& v, int depth) {
  if (depth > kMaxValueDepth) return TemplateValue::null();
  if (v.is(TemplateValue::Kind::List)) {
    TemplateValue::List items;
    for (const TemplateValue& item : v.items()) items.push_back(copy_of(item, depth + 1));
    return TemplateValue::list(std::move(items));
  }
  if (v.is(TemplateValue::Kind::Map)) {
    TemplateValue::Map copy;
    for (const auto& [key, value] : v.entries()) copy.emplace(key, copy_of(value, depth + 1));
    return TemplateValue::map(std::move(copy));
  }
  return v;
}

}  // namespace

TemplateValue TemplateValue::deep_copy() const { return copy_of(*this, 0); }

std::string go_type_name(const TemplateValue& value) {
  switch (value.kind()) {
    case TemplateValue::Kind::Missing: return "<no value>";
    case TemplateValue::Kind::Null: return "<nil>";
    case TemplateValue::Kind::Bool: return "bool";
    case TemplateValue::Kind::Int: return "int";
    case TemplateValue::Kind::Float: return "float64";
    case TemplateValue::Kind::String: return "string";
    case TemplateValue::Kind::List: return "[]interface {}";
    case TemplateValue::Kind::Map: return "map[string]interface {}";
  }
  return "?";
}

std::string go_format_float(double value) { return gotmpl::format_float(value, 'g', -1); }

namespace {

std::string format_at(const TemplateValue& value, int depth);

}  // namespace

std::string go_format(const TemplateValue& value) { return format_at(value, 0); }

namespace {

std::string format_at(const TemplateValue& value, int depth) {
  if (depth > kMaxValueDepth) return "...";
  switch (value.kind()) {
    case TemplateValue::Kind::Missing: return "<no value>";
    case TemplateValue::Kind::Null: return "<nil>";
    case TemplateValue::Kind::Bool: return value.as_bool() ? "true" : "false";
    case TemplateValue::Kind::Int: return std::to_string(value.as_int());
    case TemplateValue::Kind::Float: return go_format_float(value.as_float());
    case TemplateValue::Kind::String: return value.str();
    case TemplateValue::Kind::List: {
      std::string out = "[";
      for (size_t i = 0; i < value.items().size(); ++i) out += (i ? " " : "") + format_at(value.items()[i], depth + 1);
      return out + "]";
    }
    case TemplateValue::Kind::Map: {
      // fmt prints maps with their keys sorted.
      std::string out = "map[";
      bool first = true;
      for (const auto& [key, item] : value.entries()) {
        out += (first ? "" : " ") + key + ":" + format_at(item, depth + 1);
        first = false;
      }
      return out + "]";
    }
  }
  return "";
}

}  // namespace

bool go_truth(const TemplateValue& value) {
  switch (value.kind()) {
    case TemplateValue::Kind::Missing:
    case TemplateValue::Kind::Null: return false;
    case TemplateValue::Kind::Bool: return value.as_bool();
    case TemplateValue::Kind::Int: return value.as_int() != 0;
    case TemplateValue::Kind::Float: return value.as_float() != 0;
    case TemplateValue::Kind::String: return !value.str().empty();
    case TemplateValue::Kind::List: return !value.items().empty();
    case TemplateValue::Kind::Map: return !value.entries().empty();
  }
  return false;
}

TemplateValue template_value_from_yaml(yaml::Node node) {
  if (!node.valid() || node.is_null()) return TemplateValue::null();
  if (node.is_map()) {
    TemplateValue::Map entries;
    for (auto [key, value] : node.entries()) entries[std::string(key.text())] = template_value_from_yaml(value);
    return TemplateValue::map(std::move(entries));
  }
  if (node.is_sequence()) {
    TemplateValue::List items;
    for (yaml::Node item : node.elements()) items.push_back(template_value_from_yaml(item));
    return TemplateValue::list(std::move(items));
  }
  switch (node.scalar_type()) {
    case yaml::ScalarType::Bool: return TemplateValue::boolean(*node.as_bool());
    case yaml::ScalarType::Int:
    case yaml::ScalarType::Float:
      // sigs.k8s.io/yaml goes through JSON: every number is a float64.
      if (auto n = yaml::parse_yaml_number(node.text())) return TemplateValue::number(*n);
      return TemplateValue::string(std::string(node.text()));
    default: return TemplateValue::string(std::string(node.text()));
  }
}

namespace {

bool equal_at(const TemplateValue& a, const TemplateValue& b, int depth) {
  if (a.kind() != b.kind() || depth > kMaxValueDepth) return false;
  switch (a.kind()) {
    case TemplateValue::Kind::Missing:
    case TemplateValue::Kind::Null: return true;
    case TemplateValue::Kind::Bool: return a.as_bool() == b.as_bool();
    case TemplateValue::Kind::Int: return a.as_int() == b.as_int();
    case TemplateValue::Kind::Float: return a.as_float() == b.as_float();
    case TemplateValue::Kind::String: return a.str() == b.str();
    case TemplateValue::Kind::List:
      if (a.items().size() != b.items().size()) return false;
      for (size_t i = 0; i < a.items().size(); ++i) {
        if (!equal_at(a.items()[i], b.items()[i], depth + 1)) return false;
      }
      return true;
    case TemplateValue::Kind::Map: {
      const auto& x = a.entries();
      const auto& y = b.entries();
      if (x.size() != y.size()) return false;
      for (auto i = x.begin(), j = y.begin(); i != x.end(); ++i, ++j) {
        if (i->first != j->first || !equal_at(i->second, j->second, depth + 1)) return false;
      }
      return true;
    }
  }
  return false;
}

}  // namespace

bool deep_equal(const TemplateValue& a, const TemplateValue& b) { return equal_at(a, b, 0); }

}  // namespace driftlint
