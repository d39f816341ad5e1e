// Compiles a JSON Schema document into SchemaNodes once (regexes included).
#include <string>
#include <unordered_map>
#include <utility>

#include "schema/schema_node.h"
#include "schema/validator.h"

namespace driftlint {

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

}  // namespace driftlint
