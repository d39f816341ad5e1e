#include "yaml/emit.h"

#include <nlohmann/json.hpp>

#include <cctype>

#include "yaml/scalar.h"

namespace driftlint::yaml {

namespace {

bool needs_quotes(const std::string& s) {
  if (s.empty() || s != std::string(s.c_str())) return true;
  if (std::isspace(static_cast<unsigned char>(s.front())) || std::isspace(static_cast<unsigned char>(s.back()))) return true;
  if (std::string(",[]{}#&*!|>'\"%@`").find(s.front()) != std::string::npos) return true;
  // "-", "?" and ":" start an indicator only before a space (or alone); "~" is null.
  if (std::string("-?:~").find(s.front()) != std::string::npos && (s.size() == 1 || s[1] == ' ')) return true;
  if (s.find(": ") != std::string::npos || s.find(" #") != std::string::npos || s.back() == ':') return true;
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return true;
  }
  // What a plain scalar would be read as: a number, a bool, null...
  return resolve_plain_scalar(s).type != ScalarType::String;
}

std::string quoted(const std::string& s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string scalar(const nlohmann::json& v) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    return needs_quotes(s) ? quoted(s) : s;
  }
  if (v.is_null()) return "null";
  return v.dump();
}

bool is_block_string(const nlohmann::json& v) {
  if (!v.is_string()) return false;
  const std::string& s = v.get_ref<const std::string&>();
  if (s.find('\n') == std::string::npos) return false;
  for (char c : s) {
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return false;
  }
  return s.front() != ' ' && s.find("\n ") == std::string::npos;  // leading spaces need an indentation indicator
}

void emit(const nlohmann::json& v, int indent, std::string& out);

void emit_block_string(const std::string& s, int indent, std::string& out) {
  bool trailing = !s.empty() && s.back() == '\n';
  out += trailing ? "|\n" : "|-\n";
  size_t at = 0;
  std::string body = trailing ? s.substr(0, s.size() - 1) : s;
  while (at <= body.size()) {
    size_t end = body.find('\n', at);
    if (end == std::string::npos) end = body.size();
    std::string line = body.substr(at, end - at);
    out += line.empty() ? "\n" : std::string(indent, ' ') + line + "\n";
    at = end + 1;
  }
}

// A value after "key:" or "- ": inline for scalars and empty containers, else on the next lines.
void emit_value(const nlohmann::json& v, int indent, std::string& out) {
  if (v.is_object() && !v.empty()) {
    out += "\n";
    emit(v, indent, out);
  } else if (v.is_array() && !v.empty()) {
    out += "\n";
    emit(v, indent - 2, out);  // kubectl's style: "- " at the key's indentation
  } else if (is_block_string(v)) {
    out += " ";
    emit_block_string(v.get_ref<const std::string&>(), indent, out);
  } else {
    out += " " + (v.is_object() ? std::string("{}") : v.is_array() ? std::string("[]") : scalar(v)) + "\n";
  }
}

void emit(const nlohmann::json& v, int indent, std::string& out) {
  std::string pad(indent, ' ');
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it) {
      out += pad + (needs_quotes(it.key()) ? quoted(it.key()) : it.key()) + ":";
      emit_value(*it, indent + 2, out);
    }
  } else if (v.is_array()) {
    for (const nlohmann::json& e : v) {
      if (e.is_object() && !e.empty()) {
        // "- first: 1\n  second: 2": the first key on the dash's line.
        std::string item;
        emit(e, indent + 2, item);
        out += pad + "- " + item.substr(indent + 2);
      } else if (e.is_array() && !e.empty()) {
        out += pad + "-\n";
        emit(e, indent + 2, out);
      } else {
        out += pad + "-";
        emit_value(e, indent + 2, out);
      }
    }
  } else {
    out += pad + scalar(v) + "\n";
  }
}

}  // namespace

std::string emit_yaml(const nlohmann::json& value) {
  std::string out;
  if (value.is_object() || value.is_array()) {
    if (value.empty()) return value.is_object() ? "{}\n" : "[]\n";
    emit(value, 0, out);
  } else {
    out = scalar(value) + "\n";
  }
  return out;
}

}  // namespace driftlint::yaml
