#include "yaml/template_actions.h"

#include <nlohmann/json.hpp>

#include "yaml/scanner.h"

namespace driftlint::yaml {
namespace {

TemplateAction action_at(std::string_view text, uint64_t index, uint64_t line, uint64_t column) {
  size_t end = text.find('\n', index);
  std::string_view rest = text.substr(index, (end == std::string_view::npos ? text.size() : end) - index);
  if (!rest.empty() && rest.back() == '\r') rest.remove_suffix(1);
  std::string excerpt(rest.substr(0, 60));
  if (rest.size() > 60) excerpt += "...";
  return {static_cast<uint32_t>(line + 1), static_cast<uint32_t>(column + 1), std::move(excerpt)};
}

bool opens_action(std::string_view text, size_t brace) {
  return brace + 1 < text.size() && (text[brace + 1] == '{' || text[brace + 1] == '%');
}

// The scanner's marks count characters, as libyaml's do; the text is UTF-8
// bytes. Marks are asked for in increasing order, so the walk goes on from
// the last one (and starts over when asked for an earlier one).
class ByteOffsets {
 public:
  ByteOffsets(std::string_view text, size_t begin) : text_(text), begin_(begin), byte_(begin) {}
  size_t of(uint64_t index) {
    if (index < chars_) chars_ = 0, byte_ = begin_;
    while (chars_ < index && byte_ < text_.size()) {
      ++byte_;
      while (byte_ < text_.size() && (static_cast<unsigned char>(text_[byte_]) & 0xC0) == 0x80) ++byte_;
      ++chars_;
    }
    return byte_;
  }

 private:
  std::string_view text_;
  size_t begin_;
  size_t byte_;
  uint64_t chars_ = 0;
};

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// A Terraform `templatefile` action at `at` of a line that broke the scanner:
// a directive (`%{ if ... }`, `%{ for ... }`), an interpolation that calls a
// function (`${indent(4, yamlencode(x))}`), or one that is the whole line
// (text pasted in before YAML is read). A plain `${VAR}` elsewhere on a
// broken line is not one: Flux substitutes those after the YAML is parsed,
// so that line must be YAML already, and its error stays an error.
bool terraform_action(std::string_view l, size_t at) {
  if (l[at] == '%') return true;
  size_t name = at + 2;
  while (name < l.size() && is_word_char(l[name])) ++name;
  if (name > at + 2 && name < l.size() && l[name] == '(') return true;
  std::string_view rest = l.substr(at);
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\r' || rest.back() == '\t')) rest.remove_suffix(1);
  return l.find_first_not_of(" \t-") == at && !rest.empty() && rest.back() == '}';
}

// Where the scanner gave up: an action on that line (before any quote or
// comment) is what broke it.
// `index` is a byte offset.
std::optional<TemplateAction> action_on_line(std::string_view text, size_t index, uint64_t line) {
  size_t start = text.rfind('\n', index == 0 ? 0 : index - 1);
  start = start == std::string_view::npos ? 0 : start + 1;
  size_t end = text.find('\n', start);
  std::string_view l = text.substr(start, (end == std::string_view::npos ? text.size() : end) - start);
  size_t quote = l.find_first_of("\"'#");
  for (std::string_view open : {"{{", "{%", "${", "%{"}) {
    size_t at = l.find(open);
    if (at == std::string_view::npos || (quote != std::string_view::npos && quote < at)) continue;
    if (open[1] == '{' && open[0] != '{' && !terraform_action(l, at)) continue;
    return action_at(text, start + at, line, at);
  }
  return std::nullopt;
}

// A whole JSON document: its `{{` can only be inside strings, data.
bool is_json(std::string_view text) {
  size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || (text[first] != '{' && text[first] != '[')) return false;
  return nlohmann::json::accept(text);
}

}  // namespace

std::optional<TemplateAction> find_template_action(std::string_view text) {
  if (text.find("{{") == std::string_view::npos && text.find("{%") == std::string_view::npos &&
      text.find("${") == std::string_view::npos && text.find("%{") == std::string_view::npos) {
    return std::nullopt;
  }
  if (is_json(text)) return std::nullopt;
  scan::ReaderCheck reader = scan::check_reader(text);
  std::string_view scanned = reader.scanned(text);
  scan::Scanner scanner(scanned, reader);
  ByteOffsets bytes(scanned, reader.begin);
  for (;;) {
    scan::Token t;
    if (!scanner.scan(t)) {
      const scan::Problem& p = scanner.problem();
      if (p.kind != scan::Problem::Kind::Scanner) return std::nullopt;
      // The scanner reads ahead while a simple key may be pending: the action
      // is on the line of the context ("while scanning a simple key") or of the problem.
      if (p.context) {
        if (auto a = action_on_line(scanned, bytes.of(p.context_mark.index), p.context_mark.line)) return a;
      }
      return action_on_line(scanned, bytes.of(p.problem_mark.index), p.problem_mark.line);
    }
    if (t.type == scan::TokenType::StreamEnd) return std::nullopt;
    if (t.type != scan::TokenType::FlowMappingStart) continue;
    size_t brace = bytes.of(t.start.index);
    if (opens_action(scanned, brace)) return action_at(scanned, brace, t.start.line, t.start.column);
  }
}

}  // namespace driftlint::yaml
