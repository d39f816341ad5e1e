// Go's text/template/parse parser over the lexer's tokens: actions,
// pipelines with variable declarations, commands and operands, and the
// if / range / with control structures (with `else if` and `else with`),
// break and continue. define, template and block are not supported.
#include <cstdlib>

#include "argocd/go_template.h"
#include "argocd/go_template_ast.h"
#include "yaml/scalar.h"

namespace driftlint::gotmpl {

namespace {

class Parser {
 public:
  Parser(const std::vector<Token>& tokens, const FunctionTable& functions) : t_(tokens), functions_(functions) {}

  Expected<std::vector<Node>> run() {
    std::vector<Node> nodes;
    Tok ended = Tok::Eof;
    if (Status s = list(nodes, ended); !s) return s.error();
    if (ended != Tok::Eof) return fail(std::string("unexpected {{") + (ended == Tok::End ? "end" : "else") + "}}");
    return nodes;
  }

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
  Error fail(const std::string& what) const {
    return Error{"template: base:" + std::to_string(t_[at_ > 0 ? at_ - 1 : 0].line) + ": " + what};
  }

  // Nodes up to {{end}}, {{else}} or the end of the text; `ended` says which.
  Status list(std::vector<Node>& out, Tok& ended) {
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
      Node node;
      if (Status s = action(node); !s) return s;
      out.push_back(std::move(node));
    }
  }

  Status action(Node& node) {
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
      case Tok::Define:
      case Tok::Template:
      case Tok::Block:
        return fail("driftlint does not support {{" + k.text + "}} in ApplicationSet templates");
      default: break;
    }
    --at_;
    node.kind = NodeKind::Action;
    return pipeline(node.pipe, "command", Tok::Right);
  }

  // One nesting level more for what follows, up to kMaxTemplateNesting: the
  // parser and the executor recurse once per level, on a stack that, unlike
  // Go's (whose parser stops at 10,000), does not grow.
  Status enter() {
    if (++depth_ <= kMaxTemplateNesting) return {};
    return fail("the template nests blocks and parentheses more than " + std::to_string(kMaxTemplateNesting) +
                " levels deep (driftlint's limit)");
  }

  Status control(Node& node, NodeKind kind, const char* context) {
    Status s = enter();
    if (s) s = control_body(node, kind, context);
    --depth_;
    return s;
  }

  // "{{else if ...}}" and "{{else with ...}}" continue the same control, up
  // to its one {{end}}: Go nests each in the last, here they follow each other
  // in node.chain, so that a long chain costs no stack.
  Status control_body(Node& node, NodeKind kind, const char* context) {
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
  Status branch(Node& node, const char* context, Tok& ended) {
    if (Status s = pipeline(node.pipe, context, Tok::Right); !s) return s;
    if (node.kind == NodeKind::Range) ++range_depth_;
    Status s = list(node.body, ended);
    if (node.kind == NodeKind::Range) --range_depth_;
    if (!s) return s;
    if (ended == Tok::Eof) return fail("unexpected EOF");
    return {};
  }

  Status declarations(Pipeline& pipe, const char* context) {
    size_t mark = at_;
    if (peek_non_space().kind != Tok::Variable) return {};
    std::string first = next().text;
    const Token& after = peek_non_space();
    if (after.kind == Tok::Declare || after.kind == Tok::Assign) {
      pipe.assign = after.kind == Tok::Assign;
      next();
      pipe.vars.push_back(first);
    } else if (after.kind == Tok::Comma && std::string_view(context) == "range") {
      next();
      if (peek_non_space().kind != Tok::Variable) return fail("range can only initialize variables");
      pipe.vars.push_back(first);
      pipe.vars.push_back(next().text);
      const Token& op = next_non_space();
      if (op.kind != Tok::Declare && op.kind != Tok::Assign) return fail("range can only initialize variables");
      pipe.assign = op.kind == Tok::Assign;
    } else {
      at_ = mark;
      return {};
    }
    for (const std::string& v : pipe.vars) {
      if (pipe.assign && !defined(v)) return fail("undefined variable \"" + v + "\"");
      if (!pipe.assign) vars_.push_back(v);
    }
    return {};
  }

  Status pipeline(Pipeline& pipe, const char* context, Tok end) {
    pipe.line = peek().line;
    if (Status s = declarations(pipe, context); !s) return s;
    while (true) {
      const Token& t = peek_non_space();
      if (t.kind == end) {
        next();
        break;
      }
      Command cmd;
      if (Status s = command(cmd); !s) return s;
      pipe.commands.push_back(std::move(cmd));
    }
    if (pipe.commands.empty()) return fail(std::string("missing value for ") + context);
    for (size_t i = 1; i < pipe.commands.size(); ++i) {
      ArgKind k = pipe.commands[i].args[0].kind;
      if (k == ArgKind::Constant || k == ArgKind::Dot || k == ArgKind::Nil) {
        return fail("non executable command in pipeline stage " + std::to_string(i + 1));
      }
    }
    return {};
  }

  Status command(Command& cmd) {
    cmd.place = Place{peek_non_space().line, peek_non_space().col, ""};
    while (true) {
      peek_non_space();
      Arg arg;
      bool found = false;
      if (Status s = operand(arg, found); !s) return s;
      if (found) cmd.args.push_back(std::move(arg));
      const Token& t = next();
      if (t.kind == Tok::Space) continue;
      if (t.kind == Tok::Right || t.kind == Tok::RightParen) {
        --at_;
      } else if (t.kind != Tok::Pipe) {
        return fail("unexpected \"" + t.text + "\" in operand");
      }
      break;
    }
    if (cmd.args.empty()) return fail("empty command");
    for (const Arg& a : cmd.args) cmd.place.text += (cmd.place.text.empty() ? "" : " ") + a.text;
    return {};
  }

  // How Go prints a pipeline: "$x := a b | c".
  static std::string pipeline_text(const Pipeline& pipe) {
    std::string out;
    for (size_t i = 0; i < pipe.vars.size(); ++i) out += (i ? ", " : "") + pipe.vars[i];
    if (!pipe.vars.empty()) out += pipe.assign ? " = " : " := ";
    for (size_t i = 0; i < pipe.commands.size(); ++i) out += (i ? " | " : "") + pipe.commands[i].place.text;
    return out;
  }

  bool defined(const std::string& name) const {
    if (name == "$") return true;
    for (const std::string& v : vars_) {
      if (v == name) return true;
    }
    return false;
  }

  Status operand(Arg& arg, bool& found) {
    if (Status s = term(arg, found); !s || !found) return s;
    if (peek().kind != Tok::Field) return {};
    if (arg.kind == ArgKind::Constant || arg.kind == ArgKind::Nil || arg.kind == ArgKind::Dot) {
      return fail("unexpected . after term \"" + arg.text + "\"");
    }
    // Go places a chain at its first chained field (".test" of ".data.test").
    arg.place.line = peek().line;
    arg.place.col = peek().col;
    while (peek().kind == Tok::Field) {
      std::string field = next().text;
      arg.fields.push_back(field.substr(1));
      arg.text += field;
    }
    if (arg.kind == ArgKind::Identifier) {
      // A chain on a function's result: the function is called without arguments.
      auto pipe = std::make_shared<Pipeline>();
      Arg call = arg;
      call.fields.clear();
      Place place = call.place;
      pipe->commands.push_back(Command{{std::move(call)}, std::move(place)});
      arg.kind = ArgKind::Pipe;
      arg.pipe = std::move(pipe);
    }
    arg.place.text = arg.text;
    return {};
  }

  Status number(const Token& t, Arg& arg) {
    std::string clean;
    for (char c : t.text) {
      if (c != '_') clean += c;
    }
    if (auto i = yaml::parse_go_int(clean)) {
      arg.constant = TemplateValue::integer(*i);
      arg.integral = true;
      arg.int_value = *i;
    } else {
      char* end = nullptr;
      double f = std::strtod(clean.c_str(), &end);
      if (clean.empty() || end != clean.c_str() + clean.size()) return fail("illegal number syntax: \"" + t.text + "\"");
      arg.constant = TemplateValue::number(f);
      // Integral only within int64's range (Go: "1e61" is a float constant, never an int); the cast
      // of a double outside it is undefined.
      if (f >= -9.2233720368547758e18 && f < 9.2233720368547758e18 && f == static_cast<double>(static_cast<int64_t>(f))) {
        arg.integral = true;
        arg.int_value = static_cast<int64_t>(f);
      }
    }
    arg.number = true;
    return {};
  }

  Status term(Arg& arg, bool& found) {
    const Token& t = peek();
    found = true;
    arg.text = t.text;
    arg.place = Place{t.line, t.col, t.text};
    switch (t.kind) {
      case Tok::Identifier:
        next();
        if (!functions_.count(t.text)) {
          if (known_unsupported_function(t.text)) {
            return fail("driftlint does not support the template function \"" + t.text + "\"");
          }
          return fail("function \"" + t.text + "\" not defined");
        }
        arg.kind = ArgKind::Identifier;
        arg.name = t.text;
        return {};
      case Tok::Dot: next(); arg.kind = ArgKind::Dot; return {};
      case Tok::Nil: next(); arg.kind = ArgKind::Nil; return {};
      case Tok::Variable: {
        next();
        if (!defined(t.text)) return fail("undefined variable \"" + t.text + "\"");
        arg.kind = ArgKind::Variable;
        arg.name = t.text;
        return {};
      }
      case Tok::Field:
        next();
        arg.kind = ArgKind::Field;
        arg.fields.push_back(t.text.substr(1));
        return {};
      case Tok::Bool:
        next();
        arg.kind = ArgKind::Constant;
        arg.constant = TemplateValue::boolean(t.text == "true");
        return {};
      case Tok::Number:
        next();
        arg.kind = ArgKind::Constant;
        return number(t, arg);
      case Tok::Char:
      case Tok::String: {
        next();
        std::optional<std::string> text = unquote(t.text);
        if (!text) return fail("bad quoted string " + t.text);
        arg.kind = ArgKind::Constant;
        if (t.kind == Tok::String) {
          arg.constant = TemplateValue::string(*text);
          return {};
        }
        // A rune: its code point (the first byte's value for ASCII).
        int64_t rune = text->empty() ? 0 : static_cast<unsigned char>((*text)[0]);
        arg.constant = TemplateValue::integer(rune);
        arg.number = arg.integral = true;
        arg.int_value = rune;
        return {};
      }
      case Tok::LeftParen: {
        next();
        arg.kind = ArgKind::Pipe;
        arg.pipe = std::make_shared<Pipeline>();
        Status s = enter();
        if (s) s = pipeline(*arg.pipe, "parenthesized pipeline", Tok::RightParen);
        --depth_;
        arg.text = "(" + pipeline_text(*arg.pipe) + ")";
        arg.place.text = arg.text;
        return s;
      }
      default:
        found = false;
        return {};
    }
  }

  const std::vector<Token>& t_;
  const FunctionTable& functions_;
  size_t at_ = 0;
  std::vector<std::string> vars_;
  int range_depth_ = 0;
  int depth_ = 0;  // blocks and parentheses open here
};

}  // namespace

Expected<std::vector<Node>> parse(const std::vector<Token>& tokens, const FunctionTable& functions) {
  return Parser(tokens, functions).run();
}

}  // namespace driftlint::gotmpl
