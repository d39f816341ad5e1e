#include "yaml/template_actions.h"

#include <yaml.h>

#include "yaml/parser.h"

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

bool opens_action(std::string_view text, uint64_t brace) {
  return brace + 1 < text.size() && (text[brace + 1] == '{' || text[brace + 1] == '%');
}

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
std::optional<TemplateAction> action_on_line(std::string_view text, uint64_t index, uint64_t line) {
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

}  // namespace

namespace {

// libyaml's scanner, token by token, for where it gives up.
class TokenScanner {
 public:
  explicit TokenScanner(std::string_view text) {
    ok_ = yaml_parser_initialize(&parser_) != 0;
    const char* input = text.data() ? text.data() : "";
    if (ok_) yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(input), text.size());
  }
  ~TokenScanner() {
    if (filled_) yaml_token_delete(&token_);
    if (ok_) yaml_parser_delete(&parser_);
  }
  TokenScanner(const TokenScanner&) = delete;
  TokenScanner& operator=(const TokenScanner&) = delete;

  bool next() {
    if (filled_) yaml_token_delete(&token_);
    filled_ = ok_ && yaml_parser_scan(&parser_, &token_) != 0 && parser_.error == YAML_NO_ERROR;
    return filled_;
  }
  const yaml_token_t& token() const { return token_; }
  const yaml_parser_t& parser() const { return parser_; }

 private:
  yaml_parser_t parser_{};
  yaml_token_t token_{};
  bool ok_ = false, filled_ = false;
};

}  // namespace

std::optional<TemplateAction> find_template_action(std::string_view text) {
  if (text.find("{{") == std::string_view::npos && text.find("{%") == std::string_view::npos &&
      text.find("${") == std::string_view::npos && text.find("%{") == std::string_view::npos) {
    return std::nullopt;
  }
  TokenScanner scanner(text);
  size_t flow_depth = 0;
  for (;;) {
    if (!scanner.next()) {
      const yaml_parser_t& p = scanner.parser();
      if (p.error != YAML_SCANNER_ERROR) return std::nullopt;
      // The scanner reads ahead while a simple key may be pending: the action
      // is on the line of the context ("while scanning a simple key") or of the problem.
      if (p.context) {
        if (auto a = action_on_line(text, p.context_mark.index, p.context_mark.line)) return a;
      }
      return action_on_line(text, p.problem_mark.index, p.problem_mark.line);
    }
    const yaml_token_t& t = scanner.token();
    if (t.type == YAML_STREAM_END_TOKEN) return std::nullopt;
    if (t.type == YAML_FLOW_SEQUENCE_START_TOKEN || t.type == YAML_FLOW_MAPPING_START_TOKEN) {
      // Deeper flow nesting is not parsed at all (ParseLimits::kMaxFlowDepth),
      // and libyaml's cost per token grows with it: stop here.
      if (++flow_depth > ParseLimits::kMaxFlowDepth) return std::nullopt;
    } else if ((t.type == YAML_FLOW_SEQUENCE_END_TOKEN || t.type == YAML_FLOW_MAPPING_END_TOKEN) && flow_depth > 0) {
      --flow_depth;
    }
    if (t.type == YAML_FLOW_MAPPING_START_TOKEN && opens_action(text, t.start_mark.index)) {
      return action_at(text, t.start_mark.index, t.start_mark.line, t.start_mark.column);
    }
  }
}

}  // namespace driftlint::yaml
