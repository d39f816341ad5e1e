// Ports of Go's strconv (ftoa.go, quote.go) and unicode/utf8, for the
// value kinds templates have.
#include "gotemplate/go_strconv.h"

#include <bit>
#include <charconv>
#include <cmath>

namespace driftlint::gotmpl {

Rune decode_rune(std::string_view s, size_t at) {
  auto byte = [&](size_t i) { return static_cast<uint8_t>(s[i]); };
  uint8_t c = byte(at);
  if (c < 0x80) return {c, 1};
  size_t n = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  if (n == 0 || at + n > s.size()) return {kRuneError, 1};
  uint32_t r = c & (0x7F >> n);
  for (size_t i = 1; i < n; ++i) {
    uint8_t b = byte(at + i);
    if ((b & 0xC0) != 0x80) return {kRuneError, 1};
    r = (r << 6) | (b & 0x3F);
  }
  bool overlong = (n == 3 && r < 0x800) || (n == 4 && r < 0x10000);
  if (overlong || r > kMaxRune || (r >= 0xD800 && r <= 0xDFFF)) return {kRuneError, 1};
  return {r, n};
}

std::string encode_rune(uint32_t r) {
  if (r > kMaxRune || (r >= 0xD800 && r <= 0xDFFF)) r = kRuneError;
  std::string out;
  if (r < 0x80) {
    out += static_cast<char>(r);
  } else if (r < 0x800) {
    out += static_cast<char>(0xC0 | (r >> 6));
    out += static_cast<char>(0x80 | (r & 0x3F));
  } else if (r < 0x10000) {
    out += static_cast<char>(0xE0 | (r >> 12));
    out += static_cast<char>(0x80 | ((r >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (r & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (r >> 18));
    out += static_cast<char>(0x80 | ((r >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((r >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (r & 0x3F));
  }
  return out;
}

size_t rune_count(std::string_view s) {
  size_t n = 0;
  for (size_t at = 0; at < s.size(); at += decode_rune(s, at).size) ++n;
  return n;
}

bool is_print(uint32_t r) {
  if (r < 0x80) return r >= 0x20 && r < 0x7F;
  static const uint32_t not_print[][2] = {
      {0x80, 0xA0}, {0xAD, 0xAD}, {0x600, 0x605}, {0x61C, 0x61C}, {0x6DD, 0x6DD}, {0x70F, 0x70F},
      {0x1680, 0x1680}, {0x180E, 0x180E}, {0x2000, 0x200F}, {0x2028, 0x202F}, {0x205F, 0x206F},
      {0x3000, 0x3000}, {0xD800, 0xF8FF}, {0xFEFF, 0xFEFF}, {0xFFF9, 0xFFFB}, {0xFFFE, 0xFFFF},
      {0x110BD, 0x110BD}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0001, 0xE007F}, {0xF0000, 0x10FFFF},
  };
  for (const auto& [low, high] : not_print) {
    if (r >= low && r <= high) return false;
  }
  return r <= kMaxRune;
}

namespace {

// Upper and lower case pairs a fixed distance apart: [first upper, last
// upper, distance to lower]; `alternating` ranges pair each even (or odd)
// code point with the next.
struct CaseRange {
  uint32_t first, last;
  int32_t delta;  // 0: alternating pairs starting at `first`
};
constexpr CaseRange kCaseRanges[] = {
    {'A', 'Z', 32},       {0xC0, 0xD6, 32},     {0xD8, 0xDE, 32},     {0x100, 0x12F, 0},    {0x132, 0x137, 0},
    {0x139, 0x148, 0},    {0x14A, 0x177, 0},    {0x179, 0x17E, 0},    {0x386, 0x386, 38},   {0x388, 0x38A, 37},
    {0x38C, 0x38C, 64},   {0x38E, 0x38F, 63},   {0x391, 0x3A1, 32},   {0x3A3, 0x3AB, 32},   {0x400, 0x40F, 80},
    {0x410, 0x42F, 32},   {0x460, 0x481, 0},    {0x48A, 0x4BF, 0},
};

}  // namespace

uint32_t to_lower(uint32_t r) {
  for (const CaseRange& c : kCaseRanges) {
    if (c.delta != 0 && r >= c.first && r <= c.last) return r + static_cast<uint32_t>(c.delta);
    if (c.delta == 0 && r >= c.first && r <= c.last && (r - c.first) % 2 == 0) return r + 1;
  }
  if (r == 0x178) return 0xFF;
  return r;
}

uint32_t to_upper(uint32_t r) {
  for (const CaseRange& c : kCaseRanges) {
    uint32_t delta = static_cast<uint32_t>(c.delta);
    if (c.delta != 0 && r >= c.first + delta && r <= c.last + delta) return r - delta;
    if (c.delta == 0 && r > c.first && r <= c.last && (r - c.first) % 2 == 1) return r - 1;
  }
  if (r == 0xFF) return 0x178;
  if (r == 0x3C2) return 0x3A3;  // final sigma
  return r;
}

std::string map_case(std::string_view text, bool upper) {
  std::string out;
  out.reserve(text.size());
  for (size_t at = 0; at < text.size();) {
    Rune r = decode_rune(text, at);
    if (r.value == kRuneError && r.size == 1) {
      out += text[at];  // a bad byte stays as it is
    } else {
      out += encode_rune(upper ? to_upper(r.value) : to_lower(r.value));
    }
    at += r.size;
  }
  return out;
}

namespace {

// A decimal: digits (no leading or trailing zeros; empty for zero) and the
// position of the decimal point, as Go's decimalSlice.
struct Decimal {
  std::string d;
  int dp = 0;
};

Decimal to_decimal(const char* begin, const char* end) {
  Decimal out;
  std::string_view text(begin, static_cast<size_t>(end - begin));
  size_t e = text.find('e');
  int exponent = 0;
  if (e != std::string_view::npos) {
    std::from_chars(text.data() + e + 1 + (text[e + 1] == '+'), text.data() + text.size(), exponent);
    text = text.substr(0, e);
  }
  int before_point = 0;
  bool seen_point = false;
  for (char c : text) {
    if (c == '.') seen_point = true;
    else if (c >= '0' && c <= '9') {
      out.d += c;
      if (!seen_point) ++before_point;
    }
  }
  out.dp = before_point + exponent;
  size_t lead = out.d.find_first_not_of('0');
  if (lead == std::string::npos) return Decimal{};
  out.d.erase(0, lead);
  out.dp -= static_cast<int>(lead);
  out.d.erase(out.d.find_last_not_of('0') + 1);
  return out;
}

// The digits of |v|: shortest, or rounded to `digits` significant digits,
// or (fixed) to `digits` after the point.
Decimal digits_of(double v, int digits, bool fixed) {
  char buffer[1100];
  std::to_chars_result r;
  if (digits < 0) r = std::to_chars(buffer, buffer + sizeof buffer, std::fabs(v), std::chars_format::scientific);
  else if (fixed) r = std::to_chars(buffer, buffer + sizeof buffer, std::fabs(v), std::chars_format::fixed, digits);
  else r = std::to_chars(buffer, buffer + sizeof buffer, std::fabs(v), std::chars_format::scientific, digits - 1);
  return to_decimal(buffer, r.ptr);
}

std::string exponent_text(int exp, int min_digits) {
  std::string digits = std::to_string(exp < 0 ? -exp : exp);
  while (static_cast<int>(digits.size()) < min_digits) digits = "0" + digits;
  return (exp < 0 ? "-" : "+") + digits;
}

// %e: -d.ddddde±dd
std::string fmt_e(bool neg, const Decimal& d, int prec, char fmt) {
  std::string out = neg ? "-" : "";
  out += d.d.empty() ? '0' : d.d[0];
  if (prec > 0) {
    out += '.';
    for (int i = 1; i <= prec; ++i) out += i < static_cast<int>(d.d.size()) ? d.d[static_cast<size_t>(i)] : '0';
  }
  int exp = d.d.empty() ? 0 : d.dp - 1;
  return out + fmt + exponent_text(exp, 2);
}

// %f: -ddddd.ddddd
std::string fmt_f(bool neg, const Decimal& d, int prec) {
  std::string out = neg ? "-" : "";
  auto digit = [&](int i) { return i >= 0 && i < static_cast<int>(d.d.size()) ? d.d[static_cast<size_t>(i)] : '0'; };
  if (d.dp > 0) {
    for (int i = 0; i < d.dp; ++i) out += digit(i);
  } else {
    out += '0';
  }
  if (prec > 0) {
    out += '.';
    for (int i = 1; i <= prec; ++i) out += digit(d.dp + i - 1);
  }
  return out;
}

std::string fmt_b(bool neg, uint64_t mant, int exp) {
  return (neg ? "-" : "") + std::to_string(mant) + "p" + exponent_text(exp, 1);
}

std::string fmt_x(int prec, char fmt, bool neg, uint64_t mant, int exp) {
  if (mant == 0) exp = 0;
  mant <<= 60 - 52;
  while (mant != 0 && (mant & (uint64_t{1} << 60)) == 0) {
    mant <<= 1;
    --exp;
  }
  if (prec >= 0 && prec < 15) {
    unsigned shift = static_cast<unsigned>(prec * 4);
    uint64_t extra = (mant << shift) & ((uint64_t{1} << 60) - 1);
    mant >>= 60 - shift;
    if ((extra | (mant & 1)) > (uint64_t{1} << 59)) ++mant;
    mant <<= 60 - shift;
    if (mant & (uint64_t{1} << 61)) {
      mant >>= 1;
      ++exp;
    }
  }
  const char* hex = fmt == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string out = neg ? "-" : "";
  out += '0';
  out += fmt;
  out += static_cast<char>('0' + ((mant >> 60) & 1));
  mant <<= 4;
  if ((prec < 0 && mant != 0) || prec > 0) {
    out += '.';
    for (int i = 0; prec < 0 ? mant != 0 : i < prec; ++i, mant <<= 4) out += hex[(mant >> 60) & 15];
  }
  out += fmt == 'X' ? 'P' : 'p';
  return out + exponent_text(exp, 2);
}

}  // namespace

std::string format_float(double v, char fmt, int prec) {
  uint64_t bits = std::bit_cast<uint64_t>(v);
  bool neg = bits >> 63;
  int exp = static_cast<int>((bits >> 52) & 0x7FF);
  uint64_t mant = bits & ((uint64_t{1} << 52) - 1);
  if (exp == 0x7FF) return mant ? "NaN" : neg ? "-Inf" : "+Inf";
  if (exp == 0) ++exp;
  else mant |= uint64_t{1} << 52;
  exp -= 1023;
  if (fmt == 'b') return fmt_b(neg, mant, exp - 52);
  if (fmt == 'x' || fmt == 'X') return fmt_x(prec, fmt, neg, mant, exp);
  bool shortest = prec < 0;
  Decimal d;
  if (shortest) {
    d = digits_of(v, -1, false);
    if (fmt == 'e' || fmt == 'E') prec = std::max(static_cast<int>(d.d.size()) - 1, 0);
    else if (fmt == 'f') prec = std::max(static_cast<int>(d.d.size()) - d.dp, 0);
    else prec = static_cast<int>(d.d.size());
  } else if (fmt == 'f') {
    d = digits_of(v, prec, true);
  } else {
    if ((fmt == 'g' || fmt == 'G') && prec == 0) prec = 1;
    d = digits_of(v, fmt == 'e' || fmt == 'E' ? prec + 1 : prec, false);
  }
  switch (fmt) {
    case 'e':
    case 'E': return fmt_e(neg, d, prec, fmt);
    case 'f': return fmt_f(neg, d, prec);
    case 'g':
    case 'G': {
      int nd = static_cast<int>(d.d.size());
      int eprec = prec;
      if (eprec > nd && nd >= d.dp) eprec = nd;
      if (shortest) eprec = 6;
      int e = d.dp - 1;
      if (e < -4 || e >= eprec) {
        if (prec > nd) prec = nd;
        return fmt_e(neg, d, prec - 1, fmt == 'g' ? 'e' : 'E');
      }
      if (prec > d.dp) prec = nd;
      return fmt_f(neg, d, std::max(prec - d.dp, 0));
    }
    default: return std::string("%") + fmt;
  }
}

namespace {

void append_escaped(std::string& out, uint32_t r, char quote_char, bool ascii_only) {
  static const char* hex = "0123456789abcdef";
  if (r == static_cast<uint32_t>(quote_char) || r == '\\') {
    out += '\\';
    out += static_cast<char>(r);
    return;
  }
  if (ascii_only ? (r < 0x80 && is_print(r)) : is_print(r)) {
    out += encode_rune(r);
    return;
  }
  switch (r) {
    case '\a': out += "\\a"; return;
    case '\b': out += "\\b"; return;
    case '\f': out += "\\f"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    case '\v': out += "\\v"; return;
    default: break;
  }
  if (r < ' ' || r == 0x7F) {
    out += "\\x";
    out += hex[(r >> 4) & 15];
    out += hex[r & 15];
  } else if (r > kMaxRune || (r >= 0xD800 && r <= 0xDFFF)) {
    out += "\\ufffd";
  } else if (r < 0x10000) {
    out += "\\u";
    for (int s = 12; s >= 0; s -= 4) out += hex[(r >> s) & 15];
  } else {
    out += "\\U";
    for (int s = 28; s >= 0; s -= 4) out += hex[(r >> s) & 15];
  }
}

}  // namespace

std::string quote(std::string_view s, bool ascii_only) {
  std::string out = "\"";
  static const char* hex = "0123456789abcdef";
  for (size_t at = 0; at < s.size();) {
    Rune r = decode_rune(s, at);
    if (r.value == kRuneError && r.size == 1) {
      auto b = static_cast<uint8_t>(s[at]);
      out += "\\x";
      out += hex[b >> 4];
      out += hex[b & 15];
    } else {
      append_escaped(out, r.value, '"', ascii_only);
    }
    at += r.size;
  }
  return out + "\"";
}

std::string quote_rune(uint32_t r, bool ascii_only) {
  if (r > kMaxRune || (r >= 0xD800 && r <= 0xDFFF)) r = kRuneError;
  std::string out = "'";
  append_escaped(out, r, '\'', ascii_only);
  return out + "'";
}

bool can_backquote(std::string_view s) {
  for (size_t at = 0; at < s.size();) {
    Rune r = decode_rune(s, at);
    at += r.size;
    if (r.size > 1) {
      if (r.value == 0xFEFF) return false;
      continue;
    }
    if (r.value == kRuneError) return false;
    if ((r.value < ' ' && r.value != '\t') || r.value == '`' || r.value == 0x7F) return false;
  }
  return true;
}

}  // namespace driftlint::gotmpl
