#include "schema/validator.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

#include "base/strings.h"
#include "schema/schema_node.h"
#include "yaml/json.h"

namespace driftlint {

namespace {

uint8_t type_of(yaml::Node n) {
  if (!n.valid() || n.is_null()) return kNull;
  if (n.is_map()) return kObject;
  if (n.is_sequence()) return kArray;
  switch (n.scalar_type()) {
    case yaml::ScalarType::Bool:
      return kBool;
    case yaml::ScalarType::Int:
      return kInteger | kNumber;
    case yaml::ScalarType::Float: {
      std::optional<double> d = n.as_number();
      return d && std::isfinite(*d) && std::floor(*d) == *d ? (kInteger | kNumber) : kNumber;
    }
    case yaml::ScalarType::String:
      return kString;
    default:
      return kNull;
  }
}

std::string type_name(uint8_t t) {
  if (t & kObject) return "an object";
  if (t & kArray) return "a list";
  if (t & kString) return "a string";
  if (t & kInteger) return "an integer";
  if (t & kNumber) return "a number";
  if (t & kBool) return "a boolean";
  return "null";
}

std::string allowed_types(uint8_t t) {
  std::vector<std::string> names;
  if (t & kObject) names.push_back("object");
  if (t & kArray) names.push_back("list");
  if (t & kString) names.push_back("string");
  if (t & kNumber) names.push_back("number");
  else if (t & kInteger) names.push_back("integer");
  if (t & kBool) names.push_back("boolean");
  if (t & kNull) names.push_back("null");
  return join(names, " or ");
}

bool equal(yaml::Node n, const nlohmann::json& j) {
  uint8_t t = type_of(n);
  if (j.is_null()) return t == kNull;
  if (j.is_boolean()) return t == kBool && n.as_bool() == j.get<bool>();
  if (j.is_number()) return (t & kNumber) && n.as_number() && *n.as_number() == j.get<double>();
  if (j.is_string()) return t == kString && n.text() == j.get<std::string>();
  if (j.is_array()) {
    if (t != kArray || n.size() != j.size()) return false;
    for (size_t i = 0; i < j.size(); ++i) {
      if (!equal(n.element(i), j[i])) return false;
    }
    return true;
  }
  if (t != kObject) return false;
  size_t keys = 0;
  for (auto [k, v] : n.entries()) {
    (void)v;
    ++keys;
  }
  if (keys != j.size()) return false;
  for (const auto& [key, value] : j.items()) {
    yaml::Node child = n.get(key);
    if (!child.valid() || !equal(child, value)) return false;
  }
  return true;
}

size_t code_points(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

bool format_ok(const std::string& format, yaml::Node n) {
  std::string_view text = n.text();
  if (format == "int32" || format == "int64") {
    if (!(type_of(n) & kInteger)) return true;  // type decides
    std::optional<double> v = n.as_number();
    if (!v) return true;
    return format == "int64" || (*v >= -2147483648.0 && *v <= 2147483647.0);
  }
  if (type_of(n) != kString) return true;
  if (format == "date-time") {
    return RE2::FullMatch(text, R"(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2}))");
  }
  if (format == "byte") return RE2::FullMatch(text, R"(([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)");
  return true;  // other formats are not checked
}

// `v` with every number a double and no negative zero, as text: two items
// equal as JSON values (1 == 1.0, 0.0 == -0.0) have the same text.
void with_double_numbers(nlohmann::json& v) {
  if (v.is_number()) v = v.get<double>() + 0.0;  // + 0.0 turns -0.0 into 0.0
  if (!v.is_structured()) return;
  for (nlohmann::json& child : v) with_double_numbers(child);  // depth <= 64 (to_json's limit)
}

// The first item of a list equal to an earlier one (as JSON values; 1 and
// 1.0 are the same item), else an invalid node. Items are bucketed by their
// canonical text and compared within a bucket only, so a long list costs n,
// not n squared, and the answer is the one a pairwise search gives.
yaml::Node first_repeated_item(yaml::Node list) {
  std::unordered_map<std::string, std::vector<nlohmann::json>> seen;
  for (yaml::Node e : list.elements()) {
    nlohmann::json v = yaml::to_json(e);
    if (v.is_number()) v = v.get<double>();
    if (v != v) continue;  // holds a NaN: equal to nothing, not even itself
    nlohmann::json canonical = v;
    with_double_numbers(canonical);
    std::vector<nlohmann::json>& bucket = seen[canonical.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)];
    if (std::find(bucket.begin(), bucket.end(), v) != bucket.end()) return e;
    bucket.push_back(std::move(v));
  }
  return {};
}

std::string child_path(const std::string& path, std::string_view key) {
  bool plain = !key.empty();
  for (char c : key) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_');
  if (!plain) return path + "[" + nlohmann::json(std::string(key)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "]";
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

// Where the validator is, as a chain of steps on the stack; spelt out
// ("spec.containers[0].image") only when a problem is reported, since
// nearly every value validates.
struct PathStep {
  const PathStep* parent;
  std::string_view key;  // a field...
  size_t index;          // ...or a list index
  bool is_index;
};

std::string spell(const PathStep* step) {
  if (!step) return "";
  std::string parent = spell(step->parent);
  return step->is_index ? parent + "[" + std::to_string(step->index) + "]" : child_path(parent, step->key);
}

// The closest known name, for "did you mean" (edit distance at most 2).
std::string closest(std::string_view key, const std::map<std::string, const SchemaNode*>& properties) {
  std::string best;
  size_t best_distance = 3;
  for (const auto& [name, node] : properties) {
    (void)node;
    std::vector<size_t> prev(name.size() + 1), cur(name.size() + 1);
    for (size_t j = 0; j <= name.size(); ++j) prev[j] = j;
    for (size_t i = 1; i <= key.size(); ++i) {
      cur[0] = i;
      for (size_t j = 1; j <= name.size(); ++j) {
        cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (key[i - 1] == name[j - 1] ? 0 : 1)});
      }
      std::swap(prev, cur);
    }
    if (prev[name.size()] < best_distance) {
      best_distance = prev[name.size()];
      best = name;
    }
  }
  return best;
}

class Validator {
 public:
  Validator(const Schema& schema, size_t limit, std::vector<SchemaViolation>& out)
      : kubernetes_(schema.options().kubernetes), limit_(limit), out_(out) {}

  // `at` is where to report problems of this value (its key, when it has one).
  void check(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth) {
    if (full() || depth > 64) return;
    while (s->ref) s = s->ref;
    if (s->always_false) return report(at, path, "no value is allowed here");
    uint8_t t = type_of(n);
    if (t == kNull && s->nullable) return;
    if (s->int_or_string) {
      if (!(t & (kInteger | kString))) return report(at, path, "expected an integer or a string, got " + type_name(t));
    } else if (s->types && !(t & s->types)) {
      return report(at, path, "expected " + allowed_types(s->types) + ", got " + type_name(t));
    }
    if (s->has_enum) check_enum(s, n, at, path);
    if (t == kString) check_string(s, n, at, path);
    if (!s->format.empty() && !format_ok(s->format, n)) report(at, path, display_value(n) + " is not a valid " + s->format);
    if (t & kNumber) check_number(s, n, at, path);
    if (s->has_const && !equal(n, s->const_value)) report(at, path, display_value(n) + " must be " + s->const_value.dump());
    if ((t & kNumber) && s->multiple_of && *s->multiple_of > 0) {
      double q = n.as_number().value_or(0) / *s->multiple_of;
      if (std::fabs(q - std::round(q)) > 1e-9 * std::max(1.0, std::fabs(q))) {
        report(at, path, display_value(n) + " is not a multiple of " + format_number(*s->multiple_of));
      }
    }
    if (t == kArray) check_array(s, n, at, path, depth);
    if (s->if_schema) {
      const SchemaNode* branch = passes(s->if_schema, n, depth) ? s->then_schema : s->else_schema;
      if (branch) check(branch, n, at, path, depth + 1);
    }
    if (t == kObject) check_object(s, n, at, path, depth);
    check_combinators(s, n, at, path, depth);
  }

 private:
  void check_enum(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path) {
    bool any = false;
    for (const nlohmann::json& v : s->enum_values) any = any || equal(n, v);
    if (!any) {
      std::vector<std::string> shown;
      for (size_t i = 0; i < s->enum_values.size() && i < 8; ++i) shown.push_back(s->enum_values[i].dump());
      report(at, path, display_value(n) + " is not one of " + join(shown, ", ") + (s->enum_values.size() > 8 ? ", ..." : ""));
    }
  }

  void check_string(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path) {
    std::string_view text = n.text();
    if (s->pattern && !RE2::PartialMatch(text, *s->pattern)) report(at, path, display_value(n) + " does not match the pattern " + quote_for_message(s->pattern_text));
    size_t length = code_points(text);
    if (s->min_length && length < *s->min_length) report(at, path, "shorter than " + std::to_string(*s->min_length) + " characters");
    if (s->max_length && length > *s->max_length) report(at, path, "longer than " + std::to_string(*s->max_length) + " characters");
  }

  void check_number(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path) {
    double v = n.as_number().value_or(0);
    if (s->minimum && v < *s->minimum) report(at, path, display_value(n) + " is less than the minimum " + format_number(*s->minimum));
    if (s->maximum && v > *s->maximum) report(at, path, display_value(n) + " is more than the maximum " + format_number(*s->maximum));
    if (s->exclusive_minimum && v <= *s->exclusive_minimum) report(at, path, display_value(n) + " must be more than " + format_number(*s->exclusive_minimum));
    if (s->exclusive_maximum && v >= *s->exclusive_maximum) report(at, path, display_value(n) + " must be less than " + format_number(*s->exclusive_maximum));
  }

  void check_array(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth) {
    if (s->min_items && n.size() < *s->min_items) report(at, path, "fewer than " + std::to_string(*s->min_items) + " items");
    if (s->max_items && n.size() > *s->max_items) report(at, path, "more than " + std::to_string(*s->max_items) + " items");
    for (size_t i = 0; i < n.size() && !full(); ++i) {
      const SchemaNode* item = i < s->tuple_items.size() ? s->tuple_items[i]
                               : s->tuple_items.empty()     ? s->items
                                                            : s->additional_items;
      PathStep step{path, {}, i, true};
      if (item) check(item, n.element(i), n.element(i), &step, depth + 1);
    }
    if (s->unique_items) {
      if (yaml::Node e = first_repeated_item(n)) report(at, path, "items must be unique, " + display_value(e) + " is repeated");
    }
    if (s->contains) {
      bool any = false;
      for (yaml::Node e : n.elements()) any = any || passes(s->contains, e, depth);
      if (!any) report(at, path, "no item matches what the list must contain");
    }
  }

  // allOf, anyOf, oneOf and not.
  void check_combinators(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth) {
    for (const SchemaNode* sub : s->all_of) check(sub, n, at, path, depth + 1);
    if (!s->any_of.empty()) {
      bool any = false;
      for (const SchemaNode* sub : s->any_of) any = any || passes(sub, n, depth);
      if (!any) report(at, path, "matches none of the " + std::to_string(s->any_of.size()) + " allowed forms (anyOf)");
    }
    if (!s->one_of.empty()) {
      size_t matches = 0;
      for (const SchemaNode* sub : s->one_of) matches += passes(sub, n, depth);
      if (matches != 1) {
        report(at, path, matches == 0 ? "matches none of the " + std::to_string(s->one_of.size()) + " allowed forms (oneOf)"
                                      : "matches " + std::to_string(matches) + " of the forms where exactly one is allowed (oneOf)");
      }
    }
    if (s->not_schema && passes(s->not_schema, n, depth)) report(at, path, "matches a form that is not allowed (not)");
  }

  void check_object(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth) {
    for (const std::string& name : s->required) {
      if (!n.get(name).valid()) report(at, path, "missing required field " + quote_for_message(name));
    }
    std::set<std::string_view> keys;  // distinct field names, only when a keyword needs them
    if (s->min_properties || s->max_properties || !s->dependent_required.empty() || !s->dependent_schemas.empty()) {
      for (auto [key, value] : n.entries()) {
        (void)value;
        keys.insert(key.text());
      }
    }
    if (s->min_properties && keys.size() < *s->min_properties) report(at, path, "fewer than " + std::to_string(*s->min_properties) + " fields");
    if (s->max_properties && keys.size() > *s->max_properties) report(at, path, "more than " + std::to_string(*s->max_properties) + " fields");
    for (const auto& [name, needed] : s->dependent_required) {
      if (!keys.count(name)) continue;
      for (const std::string& other : needed) {
        if (!keys.count(other)) report(at, path, quote_for_message(name) + " needs " + quote_for_message(other) + " beside it");
      }
    }
    for (const auto& [name, schema] : s->dependent_schemas) {
      if (keys.count(name)) check(schema, n, at, path, depth + 1);
    }
    bool closed = s->additional == SchemaNode::Additional::Forbidden ||
                  (kubernetes_ && s->additional == SchemaNode::Additional::Unspecified && !s->properties.empty() &&
                   !s->preserve_unknown);
    for (auto [key, value] : n.entries()) {
      if (full()) return;  // nothing more would be kept: a 900,000-key map stops at the limit
      std::string_view name = key.text();
      PathStep sub{path, name, 0, false};
      const PathStep* sub_path = &sub;
      if (s->property_names && !passes(s->property_names, key, depth)) report(key, sub_path, "field name " + quote_for_message(name) + " is not allowed");
      bool last = n.get(name) == value;  // constant time on a large map (its key table); a key written twice: Kubernetes keeps the last, so that one is checked
      bool matched_pattern = false;
      for (const auto& [re, schema] : s->pattern_properties) {
        if (!RE2::PartialMatch(name, *re)) continue;
        matched_pattern = true;
        if (last) check(schema, value, key, sub_path, depth + 1);
      }
      auto it = s->properties.find(std::string(name));
      if (it != s->properties.end()) {
        if (last) check(it->second, value, key, sub_path, depth + 1);
        continue;
      }
      if (matched_pattern) continue;
      if (s->embedded_resource && (name == "apiVersion" || name == "kind" || name == "metadata")) continue;
      if (s->additional == SchemaNode::Additional::Schema) {
        check(s->additional_schema, value, key, sub_path, depth + 1);
      } else if (closed) {
        std::string suggestion = closest(name, s->properties);
        report(key, sub_path, "unknown field " + quote_for_message(name) + (suggestion.empty() ? "" : " (did you mean '" + suggestion + "'?)"));
      }
    }
    if (s->embedded_resource) {
      for (const char* field : {"apiVersion", "kind"}) {
        if (!n.get(field).as_string()) report(at, path, "an embedded object needs '" + std::string(field) + "'");
      }
    }
  }

  bool passes(const SchemaNode* s, yaml::Node n, int depth) {
    std::vector<SchemaViolation> scratch;
    Validator inner(*this, scratch);
    inner.check(s, n, n, nullptr, depth + 1);
    return scratch.empty();
  }

  Validator(const Validator& outer, std::vector<SchemaViolation>& out) : kubernetes_(outer.kubernetes_), limit_(1), out_(out) {}

  bool full() const { return out_.size() >= limit_; }

  void report(yaml::Node at, const PathStep* path, std::string message) {
    if (!full()) out_.push_back({spell(path), at, std::move(message)});
  }

  bool kubernetes_;
  size_t limit_;
  std::vector<SchemaViolation>& out_;
};

}  // namespace

std::vector<SchemaViolation> validate(const Schema& schema, yaml::Node instance, size_t limit) {
  std::vector<SchemaViolation> out;
  Validator(schema, limit, out).check(schema.root(), instance, instance, nullptr, 0);
  return out;
}

}  // namespace driftlint
