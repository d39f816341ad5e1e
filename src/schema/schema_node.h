// The compiled form of one (sub-)schema, shared by the compiler
// (schema_compiler.cc) and the validator (validator.cc). Internal to src/schema.
#pragma once

#include <re2/re2.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace driftlint {

enum TypeBit : uint8_t { kNull = 1, kBool = 2, kInteger = 4, kNumber = 8, kString = 16, kArray = 32, kObject = 64 };

struct SchemaNode {
  bool always_false = false;
  uint8_t types = 0;  // 0: any
  bool nullable = false;
  bool int_or_string = false;
  bool preserve_unknown = false;
  bool embedded_resource = false;
  bool quantity = false;  // format: quantity (a number, or a string resource.ParseQuantity takes)
  bool has_default = false;  // `default` (not null): the API server fills the field in when absent
  nlohmann::json default_value;
  // x-kubernetes-list-type: map items are unique by list_map_keys, set items by value.
  enum class ListType { Atomic, Set, Map } list_type = ListType::Atomic;
  std::vector<std::string> list_map_keys;
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

}  // namespace driftlint
