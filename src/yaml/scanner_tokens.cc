// libyaml's scanner.c: directives, anchors, aliases and tags. Function for
// function, check for check.
#include <string>

#include "yaml/scanner.h"

namespace driftlint::yaml::scan {

namespace {

bool uri_character(const Cursor& c, bool uri_char) {
  static constexpr std::string_view kUri = ";/?:@&=+$.%!~*'()";
  unsigned char x = c.at();
  if (c.is_alpha() || (x != 0 && kUri.find(static_cast<char>(x)) != std::string_view::npos)) return true;
  // Inside a verbatim tag <...> the flow indicators ',' '[' ']' are allowed too.
  return uri_char && (x == ',' || x == '[' || x == ']');
}

}  // namespace

bool Scanner::scan_directive(Token& token) {
  Cursor& c = cursor_;
  Mark start = c.mark();
  c.skip();
  std::string name;
  if (!scan_directive_name(start, name)) return false;
  if (name == "YAML") {
    if (!scan_version_directive_value(start, token.major, token.minor)) return false;
    token.type = TokenType::VersionDirective;
  } else if (name == "TAG") {
    if (!scan_tag_directive_value(start, token.value, token.suffix)) return false;
    token.type = TokenType::TagDirective;
  } else {
    return fail("while scanning a directive", start, "found unknown directive name");
  }
  token.start = start;
  token.end = c.mark();
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
  if (!c.is_breakz()) return fail("while scanning a directive", start, "did not find expected comment or line break");
  if (c.is_break()) {
    if (!c.cache(2)) return reader_failed();
    c.skip_line();
  }
  return true;
}

bool Scanner::scan_directive_name(const Mark& start, std::string& name) {
  Cursor& c = cursor_;
  if (!c.cache(1)) return reader_failed();
  while (c.is_alpha()) {
    c.read(name);
    if (!c.cache(1)) return reader_failed();
  }
  if (name.empty()) return fail("while scanning a directive", start, "could not find expected directive name");
  if (!c.is_blankz()) return fail("while scanning a directive", start, "found unexpected non-alphabetical character");
  return true;
}

bool Scanner::scan_version_directive_value(const Mark& start, int& major, int& minor) {
  Cursor& c = cursor_;
  if (!c.cache(1)) return reader_failed();
  while (c.is_blank()) {
    c.skip();
    if (!c.cache(1)) return reader_failed();
  }
  if (!scan_version_directive_number(start, major)) return false;
  if (!c.check('.')) {
    return fail("while scanning a %YAML directive", start, "did not find expected digit or '.' character");
  }
  c.skip();
  return scan_version_directive_number(start, minor);
}

bool Scanner::scan_version_directive_number(const Mark& start, int& number) {
  Cursor& c = cursor_;
  int value = 0;
  size_t length = 0;
  if (!c.cache(1)) return reader_failed();
  while (c.is_digit()) {
    if (++length > 9) return fail("while scanning a %YAML directive", start, "found extremely long version number");
    value = value * 10 + (c.at() - '0');
    c.skip();
    if (!c.cache(1)) return reader_failed();
  }
  if (!length) return fail("while scanning a %YAML directive", start, "did not find expected version number");
  number = value;
  return true;
}

bool Scanner::scan_tag_directive_value(const Mark& start, std::string& handle, std::string& prefix) {
  Cursor& c = cursor_;
  if (!c.cache(1)) return reader_failed();
  while (c.is_blank()) {
    c.skip();
    if (!c.cache(1)) return reader_failed();
  }
  if (!scan_tag_handle(true, start, handle)) return false;
  if (!c.cache(1)) return reader_failed();
  if (!c.is_blank()) return fail("while scanning a %TAG directive", start, "did not find expected whitespace");
  while (c.is_blank()) {
    c.skip();
    if (!c.cache(1)) return reader_failed();
  }
  if (!scan_tag_uri(true, true, nullptr, start, prefix)) return false;
  if (!c.cache(1)) return reader_failed();
  if (!c.is_blankz()) {
    return fail("while scanning a %TAG directive", start, "did not find expected whitespace or line break");
  }
  return true;
}

bool Scanner::scan_anchor(Token& token, TokenType type) {
  Cursor& c = cursor_;
  Mark start = c.mark();
  c.skip();
  if (!c.cache(1)) return reader_failed();
  std::string name;
  while (c.is_alpha()) {
    c.read(name);
    if (!c.cache(1)) return reader_failed();
  }
  Mark end = c.mark();
  // Followed by a blank or one of '?', ':', ',', ']', '}', '%', '@', '`'.
  bool ends_well = c.is_blankz() || c.check('?') || c.check(':') || c.check(',') || c.check(']') || c.check('}') ||
                   c.check('%') || c.check('@') || c.check('`');
  if (name.empty() || !ends_well) {
    return fail(type == TokenType::Anchor ? "while scanning an anchor" : "while scanning an alias", start,
                "did not find expected alphabetic or numeric character");
  }
  token.type = type;
  token.value = std::move(name);
  token.start = start;
  token.end = end;
  return true;
}

bool Scanner::scan_tag(Token& token) {
  Cursor& c = cursor_;
  Mark start = c.mark();
  std::string handle, suffix;
  if (!c.cache(2)) return reader_failed();
  if (c.check('<', 1)) {
    // Verbatim: the handle is '' and the URI is the suffix.
    c.skip();
    c.skip();
    if (!scan_tag_uri(true, false, nullptr, start, suffix)) return false;
    if (!c.check('>')) return fail("while scanning a tag", start, "did not find the expected '>'");
    c.skip();
  } else {
    if (!scan_tag_handle(false, start, handle)) return false;
    if (handle.size() > 1 && handle[0] == '!' && handle.back() == '!') {
      if (!scan_tag_uri(false, false, nullptr, start, suffix)) return false;
    } else {
      // Not a handle after all: it is the start of the suffix, the handle is '!'.
      if (!scan_tag_uri(false, false, &handle, start, suffix)) return false;
      handle = "!";
      if (suffix.empty()) std::swap(handle, suffix);  // the '!' tag: handle '', suffix '!'
    }
  }
  if (!c.cache(1)) return reader_failed();
  if (!c.is_blankz() && (!flow_level_ || !c.check(','))) {
    return fail("while scanning a tag", start, "did not find expected whitespace or line break");
  }
  token.type = TokenType::Tag;
  token.value = std::move(handle);
  token.suffix = std::move(suffix);
  token.start = start;
  token.end = c.mark();
  return true;
}

bool Scanner::scan_tag_handle(bool directive, const Mark& start, std::string& handle) {
  Cursor& c = cursor_;
  if (!c.cache(1)) return reader_failed();
  if (!c.check('!')) {
    return fail(directive ? "while scanning a tag directive" : "while scanning a tag", start, "did not find expected '!'");
  }
  c.read(handle);
  if (!c.cache(1)) return reader_failed();
  while (c.is_alpha()) {
    c.read(handle);
    if (!c.cache(1)) return reader_failed();
  }
  if (c.check('!')) {
    c.read(handle);
  } else if (directive && handle != "!") {
    // The '!' tag or not a handle: in a %TAG directive, an error.
    return fail("while parsing a tag directive", start, "did not find expected '!'");
  }
  return true;
}

bool Scanner::scan_tag_uri(bool uri_char, bool directive, const std::string* head, const Mark& start,
                           std::string& uri) {
  Cursor& c = cursor_;
  size_t length = head ? head->size() : 0;
  std::string value;
  if (length > 1) value.assign(*head, 1);  // without its leading '!'
  if (!c.cache(1)) return reader_failed();
  while (uri_character(c, uri_char)) {
    if (c.check('%')) {
      if (!scan_uri_escapes(directive, start, value)) return false;
    } else {
      c.read(value);
    }
    length++;
    if (!c.cache(1)) return reader_failed();
  }
  if (!length) {
    return fail(directive ? "while parsing a %TAG directive" : "while parsing a tag", start,
                "did not find expected tag URI");
  }
  uri = std::move(value);
  return true;
}

bool Scanner::scan_uri_escapes(bool directive, const Mark& start, std::string& out) {
  Cursor& c = cursor_;
  const char* context = directive ? "while parsing a %TAG directive" : "while parsing a tag";
  int width = 0;
  do {
    if (!c.cache(3)) return reader_failed();
    if (!(c.check('%') && c.is_hex(1) && c.is_hex(2))) return fail(context, start, "did not find URI escaped octet");
    auto octet = static_cast<unsigned char>((c.as_hex(1) << 4) + c.as_hex(2));
    if (!width) {
      width = (octet & 0x80) == 0x00 ? 1 : (octet & 0xE0) == 0xC0 ? 2 : (octet & 0xF0) == 0xE0 ? 3 : (octet & 0xF8) == 0xF0 ? 4 : 0;
      if (!width) return fail(context, start, "found an incorrect leading UTF-8 octet");
    } else if ((octet & 0xC0) != 0x80) {
      return fail(context, start, "found an incorrect trailing UTF-8 octet");
    }
    out.push_back(static_cast<char>(octet));
    c.skip();
    c.skip();
    c.skip();
  } while (--width);
  return true;
}

}  // namespace driftlint::yaml::scan
