#include "schema/validator.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

#include "base/strings.h"
#include "drift/diff.h"
#include "yaml/json.h"

namespace driftlint {

enum TypeBit : uint8_t { kNull = 1, kBool = 2, kInteger = 4, kNumber = 8, kString = 16, kArray = 32, kObject = 64 };

struct SchemaNode {
  bool always_false = false;
  uint8_t types = 0;  // 0: any
  bool nullable = false;
  bool int_or_string = false;
  bool preserve_unknown = false;
  bool embedded_resource = false;
  std::map<std::string, const SchemaNode*> properties;
  std::vector<std::string> required;
  const SchemaNode* items = nullptr;
  std::vector<const SchemaNode*> tuple_items;
  enum class Additional { Unspecified, Allowed, Forbidden, Schema } additional = Additional::Unspecified;
  const SchemaNode* additional_schema = nullptr;
  bool has_enum = false;
  std::vector<nlohmann::json> enum_values;
  std::shared_ptr<RE2> pattern;
  std::string pattern_text;
  std::optional<double> minimum, maximum, exclusive_minimum, exclusive_maximum;
  std::optional<uint64_t> min_length, max_length, min_items, max_items;
  std::string format;
  std::vector<const SchemaNode*> all_of, any_of, one_of;
  const SchemaNode* not_schema = nullptr;
  const SchemaNode* ref = nullptr;
  std::vector<std::pair<std::shared_ptr<RE2>, const SchemaNode*>> pattern_properties;
  const SchemaNode* additional_items = nullptr;  // for items past a tuple
  std::optional<uint64_t> min_properties, max_properties;
  std::optional<double> multiple_of;
  bool has_const = false;
  nlohmann::json const_value;
  bool unique_items = false;
  const SchemaNode* contains = nullptr;
  const SchemaNode* property_names = nullptr;
  const SchemaNode* if_schema = nullptr;
  const SchemaNode* then_schema = nullptr;
  const SchemaNode* else_schema = nullptr;
  std::vector<std::pair<std::string, std::vector<std::string>>> dependent_required;
  std::vector<std::pair<std::string, const SchemaNode*>> dependent_schemas;
};

class SchemaCompiler {
 public:
  SchemaCompiler(Schema& schema) : schema_(schema) {}

  Expected<const SchemaNode*> compile(const nlohmann::json& j, const std::string& pointer) {
    if (auto it = by_pointer_.find(pointer); it != by_pointer_.end()) return it->second;
    SchemaNode& node = schema_.nodes_.emplace_back();
    by_pointer_[pointer] = &node;  // before the children: refs may loop back
    if (j.is_boolean()) {
      node.always_false = !j.get<bool>();
      return &node;
    }
    if (!j.is_object()) return Error{"schema at '" + pointer + "' is not an object"};
    auto fail = [&](const std::string& keyword, const std::string& what) -> Error {
      return Error{"schema keyword '" + keyword + "' at '" + pointer + "': " + what};
    };
    if (auto r = j.find("$ref"); r != j.end()) {
      if (!r->is_string()) return fail("$ref", "not a string");
      std::string target = r->get<std::string>();
      if (target.empty() || target[0] != '#') return fail("$ref", "only references inside the schema are supported ('" + target + "')");
      nlohmann::json::json_pointer ptr;
      try {
        ptr = nlohmann::json::json_pointer(target.substr(1));
      } catch (const nlohmann::json::exception& e) {
        return fail("$ref", e.what());
      }
      if (!schema_.source_.contains(ptr)) return fail("$ref", "'" + target + "' points at nothing");
      auto resolved = compile(schema_.source_.at(ptr), target.substr(1));
      if (!resolved) return resolved.error();
      node.ref = *resolved;
      return &node;  // siblings of $ref are ignored (drafts 4 to 7)
    }
    if (auto t = j.find("type"); t != j.end()) {
      auto bit = [](const std::string& name) -> uint8_t {
        if (name == "null") return kNull;
        if (name == "boolean") return kBool;
        if (name == "integer") return kInteger;
        if (name == "number") return kNumber | kInteger;
        if (name == "string") return kString;
        if (name == "array") return kArray;
        if (name == "object") return kObject;
        return 0;
      };
      std::vector<std::string> names;
      if (t->is_string()) names.push_back(t->get<std::string>());
      else if (t->is_array()) {
        for (const auto& e : *t) {
          if (e.is_string()) names.push_back(e.get<std::string>());
        }
      }
      for (const std::string& n : names) {
        uint8_t b = bit(n);
        if (!b) return fail("type", "unknown type '" + n + "'");
        node.types |= b;
      }
    }
    auto flag = [&](const char* key) { return j.contains(key) && j[key].is_boolean() && j[key].get<bool>(); };
    node.nullable = flag("nullable");
    node.int_or_string = flag("x-kubernetes-int-or-string");
    node.preserve_unknown = flag("x-kubernetes-preserve-unknown-fields");
    node.embedded_resource = flag("x-kubernetes-embedded-resource");
    if (auto p = j.find("properties"); p != j.end() && p->is_object()) {
      for (const auto& [key, sub] : p->items()) {
        auto c = compile(sub, pointer + "/properties/" + escape(key));
        if (!c) return c.error();
        node.properties[key] = *c;
      }
    }
    if (auto r = j.find("required"); r != j.end() && r->is_array()) {
      for (const auto& e : *r) {
        if (e.is_string()) node.required.push_back(e.get<std::string>());
      }
    }
    if (auto i = j.find("items"); i != j.end()) {
      if (i->is_array()) {
        for (size_t k = 0; k < i->size(); ++k) {
          auto c = compile((*i)[k], pointer + "/items/" + std::to_string(k));
          if (!c) return c.error();
          node.tuple_items.push_back(*c);
        }
      } else {
        auto c = compile(*i, pointer + "/items");
        if (!c) return c.error();
        node.items = *c;
      }
    }
    if (auto a = j.find("additionalProperties"); a != j.end()) {
      if (a->is_boolean()) {
        node.additional = a->get<bool>() ? SchemaNode::Additional::Allowed : SchemaNode::Additional::Forbidden;
      } else {
        auto c = compile(*a, pointer + "/additionalProperties");
        if (!c) return c.error();
        node.additional = SchemaNode::Additional::Schema;
        node.additional_schema = *c;
      }
    }
    if (auto e = j.find("enum"); e != j.end() && e->is_array()) {
      node.has_enum = true;
      node.enum_values.assign(e->begin(), e->end());
    }
    if (auto p = j.find("pattern"); p != j.end() && p->is_string()) {
      node.pattern_text = p->get<std::string>();
      RE2::Options o;
      o.set_log_errors(false);
      auto re = std::make_shared<RE2>(node.pattern_text, o);
      // ECMA-262 features RE2 lacks (look-around, back-references) cannot be
      // checked: the keyword is left out, and said so.
      if (re->ok()) node.pattern = re;
      else schema_.unsupported_.push_back("pattern '" + node.pattern_text + "' at '" + pointer + "': " + re->error());
    }
    auto number = [&](const char* key) -> std::optional<double> {
      if (auto v = j.find(key); v != j.end() && v->is_number()) return v->get<double>();
      return std::nullopt;
    };
    auto count = [&](const char* key) -> std::optional<uint64_t> {
      if (auto v = j.find(key); v != j.end() && v->is_number() && v->get<double>() >= 0) return static_cast<uint64_t>(v->get<double>());
      return std::nullopt;
    };
    node.minimum = number("minimum");
    node.maximum = number("maximum");
    // Draft 4 writes exclusiveMinimum: true beside minimum; later drafts a number.
    if (auto e = j.find("exclusiveMinimum"); e != j.end()) {
      if (e->is_boolean() && e->get<bool>() && node.minimum) node.exclusive_minimum = std::exchange(node.minimum, std::nullopt);
      else if (e->is_number()) node.exclusive_minimum = e->get<double>();
    }
    if (auto e = j.find("exclusiveMaximum"); e != j.end()) {
      if (e->is_boolean() && e->get<bool>() && node.maximum) node.exclusive_maximum = std::exchange(node.maximum, std::nullopt);
      else if (e->is_number()) node.exclusive_maximum = e->get<double>();
    }
    node.min_length = count("minLength");
    node.max_length = count("maxLength");
    node.min_items = count("minItems");
    node.max_items = count("maxItems");
    if (auto f = j.find("format"); f != j.end() && f->is_string()) node.format = f->get<std::string>();
    for (auto [key, target] : {std::pair<const char*, std::vector<const SchemaNode*>*>{"allOf", &node.all_of}, {"anyOf", &node.any_of}, {"oneOf", &node.one_of}}) {
      if (auto list = j.find(key); list != j.end() && list->is_array()) {
        for (size_t k = 0; k < list->size(); ++k) {
          auto c = compile((*list)[k], pointer + "/" + key + "/" + std::to_string(k));
          if (!c) return c.error();
          target->push_back(*c);
        }
      }
    }
    if (auto n = j.find("not"); n != j.end()) {
      auto c = compile(*n, pointer + "/not");
      if (!c) return c.error();
      node.not_schema = *c;
    }
    if (auto pp = j.find("patternProperties"); pp != j.end() && pp->is_object()) {
      for (const auto& [pattern, sub] : pp->items()) {
        RE2::Options o;
        o.set_log_errors(false);
        auto re = std::make_shared<RE2>(pattern, o);
        if (!re->ok()) {
          schema_.unsupported_.push_back("patternProperties '" + pattern + "' at '" + pointer + "': " + re->error());
          continue;
        }
        auto c = compile(sub, pointer + "/patternProperties/" + escape(pattern));
        if (!c) return c.error();
        node.pattern_properties.emplace_back(re, *c);
      }
    }
    // Sub-schemas under a keyword: compiled, or nullptr when absent.
    auto sub = [&](const char* key, const SchemaNode*& target) -> Status {
      auto it = j.find(key);
      if (it == j.end()) return {};
      auto c = compile(*it, pointer + "/" + key);
      if (!c) return c.error();
      target = *c;
      return {};
    };
    for (auto [key, target] : {std::pair<const char*, const SchemaNode**>{"additionalItems", &node.additional_items},
                               {"contains", &node.contains}, {"propertyNames", &node.property_names},
                               {"if", &node.if_schema}, {"then", &node.then_schema}, {"else", &node.else_schema}}) {
      if (Status st = sub(key, *target); !st) return st.error();
    }
    node.min_properties = count("minProperties");
    node.max_properties = count("maxProperties");
    node.multiple_of = number("multipleOf");
    if (auto c = j.find("const"); c != j.end()) {
      node.has_const = true;
      node.const_value = *c;
    }
    node.unique_items = flag("uniqueItems");
    if (auto d = j.find("dependencies"); d != j.end() && d->is_object()) {
      for (const auto& [key, value] : d->items()) {
        if (value.is_array()) {
          std::vector<std::string> names;
          for (const auto& e : value) {
            if (e.is_string()) names.push_back(e.get<std::string>());
          }
          node.dependent_required.emplace_back(key, std::move(names));
        } else {
          auto c = compile(value, pointer + "/dependencies/" + escape(key));
          if (!c) return c.error();
          node.dependent_schemas.emplace_back(key, *c);
        }
      }
    }
    return &node;
  }

 private:
  static std::string escape(const std::string& key) {
    std::string out;
    for (char c : key) {
      if (c == '~') out += "~0";
      else if (c == '/') out += "~1";
      else out += c;
    }
    return out;
  }
  Schema& schema_;
  std::unordered_map<std::string, const SchemaNode*> by_pointer_;
};

Expected<std::shared_ptr<const Schema>> Schema::compile(const nlohmann::json& source, const SchemaOptions& options) {
  auto schema = std::make_shared<Schema>();
  schema->options_ = options;
  schema->source_ = source;
  SchemaCompiler compiler(*schema);
  auto root = compiler.compile(schema->source_, "");
  if (!root) return root.error();
  schema->root_ = *root;
  return std::shared_ptr<const Schema>(std::move(schema));
}

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
    if (out_.size() >= limit_ || depth > 64) return;
    while (s->ref) s = s->ref;
    if (s->always_false) return report(at, path, "no value is allowed here");
    uint8_t t = type_of(n);
    if (t == kNull && s->nullable) return;
    if (s->int_or_string) {
      if (!(t & (kInteger | kString))) return report(at, path, "expected an integer or a string, got " + type_name(t));
    } else if (s->types && !(t & s->types)) {
      return report(at, path, "expected " + allowed_types(s->types) + ", got " + type_name(t));
    }
    if (s->has_enum) {
      bool any = false;
      for (const nlohmann::json& v : s->enum_values) any = any || equal(n, v);
      if (!any) {
        std::vector<std::string> shown;
        for (size_t i = 0; i < s->enum_values.size() && i < 8; ++i) shown.push_back(s->enum_values[i].dump());
        report(at, path, display_value(n) + " is not one of " + join(shown, ", ") + (s->enum_values.size() > 8 ? ", ..." : ""));
      }
    }
    if (t == kString) {
      std::string_view text = n.text();
      if (s->pattern && !RE2::PartialMatch(text, *s->pattern)) report(at, path, display_value(n) + " does not match the pattern " + quote_for_message(s->pattern_text));
      size_t length = code_points(text);
      if (s->min_length && length < *s->min_length) report(at, path, "shorter than " + std::to_string(*s->min_length) + " characters");
      if (s->max_length && length > *s->max_length) report(at, path, "longer than " + std::to_string(*s->max_length) + " characters");
    }
    if (!s->format.empty() && !format_ok(s->format, n)) report(at, path, display_value(n) + " is not a valid " + s->format);
    if (t & kNumber) {
      double v = n.as_number().value_or(0);
      if (s->minimum && v < *s->minimum) report(at, path, display_value(n) + " is less than the minimum " + format_number(*s->minimum));
      if (s->maximum && v > *s->maximum) report(at, path, display_value(n) + " is more than the maximum " + format_number(*s->maximum));
      if (s->exclusive_minimum && v <= *s->exclusive_minimum) report(at, path, display_value(n) + " must be more than " + format_number(*s->exclusive_minimum));
      if (s->exclusive_maximum && v >= *s->exclusive_maximum) report(at, path, display_value(n) + " must be less than " + format_number(*s->exclusive_maximum));
    }
    if (s->has_const && !equal(n, s->const_value)) report(at, path, display_value(n) + " must be " + s->const_value.dump());
    if ((t & kNumber) && s->multiple_of && *s->multiple_of > 0) {
      double q = n.as_number().value_or(0) / *s->multiple_of;
      if (std::fabs(q - std::round(q)) > 1e-9 * std::max(1.0, std::fabs(q))) {
        report(at, path, display_value(n) + " is not a multiple of " + format_number(*s->multiple_of));
      }
    }
    if (t == kArray) {
      if (s->min_items && n.size() < *s->min_items) report(at, path, "fewer than " + std::to_string(*s->min_items) + " items");
      if (s->max_items && n.size() > *s->max_items) report(at, path, "more than " + std::to_string(*s->max_items) + " items");
      for (size_t i = 0; i < n.size(); ++i) {
        const SchemaNode* item = i < s->tuple_items.size() ? s->tuple_items[i]
                                 : s->tuple_items.empty()     ? s->items
                                                              : s->additional_items;
        PathStep step{path, {}, i, true};
        if (item) check(item, n.element(i), n.element(i), &step, depth + 1);
      }
      if (s->unique_items) {
        std::vector<nlohmann::json> seen;
        for (yaml::Node e : n.elements()) {
          nlohmann::json v = yaml::to_json(e);
          if (v.is_number()) v = v.get<double>();  // 1 and 1.0 are the same item
          if (std::find(seen.begin(), seen.end(), v) != seen.end()) {
            report(at, path, "items must be unique, " + display_value(e) + " is repeated");
            break;
          }
          seen.push_back(std::move(v));
        }
      }
      if (s->contains) {
        bool any = false;
        for (yaml::Node e : n.elements()) any = any || passes(s->contains, e, depth);
        if (!any) report(at, path, "no item matches what the list must contain");
      }
    }
    if (s->if_schema) {
      const SchemaNode* branch = passes(s->if_schema, n, depth) ? s->then_schema : s->else_schema;
      if (branch) check(branch, n, at, path, depth + 1);
    }
    if (t == kObject) check_object(s, n, at, path, depth);
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

 private:
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
      std::string_view name = key.text();
      PathStep sub{path, name, 0, false};
      const PathStep* sub_path = &sub;
      if (s->property_names && !passes(s->property_names, key, depth)) report(key, sub_path, "field name " + quote_for_message(name) + " is not allowed");
      bool last = n.get(name) == value;  // a key written twice: Kubernetes keeps the last, so that one is checked
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

  void report(yaml::Node at, const PathStep* path, std::string message) {
    if (out_.size() < limit_) out_.push_back({spell(path), at, std::move(message)});
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
