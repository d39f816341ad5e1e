// libyaml's scanner.c: block, quoted and plain scalars. Function for
// function, check for check (each CACHE call included: it decides when a
// reader error is seen).
#include <algorithm>
#include <string>

#include "yaml/scanner.h"

namespace driftlint::yaml::scan {

namespace {

bool document_indicator(const Cursor& c) {
  return c.mark().column == 0 &&
         ((c.check('-') && c.check('-', 1) && c.check('-', 2)) || (c.check('.') && c.check('.', 1) && c.check('.', 2))) &&
         c.is_blankz(3);
}

bool starts_with_newline(const std::string& s) { return !s.empty() && s[0] == '\n'; }

// Folds the line breaks before a scalar's next line: one break becomes a
// space, more keep all but the first.
void fold_breaks(std::string& out, std::string& leading_break, std::string& trailing_breaks) {
  if (starts_with_newline(leading_break)) {
    if (trailing_breaks.empty()) {
      out.push_back(' ');
    } else {
      out += trailing_breaks;
      trailing_breaks.clear();
    }
    leading_break.clear();
  } else {
    out += leading_break;
    out += trailing_breaks;
    leading_break.clear();
    trailing_breaks.clear();
  }
}

// A double-quoted scalar's one-character escapes; "" for none, 'x', 'u',
// 'U' give the number of hex digits that follow as a single character.
std::string_view simple_escape(unsigned char c, size_t& code_length) {
  code_length = 0;
  switch (c) {
    case '0': return std::string_view("\0", 1);
    case 'a': return "\x07";
    case 'b': return "\x08";
    case 't':
    case '\t': return "\x09";
    case 'n': return "\x0A";
    case 'v': return "\x0B";
    case 'f': return "\x0C";
    case 'r': return "\x0D";
    case 'e': return "\x1B";
    case ' ': return " ";
    case '"': return "\"";
    case '/': return "/";
    case '\\': return "\\";
    case 'N': return "\xC2\x85";
    case '_': return "\xC2\xA0";
    case 'L': return "\xE2\x80\xA8";
    case 'P': return "\xE2\x80\xA9";
    case 'x': code_length = 2; return "";
    case 'u': code_length = 4; return "";
    case 'U': code_length = 8; return "";
    default: return {};
  }
}

}  // namespace

bool Scanner::scan_block_scalar(Token& token, bool literal) {
  Cursor& c = cursor_;
  const char* context = "while scanning a block scalar";
  Mark start = c.mark();
  c.skip();
  if (!c.cache(1)) return reader_failed();
  int chomping = 0;
  int64_t increment = 0;
  if (c.check('+') || c.check('-')) {
    chomping = c.check('+') ? +1 : -1;
    c.skip();
    if (!c.cache(1)) return reader_failed();
    if (c.is_digit()) {
      if (c.check('0')) return fail(context, start, "found an indentation indicator equal to 0");
      increment = c.at() - '0';
      c.skip();
    }
  } else if (c.is_digit()) {
    if (c.check('0')) return fail(context, start, "found an indentation indicator equal to 0");
    increment = c.at() - '0';
    c.skip();
    if (!c.cache(1)) return reader_failed();
    if (c.check('+') || c.check('-')) {
      chomping = c.check('+') ? +1 : -1;
      c.skip();
    }
  }
  if (!c.cache(1)) return reader_failed();
  while (c.is_blank()) {
    c.skip();
    if (!c.cache(1)) return reader_failed();
  }
  if (c.check('#')) {
    while (!c.is_breakz()) {
      c.skip();
      if (!c.cache(1)) return reader_failed();
    }
  }
  if (!c.is_breakz()) return fail(context, start, "did not find expected comment or line break");
  if (c.is_break()) {
    if (!c.cache(2)) return reader_failed();
    c.skip_line();
  }
  Mark end = c.mark();
  int64_t indent = 0;
  if (increment) indent = indent_ >= 0 ? indent_ + increment : increment;
  std::string value, leading_break, trailing_breaks;
  if (!scan_block_scalar_breaks(indent, trailing_breaks, start, end)) return false;
  if (!c.cache(1)) return reader_failed();
  bool leading_blank = false;
  while (static_cast<int64_t>(c.mark().column) == indent && !c.is_z()) {
    bool trailing_blank = c.is_blank();
    if (!literal && starts_with_newline(leading_break) && !leading_blank && !trailing_blank) {
      if (trailing_breaks.empty()) value.push_back(' ');
      leading_break.clear();
    } else {
      value += leading_break;
      leading_break.clear();
    }
    value += trailing_breaks;
    trailing_breaks.clear();
    leading_blank = c.is_blank();
    while (!c.is_breakz()) {
      c.read(value);
      if (!c.cache(1)) return reader_failed();
    }
    if (!c.cache(2)) return reader_failed();
    c.read_line(leading_break);
    if (!scan_block_scalar_breaks(indent, trailing_breaks, start, end)) return false;
  }
  if (chomping != -1) value += leading_break;
  if (chomping == 1) value += trailing_breaks;
  token.type = TokenType::Scalar;
  token.value = std::move(value);
  token.style = literal ? ScalarStyle::Literal : ScalarStyle::Folded;
  token.start = start;
  token.end = end;
  return true;
}

bool Scanner::scan_block_scalar_breaks(int64_t& indent, std::string& breaks, const Mark& start, Mark& end) {
  Cursor& c = cursor_;
  int64_t max_indent = 0;
  end = c.mark();
  for (;;) {
    if (!c.cache(1)) return reader_failed();
    while ((!indent || static_cast<int64_t>(c.mark().column) < indent) && c.is_space()) {
      c.skip();
      if (!c.cache(1)) return reader_failed();
    }
    max_indent = std::max(max_indent, static_cast<int64_t>(c.mark().column));
    if ((!indent || static_cast<int64_t>(c.mark().column) < indent) && c.is_tab()) {
      return fail("while scanning a block scalar", start,
                  "found a tab character where an indentation space is expected");
    }
    if (!c.is_break()) break;
    if (!c.cache(2)) return reader_failed();
    c.read_line(breaks);
    end = c.mark();
  }
  if (!indent) indent = std::max<int64_t>({max_indent, indent_ + 1, 1});
  return true;
}

// A double-quoted scalar's escape sequence, '\\' and all.
bool Scanner::scan_escape(const Mark& start, std::string& value) {
  Cursor& c = cursor_;
  size_t code_length = 0;
  std::string_view escaped = simple_escape(c.at(1), code_length);
  if (escaped.empty() && !code_length) return fail("while parsing a quoted scalar", start, "found unknown escape character");
  value += escaped;
  c.skip();
  c.skip();
  if (!code_length) return true;
  if (!c.cache(code_length)) return reader_failed();
  uint32_t code = 0;
  for (size_t k = 0; k < code_length; ++k) {
    if (!c.is_hex(k)) return fail("while parsing a quoted scalar", start, "did not find expected hexdecimal number");
    code = (code << 4) + static_cast<uint32_t>(c.as_hex(k));
  }
  if ((code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) {
    return fail("while parsing a quoted scalar", start, "found invalid Unicode character escape code");
  }
  append_utf8(value, code);
  for (size_t k = 0; k < code_length; ++k) c.skip();
  return true;
}

bool Scanner::scan_flow_scalar(Token& token, bool single) {
  Cursor& c = cursor_;
  Mark start = c.mark();
  c.skip();
  std::string value, leading_break, trailing_breaks, whitespaces;
  char quote = single ? '\'' : '"';
  for (;;) {
    if (!c.cache(4)) return reader_failed();
    if (document_indicator(c)) return fail("while scanning a quoted scalar", start, "found unexpected document indicator");
    if (c.is_z()) return fail("while scanning a quoted scalar", start, "found unexpected end of stream");
    if (!c.cache(2)) return reader_failed();
    bool leading_blanks = false;
    while (!c.is_blankz()) {
      if (single && c.check('\'') && c.check('\'', 1)) {
        value.push_back('\'');
        c.skip();
        c.skip();
      } else if (c.check(quote)) {
        break;
      } else if (!single && c.check('\\') && c.is_break(1)) {
        if (!c.cache(3)) return reader_failed();
        c.skip();
        c.skip_line();
        leading_blanks = true;
        break;
      } else if (!single && c.check('\\')) {
        if (!scan_escape(start, value)) return false;
      } else {
        c.read(value);
      }
      if (!c.cache(2)) return reader_failed();
    }
    if (!c.cache(1)) return reader_failed();
    if (c.check(quote)) break;
    if (!c.cache(1)) return reader_failed();
    while (c.is_blank() || c.is_break()) {
      if (c.is_blank()) {
        if (!leading_blanks) {
          c.read(whitespaces);
        } else {
          c.skip();
        }
      } else {
        if (!c.cache(2)) return reader_failed();
        if (!leading_blanks) {
          whitespaces.clear();
          c.read_line(leading_break);
          leading_blanks = true;
        } else {
          c.read_line(trailing_breaks);
        }
      }
      if (!c.cache(1)) return reader_failed();
    }
    if (leading_blanks) {
      fold_breaks(value, leading_break, trailing_breaks);
    } else {
      value += whitespaces;
      whitespaces.clear();
    }
  }
  c.skip();
  token.type = TokenType::Scalar;
  token.value = std::move(value);
  token.style = single ? ScalarStyle::SingleQuoted : ScalarStyle::DoubleQuoted;
  token.start = start;
  token.end = c.mark();
  return true;
}

bool Scanner::scan_plain_scalar(Token& token) {
  Cursor& c = cursor_;
  std::string value, leading_break, trailing_breaks, whitespaces;
  bool leading_blanks = false;
  int64_t indent = indent_ + 1;
  Mark start = c.mark();
  Mark end = start;
  for (;;) {
    if (!c.cache(4)) return reader_failed();
    if (document_indicator(c) || c.check('#')) break;
    while (!c.is_blankz()) {
      // "x:" followed by one of ",?[]{}" in the flow context.
      if (flow_level_ && c.check(':') &&
          (c.check(',', 1) || c.check('?', 1) || c.check('[', 1) || c.check(']', 1) || c.check('{', 1) ||
           c.check('}', 1))) {
        return fail("while scanning a plain scalar", start, "found unexpected ':'");
      }
      if ((c.check(':') && c.is_blankz(1)) ||
          (flow_level_ && (c.check(',') || c.check('[') || c.check(']') || c.check('{') || c.check('}')))) {
        break;
      }
      if (leading_blanks) {
        fold_breaks(value, leading_break, trailing_breaks);
        leading_blanks = false;
      } else if (!whitespaces.empty()) {
        value += whitespaces;
        whitespaces.clear();
      }
      c.read(value);
      end = c.mark();
      if (!c.cache(2)) return reader_failed();
    }
    if (!(c.is_blank() || c.is_break())) break;
    if (!c.cache(1)) return reader_failed();
    while (c.is_blank() || c.is_break()) {
      if (c.is_blank()) {
        if (leading_blanks && static_cast<int64_t>(c.mark().column) < indent && c.is_tab()) {
          return fail("while scanning a plain scalar", start, "found a tab character that violates indentation");
        }
        if (!leading_blanks) {
          c.read(whitespaces);
        } else {
          c.skip();
        }
      } else {
        if (!c.cache(2)) return reader_failed();
        if (!leading_blanks) {
          whitespaces.clear();
          c.read_line(leading_break);
          leading_blanks = true;
        } else {
          c.read_line(trailing_breaks);
        }
      }
      if (!c.cache(1)) return reader_failed();
    }
    if (!flow_level_ && static_cast<int64_t>(c.mark().column) < indent) break;
  }
  token.type = TokenType::Scalar;
  token.value = std::move(value);
  token.style = ScalarStyle::Plain;
  token.start = start;
  token.end = end;
  if (leading_blanks) simple_key_allowed_ = true;
  return true;
}

}  // namespace driftlint::yaml::scan
