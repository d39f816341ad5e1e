// Pipelines, commands and operands of the Go template engine's parser, as
// text/template/parse reads them: variable declarations, function names,
// fields, literals and parenthesised pipelines.
#include "gotemplate/go_strconv.h"
#include "gotemplate/go_template_parser.h"

namespace driftlint::gotmpl {

Status Parser::declarations(Pipeline& pipe, const char* context) {
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

Status Parser::pipeline(Pipeline& pipe, const char* context, Tok end) {
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

Status Parser::command(Command& cmd) {
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
std::string Parser::pipeline_text(const Pipeline& pipe) {
  std::string out;
  for (size_t i = 0; i < pipe.vars.size(); ++i) out += (i ? ", " : "") + pipe.vars[i];
  if (!pipe.vars.empty()) out += pipe.assign ? " = " : " := ";
  for (size_t i = 0; i < pipe.commands.size(); ++i) out += (i ? " | " : "") + pipe.commands[i].place.text;
  return out;
}

bool Parser::defined(const std::string& name) const {
  if (name == "$") return true;
  for (const std::string& v : vars_) {
    if (v == name) return true;
  }
  return false;
}

Status Parser::operand(Arg& arg, bool& found) {
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

Status Parser::number(const Token& t, Arg& arg) {
  Expected<NumberLiteral> n = parse_number_literal(t.text);
  if (!n) return fail(n.error().message);
  arg.constant = n->ideal;
  arg.ideal_error = n->ideal_error;
  arg.integral = n->is_int;
  arg.int_value = n->i;
  arg.number = true;
  return {};
}

Status Parser::term(Arg& arg, bool& found) {
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
      // A rune: its code point.
      int64_t rune = text->empty() ? 0 : decode_rune(*text, 0).value;
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

Expected<std::vector<Node>> parse(const std::vector<Token>& tokens, const FunctionTable& functions) {
  return Parser(tokens, functions).run();
}

}  // namespace driftlint::gotmpl
