// Reading keyword values out of a JSON Schema object.
#include "schema/schema_keywords.h"

#include <utility>

#include "schema/schema_node.h"

namespace driftlint {

std::string escape_pointer_token(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

uint8_t type_bit(const std::string& name) {
  if (name == "null") return kNull;
  if (name == "boolean") return kBool;
  if (name == "integer") return kInteger;
  if (name == "number") return kNumber | kInteger;
  if (name == "string") return kString;
  if (name == "array") return kArray;
  if (name == "object") return kObject;
  return 0;
}

const nlohmann::json* keyword(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

bool keyword_flag(const nlohmann::json& j, const char* key) {
  const nlohmann::json* v = keyword(j, key);
  return v && v->is_boolean() && v->get<bool>();
}

std::optional<double> keyword_number(const nlohmann::json& j, const char* key) {
  if (const nlohmann::json* v = keyword(j, key); v && v->is_number()) return v->get<double>();
  return std::nullopt;
}

std::optional<uint64_t> keyword_count(const nlohmann::json& j, const char* key) {
  if (const nlohmann::json* v = keyword(j, key); v && v->is_number() && v->get<double>() >= 0) {
    return static_cast<uint64_t>(v->get<double>());
  }
  return std::nullopt;
}

std::vector<std::string> strings_in(const nlohmann::json& list) {
  std::vector<std::string> out;
  for (const auto& e : list) {
    if (e.is_string()) out.push_back(e.get<std::string>());
  }
  return out;
}

std::shared_ptr<RE2> make_regex(const std::string& pattern) {
  RE2::Options o;
  o.set_log_errors(false);
  return std::make_shared<RE2>(pattern, o);
}

void read_exclusive_bound(const nlohmann::json& j, const char* key, std::optional<double>& bound,
                          std::optional<double>& exclusive) {
  const nlohmann::json* e = keyword(j, key);
  if (!e) return;
  if (e->is_boolean() && e->get<bool>() && bound) exclusive = std::exchange(bound, std::nullopt);
  else if (e->is_number()) exclusive = e->get<double>();
}

}  // namespace driftlint
