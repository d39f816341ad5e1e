#include "gotemplate/template_encode.h"

#include <charconv>
#include <cmath>

#include "yaml/parser.h"
#include "yaml/scalar.h"

namespace driftlint {

namespace {

void append_hex4(std::string& out, unsigned value) {
  static const char* digits = "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += digits[(value >> shift) & 0xf];
}

void json_string(std::string& out, std::string_view text, bool escape_html) {
  out += '"';
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || (escape_html && (c == '<' || c == '>' || c == '&'))) {
      append_hex4(out, c);
    } else if (c == 0xe2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(text[i + 2]) & 0xfe) == 0xa8) {
      // U+2028 and U+2029, which JavaScript reads as line ends.
      append_hex4(out, 0x2028u + (static_cast<unsigned char>(text[i + 2]) & 1u));
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

// encoding/json's float: fixed between 1e-6 and 1e21, else exponent without a leading 0 ("1e-7").
std::string json_float(double value) {
  if (!std::isfinite(value)) return "null";  // json.Marshal fails on these; Sprig swallows the error
  double magnitude = std::fabs(value);
  char buffer[400];
  std::to_chars_result r;
  if (magnitude == 0 || (magnitude >= 1e-6 && magnitude < 1e21)) {
    r = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    return std::string(buffer, r.ptr);
  }
  r = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  std::string text(buffer, r.ptr);
  size_t e = text.find('e');
  if (e != std::string::npos && e + 2 < text.size() && text[e + 2] == '0') text.erase(e + 2, 1);
  return text;
}

void json_value(std::string& out, const TemplateValue& value, const JsonStyle& style, const std::string& indent,
                int depth) {
  if (depth > kMaxValueDepth) {
    out += "null";
    return;
  }
  std::string inner = indent + style.indent;
  std::string newline = style.indent.empty() ? "" : "\n";
  switch (value.kind()) {
    case TemplateValue::Kind::Missing:
    case TemplateValue::Kind::Null: out += "null"; return;
    case TemplateValue::Kind::Bool: out += value.as_bool() ? "true" : "false"; return;
    case TemplateValue::Kind::Int: out += std::to_string(value.as_int()); return;
    case TemplateValue::Kind::Float: out += json_float(value.as_float()); return;
    case TemplateValue::Kind::String: json_string(out, value.str(), style.escape_html); return;
    case TemplateValue::Kind::List: {
      if (value.items().empty()) {
        out += "[]";
        return;
      }
      out += "[";
      for (size_t i = 0; i < value.items().size(); ++i) {
        out += (i ? "," : "") + newline + inner;
        json_value(out, value.items()[i], style, inner, depth + 1);
      }
      out += newline + indent + "]";
      return;
    }
    case TemplateValue::Kind::Map: {
      if (value.entries().empty()) {
        out += "{}";
        return;
      }
      out += "{";
      bool first = true;
      for (const auto& [key, item] : value.entries()) {
        out += (first ? "" : ",") + newline + inner;
        json_string(out, key, style.escape_html);
        out += style.indent.empty() ? ":" : ": ";
        json_value(out, item, style, inner, depth + 1);
        first = false;
      }
      out += newline + indent + "}";
      return;
    }
  }
}

// Whether go-yaml v2's emitter may write the string plain (unquoted) in block context.
bool yaml_plain_allowed(const std::string& s) {
  if (s.empty() || s.front() == ' ' || s.back() == ' ' || s.back() == ':') return false;
  if (std::string_view(",[]{}#&*!|>'\"%@`").find(s.front()) != std::string_view::npos) return false;
  if ((s.front() == '-' || s.front() == '?' || s.front() == ':') && (s.size() == 1 || s[1] == ' ')) return false;
  if (s.find(": ") != std::string::npos || s.find(" #") != std::string::npos) return false;
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f) return false;
  }
  return yaml::resolve_plain_scalar(s).type == yaml::ScalarType::String;
}

std::string yaml_double_quoted(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20) {
      static const char* digits = "0123456789ABCDEF";
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 0xf];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string yaml_literal(const std::string& s, const std::string& indent) {
  size_t trailing = 0;
  while (trailing < s.size() && s[s.size() - 1 - trailing] == '\n') ++trailing;
  std::string out = trailing == 0 ? "|-" : trailing == 1 ? "|" : "|+";
  std::string body = s.substr(0, s.size() - trailing);
  size_t at = 0;
  while (at <= body.size()) {
    size_t end = body.find('\n', at);
    if (end == std::string::npos) end = body.size();
    std::string_view line(body.data() + at, end - at);
    out += "\n" + (line.empty() ? std::string() : indent + std::string(line));
    at = end + 1;
  }
  for (size_t i = 1; i < trailing; ++i) out += "\n";
  return out;
}

std::string yaml_scalar(const TemplateValue& value, const std::string& indent) {
  switch (value.kind()) {
    case TemplateValue::Kind::Missing:
    case TemplateValue::Kind::Null: return "null";
    case TemplateValue::Kind::Bool: return value.as_bool() ? "true" : "false";
    case TemplateValue::Kind::Int: return std::to_string(value.as_int());
    case TemplateValue::Kind::Float: {
      // Through JSON: a whole float64 below 1e21 comes back as an int.
      double f = value.as_float();
      if (std::isfinite(f) && f == std::floor(f) && std::fabs(f) < 1e21) return json_float(f);
      return go_format_float(f);
    }
    default: break;
  }
  const std::string& s = value.str();
  if (s.find('\n') != std::string::npos) return yaml_literal(s, indent);
  if (yaml_plain_allowed(s)) return s;
  if (yaml::resolve_plain_scalar(s).type != yaml::ScalarType::String || s.empty()) return yaml_double_quoted(s);
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

bool yaml_block(const TemplateValue& v) {
  return (v.is(TemplateValue::Kind::Map) && !v.entries().empty()) ||
         (v.is(TemplateValue::Kind::List) && !v.items().empty());
}

// Writes a block collection whose first line continues what is already written.
void yaml_block_value(std::string& out, const TemplateValue& value, const std::string& indent);

void yaml_entry_value(std::string& out, const TemplateValue& value, const std::string& indent) {
  if (value.is(TemplateValue::Kind::Map) && !value.entries().empty()) {
    out += "\n" + indent + "  ";
    yaml_block_value(out, value, indent + "  ");
  } else if (value.is(TemplateValue::Kind::List) && !value.items().empty()) {
    out += "\n" + indent;  // go-yaml v2 does not indent a list under its key
    yaml_block_value(out, value, indent);
  } else if (value.is(TemplateValue::Kind::Map)) {
    out += " {}";
  } else if (value.is(TemplateValue::Kind::List)) {
    out += " []";
  } else {
    out += " " + yaml_scalar(value, indent + "  ");
  }
}

void yaml_block_value(std::string& out, const TemplateValue& value, const std::string& indent) {
  if (indent.size() > 2 * static_cast<size_t>(kMaxValueDepth)) {
    out += "null";
    return;
  }
  bool first = true;
  if (value.is(TemplateValue::Kind::Map)) {
    for (const auto& [key, item] : value.entries()) {
      if (!first) out += "\n" + indent;
      out += yaml_scalar(TemplateValue::string(key), indent) + ":";
      yaml_entry_value(out, item, indent);
      first = false;
    }
    return;
  }
  for (const TemplateValue& item : value.items()) {
    if (!first) out += "\n" + indent;
    out += "-";
    if (yaml_block(item)) {
      out += " ";
      yaml_block_value(out, item, indent + "  ");
    } else {
      yaml_entry_value(out, item, indent);
    }
    first = false;
  }
}

}  // namespace

std::string to_json(const TemplateValue& value, const JsonStyle& style) {
  std::string out;
  json_value(out, value, style, "", 0);
  return out;
}

std::string to_yaml(const TemplateValue& value) {
  if (value.is(TemplateValue::Kind::Map) && value.entries().empty()) return "{}";
  if (value.is(TemplateValue::Kind::List) && value.items().empty()) return "[]";
  if (!yaml_block(value)) return yaml_scalar(value, "  ");
  std::string out;
  yaml_block_value(out, value, "");
  return out;
}

Expected<TemplateValue> value_from_yaml_text(std::string_view text) {
  yaml::ParsedFile parsed = yaml::parse_yaml(text);
  if (parsed.error) return Error{"yaml: line " + std::to_string(parsed.error->position.line) + ": " + parsed.error->message};
  if (parsed.documents.empty()) return TemplateValue::null();
  return template_value_from_yaml(parsed.documents.front().root);
}

std::string go_quote(std::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\v': out += "\\v"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          static const char* digits = "0123456789abcdef";
          out += "\\x";
          out += digits[c >> 4];
          out += digits[c & 0xf];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string base64_encode(std::string_view bytes) {
  static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    uint32_t n = (static_cast<uint8_t>(bytes[i]) << 16) | (static_cast<uint8_t>(bytes[i + 1]) << 8) |
                 static_cast<uint8_t>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out += alphabet[(n >> shift) & 63];
  }
  size_t rest = bytes.size() - i;
  if (rest > 0) {
    uint32_t n = static_cast<uint8_t>(bytes[i]) << 16;
    if (rest == 2) n |= static_cast<uint8_t>(bytes[i + 1]) << 8;
    out += alphabet[(n >> 18) & 63];
    out += alphabet[(n >> 12) & 63];
    out += rest == 2 ? alphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
  auto digit = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  if (text.size() % 4 != 0) return std::nullopt;
  std::string out;
  for (size_t i = 0; i < text.size(); i += 4) {
    int pad = (text[i + 3] == '=') + (text[i + 2] == '=');
    if (pad > 0 && i + 4 != text.size()) return std::nullopt;
    uint32_t n = 0;
    for (int k = 0; k < 4; ++k) {
      int d = k >= 4 - pad ? 0 : digit(text[i + k]);
      if (d < 0) return std::nullopt;
      n = (n << 6) | static_cast<uint32_t>(d);
    }
    out += static_cast<char>((n >> 16) & 0xff);
    if (pad < 2) out += static_cast<char>((n >> 8) & 0xff);
    if (pad < 1) out += static_cast<char>(n & 0xff);
  }
  return out;
}

}  // namespace driftlint
