// Reading keyword values out of one JSON Schema object, leniently: a keyword
// of the wrong JSON type reads as absent, as validators do.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <re2/re2.h>

namespace driftlint {

// A key as one JSON Pointer reference token ("~" and "/" escaped).
std::string escape_pointer_token(const std::string& key);

// The SchemaNode type bit of a JSON Schema type name; 0 for an unknown name.
uint8_t type_bit(const std::string& name);

// j[key], or nullptr when j has no such key.
const nlohmann::json* keyword(const nlohmann::json& j, const char* key);
// j[key] is `true`.
bool keyword_flag(const nlohmann::json& j, const char* key);
std::optional<double> keyword_number(const nlohmann::json& j, const char* key);
// A non-negative number, as minLength, maxItems and the like take.
std::optional<uint64_t> keyword_count(const nlohmann::json& j, const char* key);
// The strings of a JSON array; other elements are skipped.
std::vector<std::string> strings_in(const nlohmann::json& list);

// An RE2 that does not log; check ok() before use.
std::shared_ptr<RE2> make_regex(const std::string& pattern);

// exclusiveMinimum/exclusiveMaximum: draft 4 writes `true` beside the bound
// (the bound moves into `exclusive`); later drafts write the number itself.
void read_exclusive_bound(const nlohmann::json& j, const char* key, std::optional<double>& bound,
                          std::optional<double>& exclusive);

}  // namespace driftlint
