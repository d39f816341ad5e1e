// The input side of driftlint's port of libyaml's scanner (yaml/scanner.h):
// what libyaml's reader (reader.c) makes of a UTF-8 text, reproduced without
// its buffers. The scanner reads the text's bytes in place; check_reader
// finds, once per text, the first character the reader would refuse and how
// many characters it hands out before it says so (it decodes 16 KiB at a
// time, so an error is reported while the scanner is still before it), and
// Cursor moves through the text counting marks the way libyaml does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace driftlint::yaml::scan {

// libyaml's yaml_mark_t: `index` and `column` count characters (a CRLF is
// two), `line` and `column` are 0-based.
struct Mark {
  uint64_t index = 0;
  uint64_t line = 0;
  uint64_t column = 0;
};

struct ReaderProblem {
  const char* problem = "";
  uint64_t offset = 0;  // bytes from the start of the text
  int64_t value = -1;   // the offending octet or character, -1 for none
};

struct ReaderCheck {
  size_t begin = 0;  // after a UTF-8 byte order mark
  std::optional<ReaderProblem> problem;  // its offset counts the text's own bytes
  // Characters the reader hands out before it reports `problem`.
  uint64_t available = UINT64_MAX;
  // A text with a UTF-16 byte order mark, decoded to UTF-8 as libyaml's
  // reader decodes it (up to `problem`): what the scanner reads instead.
  bool utf16 = false;
  std::string utf8;

  std::string_view scanned(std::string_view text) const { return utf16 ? std::string_view(utf8) : text; }
};

// Appends `value` (a Unicode scalar value) to `out` as UTF-8: the reader's
// UTF-16 decoding and the scanner's escapes both write characters this way.
void append_utf8(std::string& out, uint32_t value);

// libyaml's reader over a whole text: its encodings (UTF-8, or UTF-16 after
// a byte order mark), its 16 KiB fills, its checks and their order
// (reader.c, yaml_parser_update_buffer).
ReaderCheck check_reader(std::string_view text);

// The scanner's place in the text; libyaml's buffer pointer, mark and CACHE.
class Cursor {
 public:
  Cursor() = default;
  Cursor(std::string_view text, const ReaderCheck& check) : text_(text), pos_(check.begin), check_(&check) {}

  // The byte `k` bytes ahead; 0 past the end, as libyaml's buffer ends in NUL.
  unsigned char at(size_t k = 0) const {
    size_t p = pos_ + k;
    return p < text_.size() ? static_cast<unsigned char>(text_[p]) : 0;
  }
  bool check(char c, size_t k = 0) const { return at(k) == static_cast<unsigned char>(c); }
  // libyaml's CACHE(parser, n): false when the reader fails first.
  bool cache(size_t n) const { return mark_.index + n <= check_->available; }
  const ReaderProblem& reader_problem() const { return *check_->problem; }

  bool is_alpha(size_t k = 0) const;
  bool is_digit(size_t k = 0) const { return at(k) >= '0' && at(k) <= '9'; }
  bool is_hex(size_t k = 0) const;
  bool is_z(size_t k = 0) const { return at(k) == 0; }
  bool is_bom(size_t k = 0) const { return at(k) == 0xEF && at(k + 1) == 0xBB && at(k + 2) == 0xBF; }
  bool is_space(size_t k = 0) const { return at(k) == ' '; }
  bool is_tab(size_t k = 0) const { return at(k) == '\t'; }
  bool is_blank(size_t k = 0) const { return is_space(k) || is_tab(k); }
  bool is_break(size_t k = 0) const;
  bool is_crlf(size_t k = 0) const { return at(k) == '\r' && at(k + 1) == '\n'; }
  bool is_breakz(size_t k = 0) const { return is_break(k) || is_z(k); }
  bool is_blankz(size_t k = 0) const { return is_blank(k) || is_breakz(k); }
  int as_hex(size_t k = 0) const;
  // libyaml's WIDTH: the bytes of the character starting here.
  size_t width(size_t k = 0) const;

  void skip() {
    mark_.index++;
    mark_.column++;
    pos_ += width();
  }
  void skip_line();
  void read(std::string& out) {
    size_t w = width();
    out.append(text_.data() + pos_, w);
    mark_.index++;
    mark_.column++;
    pos_ += w;
  }
  void read_line(std::string& out);

  const Mark& mark() const { return mark_; }
  // libyaml forces a new line at the end of the stream.
  void force_new_line() {
    if (mark_.column != 0) {
      mark_.column = 0;
      mark_.line++;
    }
  }
  size_t position() const { return pos_; }
  void seek(size_t position, const Mark& mark) {
    pos_ = position;
    mark_ = mark;
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  Mark mark_;
  const ReaderCheck* check_ = nullptr;
};

}  // namespace driftlint::yaml::scan
