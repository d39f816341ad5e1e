#include "schema/validator_values.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <unordered_map>
#include <vector>

#include "base/strings.h"
#include "schema/schema_node.h"
#include "yaml/json.h"

namespace driftlint {

namespace {

// `v` with every number a double and no negative zero, as text: two items
// equal as JSON values (1 == 1.0, 0.0 == -0.0) have the same text.
void with_double_numbers(nlohmann::json& v) {
  if (v.is_number()) v = v.get<double>() + 0.0;  // + 0.0 turns -0.0 into 0.0
  if (!v.is_structured()) return;
  for (nlohmann::json& child : v) with_double_numbers(child);  // depth <= 64 (to_json's limit)
}

}  // namespace

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

namespace {

std::string describe_character(char c) {
  if (c == ' ') return "a space";
  if (c == '\t') return "a tab";
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(c));
  return std::string("byte ") + hex;
}

}  // namespace

// As Go's base64 decoder (the API server's JSON decoding of []byte) reads
// it: line breaks anywhere are skipped, so wrapped base64 is valid.
std::optional<std::string> base64_problem(std::string_view text) {
  size_t count = 0;  // characters other than line breaks
  bool padded = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n' || c == '\r') continue;
    std::string at = " at offset " + std::to_string(i);
    if (c == '=') {
      if (!padded && count % 4 < 2) return "padding '='" + at + ", where data is expected";
      padded = true;
    } else if (padded) {
      return describe_character(c) + at + ", after the padding '='";
    } else if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '/') {
      std::string why = describe_character(c) + at;
      if (c == '-' || c == '_') why += " (URL-safe base64; the API server reads standard base64)";
      return why;
    }
    ++count;
  }
  if (count % 4 != 0) {
    return std::to_string(count) + " characters (line breaks aside), not a multiple of 4: the last group is cut short";
  }
  return std::nullopt;
}

std::optional<std::string> format_problem(const std::string& format, yaml::Node n) {
  std::string_view text = n.text();
  std::string invalid = display_value(n) + " is not a valid " + format;
  if (format == "int32" || format == "int64") {
    if (!(type_of(n) & kInteger)) return std::nullopt;  // type decides
    std::optional<double> v = n.as_number();
    if (!v || format == "int64" || (*v >= -2147483648.0 && *v <= 2147483647.0)) return std::nullopt;
    return invalid;
  }
  if (type_of(n) != kString) return std::nullopt;
  if (format == "date-time") {
    if (RE2::FullMatch(text, R"(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2}))")) {
      return std::nullopt;
    }
    return invalid;
  }
  if (format == "byte") {
    if (std::optional<std::string> why = base64_problem(text)) return display_value(n) + " is not valid base64: " + *why;
  }
  return std::nullopt;  // other formats are not checked
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

bool has_substitution_placeholder(std::string_view text) {
  for (size_t at = text.find("${"); at != std::string_view::npos; at = text.find("${", at + 2)) {
    size_t i = at + 2;
    auto name_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    if (i >= text.size() || !name_char(text[i]) || std::isdigit(static_cast<unsigned char>(text[i]))) continue;
    while (i < text.size() && name_char(text[i])) ++i;
    if (i < text.size() && (text[i] == '}' || text[i] == ':' || text[i] == '-' || text[i] == '=') &&
        text.find('}', i) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

bool is_fill_in_placeholder(yaml::Node n) {
  if (n.is_map()) return n.size() == 1 && n.key_at(0).is_map();
  if (!n.is_string()) return false;
  std::string_view text = n.text();
  if (has_substitution_placeholder(text)) return true;
  return text.size() > 2 && text.front() == '<' && text.back() == '>' &&
         text.find_first_of("<>\n", 1) == text.size() - 1;
}

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

}  // namespace driftlint
