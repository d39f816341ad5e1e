// Compiles a JSON Schema document into SchemaNodes once (regexes included).
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "schema/schema_keywords.h"
#include "schema/schema_node.h"
#include "schema/validator.h"

namespace driftlint {

class SchemaCompiler {
 public:
  SchemaCompiler(Schema& schema, const nlohmann::json& source) : schema_(schema), source_(source) {}

  Expected<const SchemaNode*> compile(const nlohmann::json& j, const std::string& pointer) {
    if (auto it = by_pointer_.find(pointer); it != by_pointer_.end()) return it->second;
    SchemaNode& node = schema_.nodes_.emplace_back();
    by_pointer_[pointer] = &node;  // before the children: refs may loop back
    if (j.is_boolean()) {
      node.always_false = !j.get<bool>();
      return &node;
    }
    if (!j.is_object()) return Error{"schema at '" + pointer + "' is not an object"};
    Site site{j, node, pointer};
    if (const nlohmann::json* ref = keyword(j, "$ref")) {
      if (Status s = compile_ref(site, *ref); !s) return s.error();
      return &node;  // siblings of $ref are ignored (drafts 4 to 7)
    }
    if (Status s = compile_keywords(site); !s) return s.error();
    return &node;
  }

 private:
  // One schema object being compiled: its JSON, its node and its pointer.
  struct Site {
    const nlohmann::json& j;
    SchemaNode& node;
    const std::string& pointer;

    Error fail(const std::string& keyword, const std::string& what) const {
      return Error{"schema keyword '" + keyword + "' at '" + pointer + "': " + what};
    }
  };

  using KeywordStep = Status (SchemaCompiler::*)(const Site&);

  Status compile_keywords(const Site& site) {
    // Keywords compile in this order, the families interleaved: it decides
    // which error, and which unchecked pattern, a schema reports first.
    for (KeywordStep step : {&SchemaCompiler::compile_type, &SchemaCompiler::compile_kubernetes_flags,
                             &SchemaCompiler::compile_properties, &SchemaCompiler::compile_required,
                             &SchemaCompiler::compile_items, &SchemaCompiler::compile_additional_properties,
                             &SchemaCompiler::compile_enum, &SchemaCompiler::compile_pattern,
                             &SchemaCompiler::compile_number_bounds, &SchemaCompiler::compile_string_bounds,
                             &SchemaCompiler::compile_item_counts, &SchemaCompiler::compile_all_any_one_of,
                             &SchemaCompiler::compile_not, &SchemaCompiler::compile_pattern_properties,
                             &SchemaCompiler::compile_additional_items, &SchemaCompiler::compile_contains,
                             &SchemaCompiler::compile_property_names, &SchemaCompiler::compile_conditional,
                             &SchemaCompiler::compile_property_counts, &SchemaCompiler::compile_const,
                             &SchemaCompiler::compile_unique_items, &SchemaCompiler::compile_dependencies}) {
      if (Status s = (this->*step)(site); !s) return s;
    }
    return {};
  }

  // The sub-schema under site.pointer + suffix.
  Expected<const SchemaNode*> compile_child(const Site& site, const nlohmann::json& j, const std::string& suffix) {
    return compile(j, site.pointer + suffix);
  }

  // A keyword holding one sub-schema: compiled into `target`, left nullptr when absent.
  Status compile_sub_schema(const Site& site, const char* key, const SchemaNode*& target) {
    const nlohmann::json* sub = keyword(site.j, key);
    if (!sub) return {};
    auto c = compile_child(site, *sub, std::string("/") + key);
    if (!c) return c.error();
    target = *c;
    return {};
  }

  // --- $ref: only local references ("#/..."), resolved against the whole schema.

  Status compile_ref(const Site& site, const nlohmann::json& ref) {
    if (!ref.is_string()) return site.fail("$ref", "not a string");
    std::string target = ref.get<std::string>();
    if (target.empty() || target[0] != '#') {
      return site.fail("$ref", "only references inside the schema are supported ('" + target + "')");
    }
    nlohmann::json::json_pointer ptr;
    try {
      ptr = nlohmann::json::json_pointer(target.substr(1));
    } catch (const nlohmann::json::exception& e) {
      return site.fail("$ref", e.what());
    }
    if (!source_.contains(ptr)) return site.fail("$ref", "'" + target + "' points at nothing");
    auto resolved = compile(source_.at(ptr), target.substr(1));
    if (!resolved) return resolved.error();
    site.node.ref = *resolved;
    return {};
  }

  // --- Types: type, nullable and the x-kubernetes extensions.

  Status compile_type(const Site& site) {
    const nlohmann::json* t = keyword(site.j, "type");
    if (!t) return {};
    std::vector<std::string> names;
    if (t->is_string()) names.push_back(t->get<std::string>());
    else if (t->is_array()) names = strings_in(*t);
    for (const std::string& n : names) {
      uint8_t b = type_bit(n);
      if (!b) return site.fail("type", "unknown type '" + n + "'");
      site.node.types |= b;
    }
    return {};
  }

  Status compile_kubernetes_flags(const Site& site) {
    site.node.nullable = keyword_flag(site.j, "nullable");
    site.node.int_or_string = keyword_flag(site.j, "x-kubernetes-int-or-string");
    site.node.preserve_unknown = keyword_flag(site.j, "x-kubernetes-preserve-unknown-fields");
    site.node.embedded_resource = keyword_flag(site.j, "x-kubernetes-embedded-resource");
    if (const nlohmann::json* d = keyword(site.j, "default"); d && !d->is_null()) {
      site.node.has_default = true;
      site.node.default_value = *d;
    }
    if (const nlohmann::json* lt = keyword(site.j, "x-kubernetes-list-type"); lt && lt->is_string()) {
      if (*lt == "set") site.node.list_type = SchemaNode::ListType::Set;
      if (*lt == "map") site.node.list_type = SchemaNode::ListType::Map;
    }
    if (const nlohmann::json* keys = keyword(site.j, "x-kubernetes-list-map-keys"); keys && keys->is_array()) {
      site.node.list_map_keys = strings_in(*keys);
    }
    if (site.node.list_type == SchemaNode::ListType::Map && site.node.list_map_keys.empty()) {
      site.node.list_type = SchemaNode::ListType::Atomic;  // no keys: nothing to compare by
    }
    // CEL rules are the API server's to evaluate: counted, never judged here.
    if (const nlohmann::json* rules = keyword(site.j, "x-kubernetes-validations"); rules && rules->is_array()) {
      schema_.cel_rules_ += rules->size();
    }
    return {};
  }

  // --- Object keywords.

  Status compile_properties(const Site& site) {
    const nlohmann::json* p = keyword(site.j, "properties");
    if (!p || !p->is_object()) return {};
    for (const auto& [key, sub] : p->items()) {
      auto c = compile_child(site, sub, "/properties/" + escape_pointer_token(key));
      if (!c) return c.error();
      site.node.properties[key] = *c;
    }
    return {};
  }

  Status compile_required(const Site& site) {
    if (const nlohmann::json* r = keyword(site.j, "required"); r && r->is_array()) {
      site.node.required = strings_in(*r);
    }
    return {};
  }

  Status compile_additional_properties(const Site& site) {
    const nlohmann::json* a = keyword(site.j, "additionalProperties");
    if (!a) return {};
    if (a->is_boolean()) {
      site.node.additional = a->get<bool>() ? SchemaNode::Additional::Allowed : SchemaNode::Additional::Forbidden;
      return {};
    }
    auto c = compile_child(site, *a, "/additionalProperties");
    if (!c) return c.error();
    site.node.additional = SchemaNode::Additional::Schema;
    site.node.additional_schema = *c;
    return {};
  }

  Status compile_pattern_properties(const Site& site) {
    const nlohmann::json* pp = keyword(site.j, "patternProperties");
    if (!pp || !pp->is_object()) return {};
    for (const auto& [pattern, sub] : pp->items()) {
      auto re = make_regex(pattern);
      if (!re->ok()) {
        schema_.unsupported_.push_back("patternProperties '" + pattern + "' at '" + site.pointer + "': " +
                                       re->error());
        continue;
      }
      auto c = compile_child(site, sub, "/patternProperties/" + escape_pointer_token(pattern));
      if (!c) return c.error();
      site.node.pattern_properties.emplace_back(re, *c);
    }
    return {};
  }

  Status compile_property_names(const Site& site) {
    return compile_sub_schema(site, "propertyNames", site.node.property_names);
  }

  Status compile_property_counts(const Site& site) {
    site.node.min_properties = keyword_count(site.j, "minProperties");
    site.node.max_properties = keyword_count(site.j, "maxProperties");
    return {};
  }

  // dependencies: a list of property names (dependent required) or a schema.
  Status compile_dependencies(const Site& site) {
    const nlohmann::json* d = keyword(site.j, "dependencies");
    if (!d || !d->is_object()) return {};
    for (const auto& [key, value] : d->items()) {
      if (value.is_array()) {
        site.node.dependent_required.emplace_back(key, strings_in(value));
        continue;
      }
      auto c = compile_child(site, value, "/dependencies/" + escape_pointer_token(key));
      if (!c) return c.error();
      site.node.dependent_schemas.emplace_back(key, *c);
    }
    return {};
  }

  // --- Array keywords.

  // items: one schema for every item, or a list of schemas (a tuple).
  Status compile_items(const Site& site) {
    const nlohmann::json* i = keyword(site.j, "items");
    if (!i) return {};
    if (!i->is_array()) {
      auto c = compile_child(site, *i, "/items");
      if (!c) return c.error();
      site.node.items = *c;
      return {};
    }
    for (size_t k = 0; k < i->size(); ++k) {
      auto c = compile_child(site, (*i)[k], "/items/" + std::to_string(k));
      if (!c) return c.error();
      site.node.tuple_items.push_back(*c);
    }
    return {};
  }

  Status compile_additional_items(const Site& site) {
    return compile_sub_schema(site, "additionalItems", site.node.additional_items);
  }

  Status compile_contains(const Site& site) { return compile_sub_schema(site, "contains", site.node.contains); }

  Status compile_item_counts(const Site& site) {
    site.node.min_items = keyword_count(site.j, "minItems");
    site.node.max_items = keyword_count(site.j, "maxItems");
    return {};
  }

  Status compile_unique_items(const Site& site) {
    site.node.unique_items = keyword_flag(site.j, "uniqueItems");
    return {};
  }

  // --- Value keywords: enum, const, and the bounds of strings and numbers.

  Status compile_enum(const Site& site) {
    if (const nlohmann::json* e = keyword(site.j, "enum"); e && e->is_array()) {
      site.node.has_enum = true;
      site.node.enum_values.assign(e->begin(), e->end());
    }
    return {};
  }

  Status compile_const(const Site& site) {
    if (const nlohmann::json* c = keyword(site.j, "const")) {
      site.node.has_const = true;
      site.node.const_value = *c;
    }
    return {};
  }

  Status compile_pattern(const Site& site) {
    const nlohmann::json* p = keyword(site.j, "pattern");
    if (!p || !p->is_string()) return {};
    site.node.pattern_text = p->get<std::string>();
    auto re = make_regex(site.node.pattern_text);
    // ECMA-262 features RE2 lacks (look-around, back-references) cannot be
    // checked: the keyword is left out, and said so.
    if (re->ok()) site.node.pattern = re;
    else schema_.unsupported_.push_back("pattern '" + site.node.pattern_text + "' at '" + site.pointer + "': " +
                                        re->error());
    return {};
  }

  Status compile_number_bounds(const Site& site) {
    SchemaNode& node = site.node;
    node.minimum = keyword_number(site.j, "minimum");
    node.maximum = keyword_number(site.j, "maximum");
    read_exclusive_bound(site.j, "exclusiveMinimum", node.minimum, node.exclusive_minimum);
    read_exclusive_bound(site.j, "exclusiveMaximum", node.maximum, node.exclusive_maximum);
    node.multiple_of = keyword_number(site.j, "multipleOf");
    return {};
  }

  Status compile_string_bounds(const Site& site) {
    site.node.min_length = keyword_count(site.j, "minLength");
    site.node.max_length = keyword_count(site.j, "maxLength");
    if (const nlohmann::json* f = keyword(site.j, "format"); f && f->is_string()) {
      site.node.format = f->get<std::string>();
      site.node.quantity = site.node.format == "quantity";
    }
    return {};
  }

  // --- Combinators: allOf, anyOf, oneOf, not, if/then/else.

  Status compile_all_any_one_of(const Site& site) {
    for (auto [key, target] : {std::pair<const char*, std::vector<const SchemaNode*>*>{"allOf", &site.node.all_of},
                               {"anyOf", &site.node.any_of},
                               {"oneOf", &site.node.one_of}}) {
      const nlohmann::json* list = keyword(site.j, key);
      if (!list || !list->is_array()) continue;
      for (size_t k = 0; k < list->size(); ++k) {
        auto c = compile_child(site, (*list)[k], std::string("/") + key + "/" + std::to_string(k));
        if (!c) return c.error();
        target->push_back(*c);
      }
    }
    return {};
  }

  Status compile_not(const Site& site) { return compile_sub_schema(site, "not", site.node.not_schema); }

  Status compile_conditional(const Site& site) {
    if (Status s = compile_sub_schema(site, "if", site.node.if_schema); !s) return s;
    if (Status s = compile_sub_schema(site, "then", site.node.then_schema); !s) return s;
    return compile_sub_schema(site, "else", site.node.else_schema);
  }

  Schema& schema_;
  const nlohmann::json& source_;  // what $refs point into: needed while compiling only
  std::unordered_map<std::string, const SchemaNode*> by_pointer_;
};

Expected<std::shared_ptr<const Schema>> Schema::compile(const nlohmann::json& source, const SchemaOptions& options) {
  auto schema = std::make_shared<Schema>();
  schema->options_ = options;
  SchemaCompiler compiler(*schema, source);
  auto root = compiler.compile(source, "");
  if (!root) return root.error();
  schema->root_ = *root;
  return std::shared_ptr<const Schema>(std::move(schema));
}

}  // namespace driftlint
