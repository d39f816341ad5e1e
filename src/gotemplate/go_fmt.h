// Go's fmt for template values, inside the engine: the formatter of one
// operand (fmt/format.go) that the printf driver (go_printf.cc, print.go)
// sets flags on. Kept apart so each file stays one of Go's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace driftlint::gotmpl {

struct FmtFlags {
  bool sharp = false, zero = false, plus = false, minus = false, space = false;
  bool sharp_v = false, plus_v = false;  // %#v, %+v
  bool wid_present = false, prec_present = false;
  int wid = 0, prec = 0;
};

// Writes one operand into `buf` as fmt's *fmt does.
class GoFmt {
 public:
  explicit GoFmt(std::string& buf) : buf_(buf) {}
  FmtFlags f;

  void clear_flags() { f = FmtFlags{}; }
  void write_padding(int n);
  void pad(std::string_view text);  // width in runes
  void pad_string(std::string_view text) { pad(text); }
  void fmt_boolean(bool v) { pad(v ? "true" : "false"); }
  void fmt_integer(uint64_t u, int base, bool is_signed, char32_t verb, bool upper);
  void fmt_unicode(uint64_t u);
  void fmt_c(uint64_t c);
  void fmt_qc(uint64_t c);
  void fmt_float(double v, char verb, int prec);
  void fmt_s(std::string_view s) { pad(truncate(s)); }
  void fmt_sx(std::string_view s, bool upper);
  void fmt_q(std::string_view s);

 private:
  std::string_view truncate(std::string_view s) const;
  std::string& buf_;
};

}  // namespace driftlint::gotmpl
