// The parser of the Go template engine (go_template_parse.cc: lists,
// control structures, define / template / block; go_template_operand.cc:
// pipelines, commands and operands), as text/template/parse. Inside the
// engine only.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "gotemplate/go_template.h"
#include "gotemplate/go_template_ast.h"

namespace driftlint::gotmpl {

class Parser {
 public:
  Parser(const std::vector<Token>& tokens, const FunctionTable& functions) : t_(tokens), functions_(functions) {}

  Expected<std::vector<Node>> run();
 private:
  const Token& peek() const { return t_[at_]; }
  const Token& next() { return t_[at_ < t_.size() - 1 ? at_++ : at_]; }
  const Token& peek_non_space() {
    while (peek().kind == Tok::Space) ++at_;
    return peek();
  }
  const Token& next_non_space() {
    peek_non_space();
    return next();
  }
  Error fail(const std::string& what) const;
  // Nodes up to {{end}}, {{else}} or the end of the text; `ended` says which.
  Status list(std::vector<Node>& out, Tok& ended);
  Status list_items(std::vector<Node>& out, Tok& ended);
  Status action(Node& node);
  // {{define "name"}}...{{end}}, at the top level only.
  Status definition();
  // {{template "name" [pipeline]}} and {{block "name" pipeline}}...{{end}}.
  Status template_call(Node& node, bool block);
  // The body of a define or block: a template of its own, with no variables but $.
  Status definition_body(const std::string& name, const char* context);
  Status template_name(const Token& token, const char* context, std::string& name);
  // Go's rule: a name defined twice is an error unless one of the two is empty.
  Status add_definition(const std::string& name, std::vector<Node> body);
  // One nesting level more for what follows, up to kMaxTemplateNesting: the
  // parser and the executor recurse once per level, on a stack that, unlike
  // Go's (whose parser stops at 10,000), does not grow.
  Status enter();
  Status control(Node& node, NodeKind kind, const char* context);
  // "{{else if ...}}" and "{{else with ...}}" continue the same control, up
  // to its one {{end}}: Go nests each in the last, here they follow each other
  // in node.chain, so that a long chain costs no stack.
  Status control_body(Node& node, NodeKind kind, const char* context);
  // A control's pipeline and the body up to its {{else}} or {{end}}.
  Status branch(Node& node, const char* context, Tok& ended);
  Status declarations(Pipeline& pipe, const char* context);
  Status pipeline(Pipeline& pipe, const char* context, Tok end);
  Status command(Command& cmd);
  // How Go prints a pipeline: "$x := a b | c".
  static std::string pipeline_text(const Pipeline& pipe);
  bool defined(const std::string& name) const;
  Status operand(Arg& arg, bool& found);
  Status number(const Token& t, Arg& arg);
  Status term(Arg& arg, bool& found);
  const std::vector<Token>& t_;
  const FunctionTable& functions_;
  size_t at_ = 0;
  std::vector<std::string> vars_;
  int range_depth_ = 0;
  int depth_ = 0;  // blocks and parentheses open here
  int list_depth_ = 0;  // 1: the top level, where {{define}} may stand
  std::vector<Node> definitions_;  // NodeKind::Define, in the order Go adds them
};

}  // namespace driftlint::gotmpl
