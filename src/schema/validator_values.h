// Values as the validator sees them (internal to src/schema): a YAML node's
// JSON type, equality with a JSON value, formats, repeated list items, paths
// and the closest known field name.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "yaml/tree.h"

namespace driftlint {

struct SchemaNode;

// The TypeBit(s) of a node: integral floats are integers too (1.0 reads as 1, as
// the YAML-to-JSON step before the API server makes it).
uint8_t type_of(yaml::Node n);
std::string type_name(uint8_t t);      // "an object", "a string", ...
std::string allowed_types(uint8_t t);  // "integer or string"
// A node equal to a JSON value (numbers by value: 1 == 1.0).
bool equal(yaml::Node n, const nlohmann::json& j);
size_t code_points(std::string_view s);
// What is wrong with a value of the format: int32/int64 ranges, date-time
// and byte (base64: "'!' at offset 12"); nullopt when it is fine or the
// format is not checked. The text is the whole message ("'x!' is not valid
// base64: '!' at offset 1").
std::optional<std::string> format_problem(const std::string& format, yaml::Node n);
// Why a string is not base64 as the API server decodes []byte (line
// breaks skipped), or nullopt when it is.
std::optional<std::string> base64_problem(std::string_view text);
// The first item of a list equal to an earlier one, else an invalid node.
yaml::Node first_repeated_item(yaml::Node list);
// "spec.x", or spec["a.b"] for a key that is not a plain name.
std::string child_path(const std::string& path, std::string_view key);
// Holds a `${VAR}` placeholder (`${VAR:=default}`, `${VAR:-default}`): a
// value Flux's post-build substitution or envsubst fills in before apply.
bool has_substitution_placeholder(std::string_view text);
// A value an example or a template leaves for its user to fill in: a string
// holding a `${VAR}` placeholder, a string that is all one `<...>` blank
// (`<ADD LUN ID Here>`), or an unquoted `{{name}}` template variable (YAML
// reads it as a map whose one key is a map, which no JSON object can be).
bool is_fill_in_placeholder(yaml::Node n);
// The closest known name, for "did you mean" (edit distance at most 2).
std::string closest(std::string_view key, const std::map<std::string, const SchemaNode*>& properties);

}  // namespace driftlint
