// Go's text/template/parse lexer, as a loop over the text instead of state
// functions: text up to "{{", trim markers ("{{- " and " -}}" eat the
// white space beside them), comments, and the tokens inside an action.
#include <cstdlib>
#include <unordered_map>

#include "gotemplate/go_template_ast.h"

namespace driftlint::gotmpl {

namespace {

constexpr std::string_view kLeft = "{{";
constexpr std::string_view kRight = "}}";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool is_alnum(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || u >= 0x80;
}

Tok keyword(std::string_view word) {
  static const std::unordered_map<std::string_view, Tok> words = {
      {"if", Tok::If},       {"else", Tok::Else},         {"end", Tok::End},
      {"range", Tok::Range}, {"with", Tok::With},         {"break", Tok::Break},
      {"continue", Tok::Continue}, {"define", Tok::Define}, {"template", Tok::Template},
      {"block", Tok::Block}, {"nil", Tok::Nil},           {"true", Tok::Bool},
      {"false", Tok::Bool},
  };
  auto it = words.find(word);
  return it == words.end() ? Tok::Identifier : it->second;
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : in_(text) {}

  Expected<std::vector<Token>> run() {
    while (pos_ < in_.size()) {
      if (Status s = text(); !s) return s.error();
      if (pos_ >= in_.size()) break;
      if (Status s = action(); !s) return s.error();
    }
    emit(Tok::Eof, "");
    return std::move(out_);
  }

 private:
  Error fail(const std::string& what) const { return Error{"template: base:" + std::to_string(line_) + ": " + what}; }

  // A token that ends at pos_.
  void emit(Tok kind, std::string text) {
    size_t start = pos_ >= text.size() ? pos_ - text.size() : 0;
    emit_at(kind, std::move(text), start);
  }

  void emit_at(Tok kind, std::string text, size_t start) {
    int col = static_cast<int>(start - line_start(start));
    out_.push_back({kind, std::move(text), line_, col});
    for (char c : out_.back().text) line_ += c == '\n';
  }

  // Where the line holding `start` begins. Tokens come in order, so the scan
  // only moves forward (searching back from each token was quadratic in a
  // long line's tokens: 18 s for 400 KB).
  size_t line_start(size_t start) {
    if (start < scanned_) {
      size_t newline = start == 0 ? std::string_view::npos : in_.rfind('\n', start - 1);
      return newline == std::string_view::npos ? 0 : newline + 1;
    }
    for (; scanned_ < start; ++scanned_) {
      if (in_[scanned_] == '\n') line_begin_ = scanned_ + 1;
    }
    return line_begin_;
  }

  bool at_right_delim(bool* trim) const {
    std::string_view rest = in_.substr(pos_);
    if (rest.size() >= 2 + kRight.size() && is_space(rest[0]) && rest[1] == '-' && rest.substr(2, 2) == kRight) {
      *trim = true;
      return true;
    }
    *trim = false;
    return rest.substr(0, kRight.size()) == kRight;
  }

  // Skips the white space after a trim-marked right delimiter.
  void trim_leading_space() {
    while (pos_ < in_.size() && is_space(in_[pos_])) line_ += in_[pos_++] == '\n';
  }

  // Text up to the next "{{" (or the end); leaves pos_ at the "{{".
  Status text() {
    size_t at = in_.find(kLeft, pos_);
    size_t end = at == std::string_view::npos ? in_.size() : at;
    std::string_view chunk = in_.substr(pos_, end - pos_);
    std::string_view after = at == std::string_view::npos ? "" : in_.substr(at + kLeft.size());
    bool trim = after.size() >= 2 && after[0] == '-' && is_space(after[1]);
    if (trim) {
      size_t keep = chunk.size();
      while (keep > 0 && is_space(chunk[keep - 1])) --keep;
      for (size_t i = keep; i < chunk.size(); ++i) line_ += chunk[i] == '\n';
      chunk = chunk.substr(0, keep);
    }
    if (!chunk.empty()) emit_at(Tok::Text, std::string(chunk), pos_);
    pos_ = end;
    return {};
  }

  Status comment() {
    size_t close = in_.find("*/", pos_ + 2);
    if (close == std::string_view::npos) return fail("unclosed comment");
    for (size_t i = pos_; i < close; ++i) line_ += in_[i] == '\n';
    pos_ = close + 2;
    bool trim = false;
    if (!at_right_delim(&trim)) return fail("comment ends before closing delimiter");
    pos_ += (trim ? 2 : 0) + kRight.size();
    if (trim) trim_leading_space();
    return {};
  }

  Status action() {
    pos_ += kLeft.size();
    bool trim = in_.size() - pos_ >= 2 && in_[pos_] == '-' && is_space(in_[pos_ + 1]);
    if (trim) pos_ += 2;
    if (in_.substr(pos_, 2) == "/*") return comment();
    emit(Tok::Left, "{{");
    int depth = 0;
    while (true) {
      bool right_trim = false;
      if (at_right_delim(&right_trim)) {
        if (depth > 0) return fail("unclosed left paren");
        pos_ += (right_trim ? 2 : 0) + kRight.size();
        emit(Tok::Right, "}}");
        if (right_trim) trim_leading_space();
        return {};
      }
      if (pos_ >= in_.size()) return fail("unclosed action");
      if (Status s = token(depth); !s) return s;
    }
  }

  bool at_terminator() const {
    if (pos_ >= in_.size()) return true;
    char c = in_[pos_];
    return is_space(c) || c == '.' || c == ',' || c == '|' || c == ':' || c == ')' || c == '(' ||
           in_.substr(pos_, kRight.size()) == kRight;
  }

  Status word(Tok kind, size_t start) {
    while (pos_ < in_.size() && is_alnum(in_[pos_])) ++pos_;
    if (!at_terminator()) return fail("bad character " + std::string(1, in_[pos_]));
    std::string text(in_.substr(start, pos_ - start));
    if (kind == Tok::Identifier) kind = keyword(text);
    if (kind == Tok::Field && text == ".") kind = Tok::Dot;
    emit(kind, std::move(text));
    return {};
  }

  Status number(size_t start) {
    if (in_[pos_] == '+' || in_[pos_] == '-') ++pos_;
    std::string_view digits = "0123456789_";
    if (in_[pos_] == '0' && pos_ + 1 < in_.size()) {
      char p = in_[pos_ + 1];
      if (p == 'x' || p == 'X') digits = "0123456789abcdefABCDEF_";
      if (p == 'o' || p == 'O') digits = "01234567_";
      if (p == 'b' || p == 'B') digits = "01_";
      if (digits.size() != 11) pos_ += 2;
    }
    auto run = [&](std::string_view set) {
      while (pos_ < in_.size() && set.find(in_[pos_]) != std::string_view::npos) ++pos_;
    };
    run(digits);
    if (pos_ < in_.size() && in_[pos_] == '.') {
      ++pos_;
      run(digits);
    }
    if (digits.size() == 11 && pos_ < in_.size() && (in_[pos_] == 'e' || in_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < in_.size() && (in_[pos_] == '+' || in_[pos_] == '-')) ++pos_;
      run("0123456789_");
    }
    if (digits.size() == 23 && pos_ < in_.size() && (in_[pos_] == 'p' || in_[pos_] == 'P')) {
      ++pos_;
      if (pos_ < in_.size() && (in_[pos_] == '+' || in_[pos_] == '-')) ++pos_;
      run("0123456789_");
    }
    if (pos_ < in_.size() && in_[pos_] == 'i') ++pos_;  // imaginary
    if (pos_ < in_.size() && is_alnum(in_[pos_])) {
      return fail("bad number syntax: \"" + std::string(in_.substr(start, pos_ + 1 - start)) + "\"");
    }
    emit(Tok::Number, std::string(in_.substr(start, pos_ - start)));
    return {};
  }

  Status quoted(char quote, Tok kind, size_t start) {
    while (true) {
      if (pos_ >= in_.size()) return fail(quote == '`' ? "unterminated raw quoted string" : "unterminated quoted string");
      char c = in_[pos_++];
      if (c == '\\' && quote != '`') {
        if (pos_ >= in_.size()) return fail("unterminated quoted string");
        ++pos_;
        continue;
      }
      if (c == '\n' && quote != '`') return fail("unterminated quoted string");
      if (c == quote) break;
    }
    emit(kind, std::string(in_.substr(start, pos_ - start)));
    return {};
  }

  Status token(int& depth) {
    size_t start = pos_;
    char c = in_[pos_];
    if (is_space(c)) {
      while (pos_ < in_.size() && is_space(in_[pos_])) ++pos_;
      bool trim = false;
      --pos_;  // a trim-marked "}}" starts with a space: give that space back
      if (at_right_delim(&trim) && trim) {
        if (pos_ > start) emit(Tok::Space, std::string(in_.substr(start, pos_ - start)));
        return {};
      }
      ++pos_;
      emit(Tok::Space, std::string(in_.substr(start, pos_ - start)));
      return {};
    }
    ++pos_;
    switch (c) {
      case '=': emit(Tok::Assign, "="); return {};
      case ':':
        if (pos_ >= in_.size() || in_[pos_] != '=') return fail("expected :=");
        ++pos_;
        emit(Tok::Declare, ":=");
        return {};
      case '|': emit(Tok::Pipe, "|"); return {};
      case ',': emit(Tok::Comma, ","); return {};
      case '"': return quoted('"', Tok::String, start);
      case '`': return quoted('`', Tok::String, start);
      case '\'': return quoted('\'', Tok::Char, start);
      case '$': return word(Tok::Variable, start);
      case '(': ++depth; emit(Tok::LeftParen, "("); return {};
      case ')':
        if (--depth < 0) return fail("unexpected right paren");
        emit(Tok::RightParen, ")");
        return {};
      default: break;
    }
    if (c == '.' && (pos_ >= in_.size() || in_[pos_] < '0' || in_[pos_] > '9')) return word(Tok::Field, start);
    if (c == '.' || c == '+' || c == '-' || (c >= '0' && c <= '9')) {
      pos_ = start;
      return number(start);
    }
    if (is_alnum(c)) return word(Tok::Identifier, start);
    return fail("unrecognized character in action: '" + std::string(1, c) + "'");
  }

  std::string_view in_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t scanned_ = 0;     // line_start has read the text up to here
  size_t line_begin_ = 0;  // ... and the line there begins here
  std::vector<Token> out_;
};

}  // namespace

Expected<std::vector<Token>> lex(std::string_view text) { return Lexer(text).run(); }

// strconv.Unquote for "..." (Go escapes), `...` (raw) and '.' (a rune).
std::optional<std::string> unquote(std::string_view text) {
  if (text.size() < 2) return std::nullopt;
  if (text.front() == '`') return std::string(text.substr(1, text.size() - 2));
  std::string out;
  for (size_t i = 1; i + 1 < text.size(); ++i) {
    char c = text[i];
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i >= text.size() - 1) return std::nullopt;
    char e = text[i];
    static const std::string_view from = "abfnrtv\\\"'";
    static const std::string_view to = "\a\b\f\n\r\t\v\\\"'";
    if (size_t k = from.find(e); k != std::string_view::npos) {
      out += to[k];
      continue;
    }
    int width = e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : (e >= '0' && e <= '7') ? 3 : 0;
    if (width == 0) return std::nullopt;
    size_t start = e >= '0' && e <= '7' ? i : i + 1;
    if (start + static_cast<size_t>(width) > text.size() - 1) return std::nullopt;
    std::string digits(text.substr(start, static_cast<size_t>(width)));
    char* end = nullptr;
    unsigned long code = std::strtoul(digits.c_str(), &end, e >= '0' && e <= '7' ? 8 : 16);
    if (end != digits.c_str() + digits.size()) return std::nullopt;
    i = start + static_cast<size_t>(width) - 1;
    if (e == 'x' || (e >= '0' && e <= '7')) {
      out += static_cast<char>(code);
    } else if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xc0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xe0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (code & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (code & 0x3f));
    }
  }
  return out;
}


}  // namespace driftlint::gotmpl
