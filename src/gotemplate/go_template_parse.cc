// Go's text/template/parse parser over the lexer's tokens: actions,
// pipelines with variable declarations, commands and operands, and the
// if / range / with control structures (with `else if` and `else with`),
// break and continue, and define / template / block: definitions follow the
// main template's nodes as NodeKind::Define, named as Go names them.
#include "gotemplate/go_template_parser.h"

#include "gotemplate/go_strconv.h"

namespace driftlint::gotmpl {

Expected<std::vector<Node>> Parser::run() {
  std::vector<Node> nodes;
  Tok ended = Tok::Eof;
  if (Status s = list(nodes, ended); !s) return s.error();
  if (ended != Tok::Eof) return fail(std::string("unexpected {{") + (ended == Tok::End ? "end" : "else") + "}}");
  // The main template is "base" too, added last as Go adds it.
  if (Status s = add_definition("base", nodes); !s) return s.error();
  for (Node& d : definitions_) {
    if (d.text == "base") nodes = d.body;  // an empty main template gives way to a definition
  }
  for (Node& d : definitions_) {
    if (d.text != "base") nodes.push_back(std::move(d));
  }
  return nodes;
}

namespace {

// Go's IsEmptyTree: nothing but space and definitions.
bool is_empty_tree(const std::vector<Node>& nodes) {
  for (const Node& n : nodes) {
    if (n.kind != NodeKind::Text || n.text.find_first_not_of(" \t\r\n") != std::string::npos) return false;
  }
  return true;
}

// How Go's parser names a token in "unexpected ... in ...".
std::string describe(const Token& t) {
  if (t.kind == Tok::Eof) return "EOF";
  if (t.kind >= Tok::If && t.kind <= Tok::Block) return "<" + t.text + ">";
  if (t.kind == Tok::Dot || t.kind == Tok::Nil) return "<" + t.text + ">";
  if (rune_count(t.text) > 10) {
    size_t at = 0;
    for (int n = 0; n < 10; ++n) at += decode_rune(t.text, at).size;
    return quote(t.text.substr(0, at), false) + "...";
  }
  return quote(t.text, false);
}

}  // namespace

Status Parser::add_definition(const std::string& name, std::vector<Node> body) {
  for (Node& d : definitions_) {
    if (d.text != name) continue;
    if (is_empty_tree(d.body)) {
      d.body = std::move(body);
    } else if (!is_empty_tree(body)) {
      return fail("template: multiple definition of template " + quote(name, false));
    }
    return {};
  }
  Node d;
  d.kind = NodeKind::Define;
  d.text = name;
  d.body = std::move(body);
  definitions_.push_back(std::move(d));
  return {};
}

Status Parser::template_name(const Token& token, const char* context, std::string& name) {
  if (token.kind != Tok::String) return fail("unexpected " + describe(token) + " in " + context);
  std::optional<std::string> text = unquote(token.text);
  if (!text) return fail("bad quoted string " + token.text);
  name = *text;
  return {};
}

Status Parser::definition() {
  std::string name;
  if (Status s = template_name(next_non_space(), "define clause", name); !s) return s;
  if (const Token& t = next_non_space(); t.kind != Tok::Right) return fail("unexpected " + describe(t) + " in define clause");
  return definition_body(name, "define clause");
}

Status Parser::definition_body(const std::string& name, const char* context) {
  std::vector<std::string> vars;
  vars.swap(vars_);
  int range_depth = std::exchange(range_depth_, 0);
  std::vector<Node> body;
  Tok ended = Tok::Eof;
  Status s = enter();
  if (s) s = list(body, ended);
  --depth_;
  vars_.swap(vars);
  range_depth_ = range_depth;
  if (!s) return s;
  if (ended == Tok::Eof) return fail("unexpected EOF");
  if (ended != Tok::End) return fail(std::string("unexpected {{else}} in ") + context);
  return add_definition(name, std::move(body));
}

Status Parser::template_call(Node& node, bool block) {
  const char* context = block ? "block clause" : "template clause";
  const Token& name = next_non_space();
  node.kind = NodeKind::Template;
  node.place = Place{name.line, name.col, ""};
  if (Status s = template_name(name, context, node.text); !s) return s;
  if (block || peek_non_space().kind != Tok::Right) {
    node.has_pipe = true;
    if (Status s = pipeline(node.pipe, context, Tok::Right); !s) return s;
  } else {
    next();
  }
  node.place.text = "{{template " + quote(node.text, false) + (node.has_pipe ? " " + pipeline_text(node.pipe) : "") + "}}";
  return block ? definition_body(node.text, context) : Status{};
}

Error Parser::fail(const std::string& what) const {
  return Error{"template: base:" + std::to_string(t_[at_ > 0 ? at_ - 1 : 0].line) + ": " + what};
}

// Nodes up to {{end}}, {{else}} or the end of the text; `ended` says which.
Status Parser::list(std::vector<Node>& out, Tok& ended) {
  ++list_depth_;
  Status s = list_items(out, ended);
  --list_depth_;
  return s;
}

Status Parser::list_items(std::vector<Node>& out, Tok& ended) {
  while (true) {
    const Token& t = next();
    if (t.kind == Tok::Eof) {
      ended = Tok::Eof;
      return {};
    }
    if (t.kind == Tok::Text) {
      out.push_back(Node{NodeKind::Text, t.text, {}, {}, {}, false});
      continue;
    }
    // t is "{{"
    const Token& k = peek_non_space();
    if (k.kind == Tok::End || k.kind == Tok::Else) {
      ended = next().kind;
      if (ended == Tok::End && next_non_space().kind != Tok::Right) return fail("unexpected token in end");
      return {};
    }
    if (k.kind == Tok::Define && list_depth_ == 1) {
      next();
      if (Status s = definition(); !s) return s;
      continue;
    }
    Node node;
    if (Status s = action(node); !s) return s;
    out.push_back(std::move(node));
  }
}

Status Parser::action(Node& node) {
  const Token& k = next_non_space();
  switch (k.kind) {
    case Tok::If: return control(node, NodeKind::If, "if");
    case Tok::Range: return control(node, NodeKind::Range, "range");
    case Tok::With: return control(node, NodeKind::With, "with");
    case Tok::Break:
    case Tok::Continue:
      if (range_depth_ == 0) return fail("{{" + k.text + "}} outside {{range}}");
      node.kind = k.kind == Tok::Break ? NodeKind::Break : NodeKind::Continue;
      if (next_non_space().kind != Tok::Right) return fail("unexpected token in {{" + k.text + "}}");
      return {};
    case Tok::Define: return fail("unexpected <define> in command");
    case Tok::Template: return template_call(node, false);
    case Tok::Block: return template_call(node, true);
    default: break;
  }
  --at_;
  node.kind = NodeKind::Action;
  return pipeline(node.pipe, "command", Tok::Right);
}

// One nesting level more for what follows, up to kMaxTemplateNesting: the
// parser and the executor recurse once per level, on a stack that, unlike
// Go's (whose parser stops at 10,000), does not grow.
Status Parser::enter() {
  if (++depth_ <= kMaxTemplateNesting) return {};
  return fail("the template nests blocks and parentheses more than " + std::to_string(kMaxTemplateNesting) +
              " levels deep (driftlint's limit)");
}

Status Parser::control(Node& node, NodeKind kind, const char* context) {
  Status s = enter();
  if (s) s = control_body(node, kind, context);
  --depth_;
  return s;
}

// "{{else if ...}}" and "{{else with ...}}" continue the same control, up
// to its one {{end}}: Go nests each in the last, here they follow each other
// in node.chain, so that a long chain costs no stack.
Status Parser::control_body(Node& node, NodeKind kind, const char* context) {
  size_t vars = vars_.size();
  node.kind = kind;
  Tok ended = Tok::Eof;
  if (Status s = branch(node, context, ended); !s) return s;
  while (ended == Tok::Else) {
    node.has_else = true;
    const Token& k = peek_non_space();
    if ((kind == NodeKind::If && k.kind == Tok::If) || (kind == NodeKind::With && k.kind == Tok::With)) {
      next();
      Node link;
      link.kind = kind;
      if (Status s = branch(link, context, ended); !s) return s;
      node.chain.push_back(std::move(link));
      continue;
    }
    if (next_non_space().kind != Tok::Right) return fail("unexpected token in else");
    if (Status s = list(node.otherwise, ended); !s) return s;
    if (ended != Tok::End) return fail(ended == Tok::Eof ? "unexpected EOF" : "expected end; found {{else}}");
  }
  vars_.resize(vars);
  return {};
}

// A control's pipeline and the body up to its {{else}} or {{end}}.
Status Parser::branch(Node& node, const char* context, Tok& ended) {
  if (Status s = pipeline(node.pipe, context, Tok::Right); !s) return s;
  if (node.kind == NodeKind::Range) ++range_depth_;
  Status s = list(node.body, ended);
  if (node.kind == NodeKind::Range) --range_depth_;
  if (!s) return s;
  if (ended == Tok::Eof) return fail("unexpected EOF");
  return {};
}

}  // namespace driftlint::gotmpl
