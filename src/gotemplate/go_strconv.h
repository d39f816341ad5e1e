// Go's strconv and unicode/utf8 as fmt uses them (go_printf.cc): float
// formatting in every format fmt asks for, quoting of strings and runes, and
// UTF-8 decoding with Go's replacement of bad bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace driftlint::gotmpl {

inline constexpr uint32_t kRuneError = 0xFFFD;
inline constexpr uint32_t kMaxRune = 0x10FFFF;

// utf8.DecodeRuneInString: the rune at `at` and its size; a bad byte is
// (kRuneError, 1).
struct Rune {
  uint32_t value;
  size_t size;
};
Rune decode_rune(std::string_view text, size_t at);
// utf8.EncodeRune: a rune past kMaxRune or a surrogate encodes as kRuneError.
std::string encode_rune(uint32_t rune);
// utf8.RuneCountInString.
size_t rune_count(std::string_view text);

// unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the
// ASCII space. Controls, format characters, other spaces, surrogates and
// private use are not; unassigned code points count as printable (Go's
// tables know them, driftlint does not).
bool is_print(uint32_t rune);

// unicode.ToLower / ToUpper for ASCII, Latin-1, Latin Extended-A, Greek
// and Cyrillic; other code points are left as they are.
uint32_t to_lower(uint32_t rune);
uint32_t to_upper(uint32_t rune);
// strings.ToLower / ToUpper with those.
std::string map_case(std::string_view text, bool upper);

// strconv.FormatFloat(v, format, precision, 64) for 'b', 'e', 'E', 'f',
// 'g', 'G', 'x' and 'X'; precision -1 is the shortest that reads back.
std::string format_float(double value, char format, int precision);

// strconv.Quote / QuoteToASCII, QuoteRune / QuoteRuneToASCII, CanBackquote.
std::string quote(std::string_view text, bool ascii_only);
std::string quote_rune(uint32_t rune, bool ascii_only);
bool can_backquote(std::string_view text);

}  // namespace driftlint::gotmpl
