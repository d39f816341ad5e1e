// Number literals as Go's text/template/parse reads them (node.go's
// newNumber, with strconv's ParseUint, ParseInt and ParseFloat at base 0):
// which of int, uint and float a literal is, and the errors Go gives.
#include <cmath>
#include <cstdlib>

#include "gotemplate/go_strconv.h"
#include "gotemplate/go_template_ast.h"

namespace driftlint::gotmpl {

namespace {

char lower(char c) { return static_cast<char>(c | 0x20); }

// strconv's underscoreOK: underscores only between digits, or between a
// base prefix and a digit.
bool underscore_ok(std::string_view s) {
  char saw = '^';
  size_t i = 0;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  bool hex = false;
  if (s.size() >= 2 && s[0] == '0' && (lower(s[1]) == 'b' || lower(s[1]) == 'o' || lower(s[1]) == 'x')) {
    i = 2;
    saw = '0';
    hex = lower(s[1]) == 'x';
  }
  for (; i < s.size(); ++i) {
    char c = s[i];
    if ((c >= '0' && c <= '9') || (hex && lower(c) >= 'a' && lower(c) <= 'f')) {
      saw = '0';
      continue;
    }
    if (c == '_') {
      if (saw != '0') return false;
      saw = '_';
      continue;
    }
    if (saw == '_') return false;
    saw = '!';
  }
  return saw != '_';
}

// strconv.ParseUint(s, 0, 64).
std::optional<uint64_t> parse_uint(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::string_view digits = s;
  unsigned base = 10;
  if (s[0] == '0') {
    base = 8;
    digits.remove_prefix(1);
    if (s.size() >= 3 && (lower(s[1]) == 'x' || lower(s[1]) == 'o' || lower(s[1]) == 'b')) {
      base = lower(s[1]) == 'x' ? 16 : lower(s[1]) == 'o' ? 8 : 2;
      digits = s.substr(2);
    }
  }
  uint64_t n = 0;
  bool underscores = false;
  for (char c : digits) {
    unsigned d;
    if (c == '_') {
      underscores = true;
      continue;
    }
    if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
    else if (lower(c) >= 'a' && lower(c) <= 'z') d = static_cast<unsigned>(lower(c) - 'a' + 10);
    else return std::nullopt;
    if (d >= base) return std::nullopt;
    if (n > (UINT64_MAX - d) / base) return std::nullopt;
    n = n * base + d;
  }
  if (underscores && !underscore_ok(s)) return std::nullopt;
  return n;
}

// strconv.ParseInt(s, 0, 64).
std::optional<int64_t> parse_int(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  std::optional<uint64_t> u = parse_uint(s);
  if (!u) return std::nullopt;
  if (!negative && *u > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
  if (negative && *u > static_cast<uint64_t>(INT64_MAX) + 1) return std::nullopt;
  return negative ? static_cast<int64_t>(~*u + 1) : static_cast<int64_t>(*u);
}

// strconv.ParseFloat(s, 64): decimal, or hexadecimal with a 'p' exponent;
// nothing past float64's range.
std::optional<double> parse_float(std::string_view s) {
  std::string_view body = s;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) body.remove_prefix(1);
  bool hex = body.size() >= 2 && body[0] == '0' && lower(body[1]) == 'x';
  if (hex && body.find_first_of("pP") == std::string_view::npos) return std::nullopt;
  if (s.find('_') != std::string_view::npos && !underscore_ok(s)) return std::nullopt;
  std::string clean;
  for (char c : s) {
    if (c != '_') clean += c;
  }
  if (clean.empty()) return std::nullopt;
  char* end = nullptr;
  double f = std::strtod(clean.c_str(), &end);
  if (end != clean.c_str() + clean.size() || std::isinf(f) || std::isnan(f)) return std::nullopt;
  return f;
}

}  // namespace

Expected<NumberLiteral> parse_number_literal(std::string_view text) {
  NumberLiteral n;
  if (!text.empty() && text.back() == 'i') {
    return Error{"driftlint does not support complex numbers (" + std::string(text) + ")"};
  }
  if (std::optional<uint64_t> u = parse_uint(text)) n.is_uint = true, n.u = *u;
  if (std::optional<int64_t> i = parse_int(text)) {
    n.is_int = true, n.i = *i;
    if (*i == 0) n.is_uint = true;
  }
  if (n.is_int) {
    n.is_float = true, n.f = static_cast<double>(n.i);
  } else if (n.is_uint) {
    n.is_float = true, n.f = static_cast<double>(n.u);
  } else if (std::optional<double> f = parse_float(text)) {
    if (text.find_first_of(".eEpP") == std::string_view::npos) {
      return Error{"integer overflow: " + quote(text, false)};
    }
    n.is_float = true, n.f = *f;
    if (*f >= -9.2233720368547758e18 && *f < 9.2233720368547758e18 && *f == std::trunc(*f)) {
      n.is_int = true, n.i = static_cast<int64_t>(*f);
    }
  }
  if (!n.is_int && !n.is_uint && !n.is_float) return Error{"illegal number syntax: " + quote(text, false)};
  // exec.go's idealConstant: what the literal is where no type is asked for.
  bool hex_int = text.size() > 2 && text[0] == '0' && lower(text[1]) == 'x' &&
                 text.find_first_of("pP") == std::string_view::npos;
  if (n.is_float && !hex_int && text.find_first_of(".eEpP") != std::string_view::npos) {
    n.ideal = TemplateValue::number(n.f);
  } else if (n.is_int) {
    n.ideal = TemplateValue::integer(n.i);
  } else {
    n.ideal_error = std::string(text) + " overflows int";
    n.ideal = TemplateValue::number(n.f);
  }
  return n;
}

}  // namespace driftlint::gotmpl
