#include "yaml/scan_reader.h"

#include <algorithm>

namespace driftlint::yaml::scan {

namespace {

// libyaml's INPUT_RAW_BUFFER_SIZE: the reader decodes this many bytes at a time.
constexpr size_t kFill = 16384;

size_t utf8_width(unsigned char octet) {
  if ((octet & 0x80) == 0x00) return 1;
  if ((octet & 0xE0) == 0xC0) return 2;
  if ((octet & 0xF0) == 0xE0) return 3;
  if ((octet & 0xF8) == 0xF0) return 4;
  return 0;
}

bool allowed_character(uint32_t value) {
  return value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value <= 0x7E) ||
         value == 0x85 || (value >= 0xA0 && value <= 0xD7FF) || (value >= 0xE000 && value <= 0xFFFD) ||
         (value >= 0x10000 && value <= 0x10FFFF);
}

// The checks libyaml makes of one complete character, in its order; nullopt
// when it is valid (then `value` holds it).
std::optional<ReaderProblem> check_character(std::string_view text, size_t pos, size_t width, uint32_t& value) {
  auto octet = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char lead = octet(pos);
  value = width == 1 ? lead & 0x7F : width == 2 ? lead & 0x1F : width == 3 ? lead & 0x0F : lead & 0x07;
  for (size_t k = 1; k < width; ++k) {
    if ((octet(pos + k) & 0xC0) != 0x80) return ReaderProblem{"invalid trailing UTF-8 octet", pos + k, octet(pos + k)};
    value = (value << 6) + (octet(pos + k) & 0x3F);
  }
  if (!(width == 1 || (width == 2 && value >= 0x80) || (width == 3 && value >= 0x800) ||
        (width == 4 && value >= 0x10000))) {
    return ReaderProblem{"invalid length of a UTF-8 sequence", pos, -1};
  }
  if ((value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF) {
    return ReaderProblem{"invalid Unicode character", pos, value};
  }
  if (!allowed_character(value)) return ReaderProblem{"control characters are not allowed", pos, value};
  return std::nullopt;
}

// libyaml's raw reads: 16 KiB at first, then what the last decode left
// undecoded (an incomplete character) plus new bytes up to 16 KiB.
struct Fills {
  size_t size;
  size_t raw_end;
  bool eof;
  uint64_t fill_start = 0;  // characters decoded before the current fill
  explicit Fills(size_t n) : size(n), raw_end(std::min(kFill, n)), eof(n < 3) {}
  // The character at `pos` is incomplete in this fill: read the next (false at the end of the text).
  bool next(size_t pos, uint64_t chars) {
    if (eof) return false;
    fill_start = chars;
    if (raw_end == size) {
      eof = true;  // the next read returns nothing
    } else {
      raw_end = std::min(size, raw_end + kFill - (raw_end - pos));
    }
    return true;
  }
  void decoded(size_t pos, uint64_t chars) {
    if (pos == raw_end && raw_end < size) {
      fill_start = chars;
      raw_end = std::min(size, raw_end + kFill);
    }
  }
};

// UTF-16 after its byte order mark, decoded into r.utf8.
ReaderCheck check_utf16(std::string_view text, bool little_endian) {
  ReaderCheck r;
  r.utf16 = true;
  auto octet = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  auto unit = [&](size_t i) {
    return little_endian ? octet(i) + (octet(i + 1) << 8) : octet(i + 1) + (octet(i) << 8);
  };
  Fills fills(text.size());
  uint64_t chars = 0;
  auto fail = [&](ReaderProblem problem) {
    r.problem = problem;
    r.available = fills.fill_start;
    return r;
  };
  for (size_t pos = 2; pos < text.size();) {
    if (fills.raw_end - pos < 2) {
      if (!fills.next(pos, chars)) return fail({"incomplete UTF-16 character", pos, -1});
      continue;
    }
    uint32_t value = unit(pos);
    size_t width = 2;
    if ((value & 0xFC00) == 0xDC00) return fail({"unexpected low surrogate area", pos, value});
    if ((value & 0xFC00) == 0xD800) {
      width = 4;
      if (fills.raw_end - pos < 4) {
        if (!fills.next(pos, chars)) return fail({"incomplete UTF-16 surrogate pair", pos, -1});
        continue;
      }
      uint32_t low = unit(pos + 2);
      if ((low & 0xFC00) != 0xDC00) return fail({"expected low surrogate area", pos + 2, low});
      value = 0x10000 + ((value & 0x3FF) << 10) + (low & 0x3FF);
    }
    if (!allowed_character(value)) return fail({"control characters are not allowed", pos, value});
    append_utf8(r.utf8, value);
    pos += width;
    chars++;
    fills.decoded(pos, chars);
  }
  return r;
}

}  // namespace

void append_utf8(std::string& out, uint32_t value) {
  if (value <= 0x7F) {
    out.push_back(static_cast<char>(value));
  } else if (value <= 0x7FF) {
    out.push_back(static_cast<char>(0xC0 + (value >> 6)));
    out.push_back(static_cast<char>(0x80 + (value & 0x3F)));
  } else if (value <= 0xFFFF) {
    out.push_back(static_cast<char>(0xE0 + (value >> 12)));
    out.push_back(static_cast<char>(0x80 + ((value >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 + (value & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 + (value >> 18)));
    out.push_back(static_cast<char>(0x80 + ((value >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 + ((value >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 + (value & 0x3F)));
  }
}

ReaderCheck check_reader(std::string_view text) {
  ReaderCheck r;
  size_t size = text.size();
  auto octet = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  if (size >= 2 && ((octet(0) == 0xFF && octet(1) == 0xFE) || (octet(0) == 0xFE && octet(1) == 0xFF))) {
    return check_utf16(text, octet(0) == 0xFF);
  }
  if (size >= 3 && octet(0) == 0xEF && octet(1) == 0xBB && octet(2) == 0xBF) r.begin = 3;
  Fills fills(size);
  uint64_t chars = 0;
  auto fail = [&](ReaderProblem problem) {
    r.problem = problem;
    r.available = fills.fill_start;
    return r;
  };
  for (size_t pos = r.begin; pos < size;) {
    size_t width = utf8_width(octet(pos));
    if (width == 0) return fail({"invalid leading UTF-8 octet", pos, octet(pos)});
    if (width > fills.raw_end - pos) {
      if (!fills.next(pos, chars)) return fail({"incomplete UTF-8 octet sequence", pos, -1});
      continue;
    }
    uint32_t value = 0;
    if (auto problem = check_character(text, pos, width, value)) return fail(*problem);
    pos += width;
    chars++;
    fills.decoded(pos, chars);
  }
  return r;
}

bool Cursor::is_alpha(size_t k) const {
  unsigned char c = at(k);
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '-';
}

bool Cursor::is_hex(size_t k) const {
  unsigned char c = at(k);
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}

int Cursor::as_hex(size_t k) const {
  unsigned char c = at(k);
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - '0';
}

bool Cursor::is_break(size_t k) const {
  unsigned char c = at(k);
  if (c == '\r' || c == '\n') return true;
  if (c == 0xC2) return at(k + 1) == 0x85;
  if (c == 0xE2) return at(k + 1) == 0x80 && (at(k + 2) == 0xA8 || at(k + 2) == 0xA9);
  return false;
}

size_t Cursor::width(size_t k) const { return utf8_width(at(k)); }

void Cursor::skip_line() {
  if (is_crlf()) {
    mark_.index += 2;
    pos_ += 2;
  } else if (is_break()) {
    mark_.index++;
    pos_ += width();
  } else {
    return;
  }
  mark_.column = 0;
  mark_.line++;
}

void Cursor::read_line(std::string& out) {
  if (is_crlf()) {
    out.push_back('\n');
    pos_ += 2;
    mark_.index += 2;
  } else if (check('\r') || check('\n')) {
    out.push_back('\n');
    pos_++;
    mark_.index++;
  } else if (check('\xC2') && check('\x85', 1)) {
    out.push_back('\n');
    pos_ += 2;
    mark_.index++;
  } else if (check('\xE2') && check('\x80', 1) && (check('\xA8', 2) || check('\xA9', 2))) {
    out.append(text_.data() + pos_, 3);
    pos_ += 3;
    mark_.index++;
  } else {
    return;
  }
  mark_.column = 0;
  mark_.line++;
}

}  // namespace driftlint::yaml::scan
