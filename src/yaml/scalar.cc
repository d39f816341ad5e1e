#include "yaml/scalar.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace driftlint::yaml {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Parses digits of the given base into an unsigned 64-bit value; nullopt on
// overflow, an empty digit string or a digit out of range.
std::optional<uint64_t> parse_digits(std::string_view digits, int base) {
  if (digits.empty()) return std::nullopt;
  uint64_t value = 0;
  for (char c : digits) {
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      d = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      d = c - 'A' + 10;
    } else {
      return std::nullopt;
    }
    if (d >= base) return std::nullopt;
    if (value > (UINT64_MAX - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base)) {
      return std::nullopt;
    }
    value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  return value;
}

struct GoInt {
  bool negative = false;
  uint64_t magnitude = 0;
};

// strconv.ParseUint/ParseInt with base 0, without the range check on the sign.
std::optional<GoInt> parse_go_integer(std::string_view s) {
  GoInt out;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    out.negative = s[0] == '-';
    s.remove_prefix(1);
  }
  int base = 10;
  if (s.size() >= 2 && s[0] == '0') {
    char p = s[1];
    if (p == 'x' || p == 'X') {
      base = 16;
      s.remove_prefix(2);
    } else if (p == 'o' || p == 'O') {
      base = 8;
      s.remove_prefix(2);
    } else if (p == 'b' || p == 'B') {
      base = 2;
      s.remove_prefix(2);
    } else {
      base = 8;
      s.remove_prefix(1);
    }
  }
  auto magnitude = parse_digits(s, base);
  if (!magnitude) return std::nullopt;
  out.magnitude = *magnitude;
  return out;
}

// go-yaml's yamlStyleFloat: ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
bool is_yaml_style_float(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return false;
  } else {
    size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return false;
    if (i < s.size() && s[i] == '.') {
      ++i;
      while (i < s.size() && is_digit(s[i])) ++i;
    }
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return false;
  }
  return i == s.size();
}

std::string without_underscores(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c != '_') out += c;
  }
  return out;
}

}  // namespace

std::optional<int64_t> parse_go_int(std::string_view text) {
  std::string plain = without_underscores(text);
  auto parsed = parse_go_integer(plain);
  if (!parsed) return std::nullopt;
  if (parsed->negative) {
    if (parsed->magnitude > static_cast<uint64_t>(INT64_MAX) + 1) return std::nullopt;
    return static_cast<int64_t>(0 - parsed->magnitude);
  }
  if (parsed->magnitude > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
  return static_cast<int64_t>(parsed->magnitude);
}

ResolvedScalar resolve_plain_scalar(std::string_view in) {
  ResolvedScalar out;
  if (in.empty() || in == "~" || in == "null" || in == "Null" || in == "NULL") {
    out.type = ScalarType::Null;
    return out;
  }
  char first = in[0];
  if (first == 'y' || first == 'Y' || first == 'n' || first == 'N' || first == 't' ||
      first == 'T' || first == 'f' || first == 'F' || first == 'o' || first == 'O') {
    static constexpr std::string_view kTrue[] = {"y",    "Y",    "yes", "Yes", "YES",
                                                 "true", "True", "TRUE", "on", "On", "ON"};
    static constexpr std::string_view kFalse[] = {"n",     "N",     "no",  "No",  "NO", "false",
                                                  "False", "FALSE", "off", "Off", "OFF"};
    for (std::string_view t : kTrue) {
      if (in == t) {
        out.type = ScalarType::Bool;
        out.bool_value = true;
        return out;
      }
    }
    for (std::string_view f : kFalse) {
      if (in == f) {
        out.type = ScalarType::Bool;
        return out;
      }
    }
    return out;
  }
  if (first == '.' || first == '+' || first == '-') {
    static constexpr std::string_view kSpecial[] = {".nan", ".NaN", ".NAN", ".inf",  ".Inf",
                                                    ".INF", "+.inf", "+.Inf", "+.INF", "-.inf",
                                                    "-.Inf", "-.INF"};
    for (std::string_view f : kSpecial) {
      if (in == f) {
        out.type = ScalarType::Float;
        return out;
      }
    }
  }
  if (first == '.') {
    // strconv.ParseFloat on the raw text: only the decimal form can start with '.'.
    if (is_yaml_style_float(in)) out.type = ScalarType::Float;
    return out;
  }
  if (is_digit(first) || first == '+' || first == '-') {
    std::string plain = without_underscores(in);
    auto integer = parse_go_integer(plain);
    if (integer) {
      out.type = ScalarType::Int;
      return out;
    }
    if (is_yaml_style_float(plain)) {
      out.type = ScalarType::Float;
      return out;
    }
    return out;
  }
  return out;
}

std::optional<double> parse_yaml_number(std::string_view text) {
  if (text == ".nan" || text == ".NaN" || text == ".NAN") return std::nan("");
  if (text == ".inf" || text == ".Inf" || text == ".INF" || text == "+.inf" || text == "+.Inf" ||
      text == "+.INF")
    return HUGE_VAL;
  if (text == "-.inf" || text == "-.Inf" || text == "-.INF") return -HUGE_VAL;
  if (auto integer = parse_go_int(text)) return static_cast<double>(*integer);
  std::string plain = without_underscores(text);
  if (auto big = parse_go_integer(plain)) {
    double magnitude = static_cast<double>(big->magnitude);
    return big->negative ? -magnitude : magnitude;
  }
  if (!is_yaml_style_float(plain)) return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(plain.c_str(), &end);
  if (end != plain.c_str() + plain.size()) return std::nullopt;
  return value;
}

}  // namespace driftlint::yaml
