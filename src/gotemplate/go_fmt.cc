// A port of Go 1.19's fmt/format.go: padding, integers, floats, runes and
// strings with fmt's flags, width and precision.
#include "gotemplate/go_fmt.h"

#include <algorithm>

#include "gotemplate/go_strconv.h"

namespace driftlint::gotmpl {

void GoFmt::write_padding(int n) {
  if (n <= 0) return;
  buf_.append(static_cast<size_t>(n), f.zero ? '0' : ' ');
}

void GoFmt::pad(std::string_view text) {
  if (!f.wid_present || f.wid == 0) {
    buf_ += text;
    return;
  }
  int width = f.wid - static_cast<int>(rune_count(text));
  if (!f.minus) {
    write_padding(width);
    buf_ += text;
  } else {
    buf_ += text;
    write_padding(width);
  }
}

std::string_view GoFmt::truncate(std::string_view s) const {
  if (!f.prec_present) return s;
  int n = f.prec;
  for (size_t at = 0; at < s.size(); at += decode_rune(s, at).size) {
    if (--n < 0) return s.substr(0, at);
  }
  return s;
}

void GoFmt::fmt_integer(uint64_t u, int base, bool is_signed, char32_t verb, bool upper) {
  const char* digits = upper ? "0123456789ABCDEFX" : "0123456789abcdefx";
  bool negative = is_signed && static_cast<int64_t>(u) < 0;
  if (negative) u = ~u + 1;
  int prec = 0;
  if (f.prec_present) {
    prec = f.prec;
    if (prec == 0 && u == 0) {
      bool old_zero = f.zero;
      f.zero = false;
      write_padding(f.wid);
      f.zero = old_zero;
      return;
    }
  } else if (f.zero && f.wid_present) {
    prec = f.wid;
    if (negative || f.plus || f.space) --prec;
  }
  std::string text;  // reversed
  auto shift = static_cast<unsigned>(base == 16 ? 4 : base == 8 ? 3 : 1);
  if (base == 10) {
    for (; u >= 10; u /= 10) text += static_cast<char>('0' + u % 10);
  } else {
    for (; u >= static_cast<uint64_t>(base); u >>= shift) text += digits[u & static_cast<uint64_t>(base - 1)];
  }
  text += digits[u];
  while (prec > static_cast<int>(text.size())) text += '0';
  if (f.sharp) {
    if (base == 2) text += "b0";
    else if (base == 8 && text.back() != '0') text += '0';
    else if (base == 16) text += std::string(1, digits[16]) + "0";
  }
  if (verb == 'O') text += "o0";
  if (negative) text += '-';
  else if (f.plus) text += '+';
  else if (f.space) text += ' ';
  std::reverse(text.begin(), text.end());
  bool old_zero = f.zero;
  f.zero = false;
  pad(text);
  f.zero = old_zero;
}

void GoFmt::fmt_unicode(uint64_t u) {
  static const char* hex = "0123456789ABCDEF";
  int prec = f.prec_present && f.prec > 4 ? f.prec : 4;
  std::string tail;
  if (f.sharp && u <= kMaxRune && is_print(static_cast<uint32_t>(u))) {
    tail = " '" + encode_rune(static_cast<uint32_t>(u)) + "'";
  }
  std::string number;  // reversed
  for (; u >= 16; u >>= 4, --prec) number += hex[u & 15];
  number += hex[u];
  --prec;
  for (; prec > 0; --prec) number += '0';
  std::reverse(number.begin(), number.end());
  bool old_zero = f.zero;
  f.zero = false;
  pad("U+" + number + tail);
  f.zero = old_zero;
}

void GoFmt::fmt_c(uint64_t c) {
  auto r = static_cast<uint32_t>(c);
  if (c > kMaxRune) r = kRuneError;
  pad(encode_rune(r));
}

void GoFmt::fmt_qc(uint64_t c) {
  auto r = static_cast<uint32_t>(c);
  if (c > kMaxRune) r = kRuneError;
  pad(quote_rune(r, f.plus));
}

void GoFmt::fmt_float(double v, char verb, int prec) {
  if (f.prec_present) prec = f.prec;
  std::string num = format_float(v, verb, prec);
  if (num[0] == '-' || num[0] == '+') {
    // has its sign
  } else {
    num.insert(num.begin(), '+');
  }
  if (f.space && num[0] == '+' && !f.plus) num[0] = ' ';
  if (num[1] == 'I' || num[1] == 'N') {
    bool old_zero = f.zero;
    f.zero = false;
    if (num[1] == 'N' && !f.space && !f.plus) num.erase(0, 1);
    pad(num);
    f.zero = old_zero;
    return;
  }
  if (f.sharp && verb != 'b') {
    int digits = 0;
    if (verb == 'v' || verb == 'g' || verb == 'G' || verb == 'x') digits = prec == -1 ? 6 : prec;
    std::string tail;
    bool has_point = false, saw_nonzero = false;
    for (size_t i = 1; i < num.size(); ++i) {
      char c = num[i];
      if (c == '.') {
        has_point = true;
      } else if (c == 'p' || c == 'P' || ((c == 'e' || c == 'E') && verb != 'x' && verb != 'X')) {
        tail = num.substr(i);
        num.resize(i);
      } else {
        if (c != '0') saw_nonzero = true;
        if (saw_nonzero) --digits;
      }
    }
    if (!has_point) {
      if (num.size() == 2 && num[1] == '0') --digits;
      num += '.';
    }
    for (; digits > 0; --digits) num += '0';
    num += tail;
  }
  if (f.plus || num[0] != '+') {
    if (f.zero && f.wid_present && f.wid > static_cast<int>(num.size())) {
      buf_ += num[0];
      write_padding(f.wid - static_cast<int>(num.size()));
      buf_ += num.substr(1);
      return;
    }
    pad(num);
    return;
  }
  pad(std::string_view(num).substr(1));
}

void GoFmt::fmt_sx(std::string_view s, bool upper) {
  const char* digits = upper ? "0123456789ABCDEFX" : "0123456789abcdefx";
  int length = static_cast<int>(s.size());
  if (f.prec_present && f.prec < length) length = f.prec;
  int width = 2 * length;
  if (width > 0) {
    if (f.space) {
      if (f.sharp) width *= 2;
      width += length - 1;
    } else if (f.sharp) {
      width += 2;
    }
  } else {
    if (f.wid_present) write_padding(f.wid);
    return;
  }
  if (f.wid_present && f.wid > width && !f.minus) write_padding(f.wid - width);
  if (f.sharp) buf_ += std::string("0") + digits[16];
  for (int i = 0; i < length; ++i) {
    if (f.space && i > 0) {
      buf_ += ' ';
      if (f.sharp) buf_ += std::string("0") + digits[16];
    }
    auto c = static_cast<uint8_t>(s[static_cast<size_t>(i)]);
    buf_ += digits[c >> 4];
    buf_ += digits[c & 15];
  }
  if (f.wid_present && f.wid > width && f.minus) write_padding(f.wid - width);
}

void GoFmt::fmt_q(std::string_view s) {
  s = truncate(s);
  if (f.sharp && can_backquote(s)) {
    pad("`" + std::string(s) + "`");
    return;
  }
  pad(quote(s, f.plus));
}

}  // namespace driftlint::gotmpl
