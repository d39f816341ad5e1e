#include "yaml/json_text.h"

#include <cstdint>

#include <nlohmann/json.hpp>

namespace driftlint::yaml {

namespace {

// Bytes nlohmann writes as they are, with no check: printable ASCII but the
// quote and the backslash. Any other byte sends the string to nlohmann.
bool copied_as_is(const std::string& text) {
  for (unsigned char c : text) {
    if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') return false;
  }
  return true;
}

template <class Json>
void write_string(std::string& out, const std::string& text) {
  if (copied_as_is(text)) {
    out += '"';
    out += text;
    out += '"';
    return;
  }
  out += Json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// nlohmann's pretty printer: "{\n", each member on its own line indented by
// two more, ",\n" between, then a newline and the closing brace at the
// container's own indent; "{}" and "[]" when empty.
template <class Json>
void write_value(std::string& out, const Json& value, size_t indent) {
  if (value.is_string()) return write_string<Json>(out, value.template get_ref<const std::string&>());
  if (value.is_number_unsigned()) {
    out += std::to_string(value.template get<uint64_t>());
    return;
  }
  if (value.is_number_integer()) {
    out += std::to_string(value.template get<int64_t>());
    return;
  }
  if (!value.is_object() && !value.is_array()) {  // floats, booleans, null
    out += value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return;
  }
  bool object = value.is_object();
  if (value.empty()) {
    out += object ? "{}" : "[]";
    return;
  }
  out += object ? "{\n" : "[\n";
  bool first = true;
  for (auto it = value.begin(); it != value.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out.append(indent + 2, ' ');
    if (object) {
      write_string<Json>(out, it.key());
      out += ": ";
    }
    write_value(out, it.value(), indent + 2);
  }
  out += '\n';
  out.append(indent, ' ');
  out += object ? '}' : ']';
}

}  // namespace

std::string indented_json(const nlohmann::ordered_json& document) {
  std::string out;
  write_value(out, document, 0);
  return out;
}

std::string indented_json(const nlohmann::json& document) {
  std::string out;
  write_value(out, document, 0);
  return out;
}

}  // namespace driftlint::yaml
