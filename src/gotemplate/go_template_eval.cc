// Commands, operands and function calls of the Go template engine, as
// text/template's exec.go evaluates them: field chains on maps with the
// missingkey option, constants by the type a parameter asks for, argument
// checks, lazy `and` / `or`, and the value budget each call is charged.
#include "gotemplate/go_template_exec.h"

namespace driftlint::gotmpl {

Expected<TemplateValue> Exec::command(const Command& cmd, const TemplateValue& dot, const TemplateValue* final) {
  const Arg& first = cmd.args[0];
  bool extra = cmd.args.size() > 1 || final;
  switch (first.kind) {
    case ArgKind::Identifier: return call(first, cmd.args, cmd.place, dot, final);
    case ArgKind::Field: return fields(dot, first, extra);
    case ArgKind::Variable: {
      if (first.fields.empty() && extra) break;
      return fields(variable(first.name), first, extra);
    }
    case ArgKind::Pipe: {
      if (first.fields.empty() && extra) break;
      Expected<TemplateValue> v = pipeline(*first.pipe, dot);
      if (!v || first.fields.empty()) return v;
      return fields(*v, first, extra);
    }
    case ArgKind::Nil: return fail(first.place, "nil is not a command");
    default:
      if (extra) break;
      if (first.kind == ArgKind::Dot) return dot;
      return constant(first, ArgType::Value);
  }
  return fail(first.place, "can't give argument to non-function " + first.text);
}

TemplateValue Exec::variable(const std::string& name) const {
  for (auto it = vars_.rbegin(); it != vars_.rend(); ++it) {
    if (it->first == name) return it->second;
  }
  return {};
}

// .a.b.c from a receiver; `extra` when the last field is given arguments.
Expected<TemplateValue> Exec::fields(TemplateValue receiver, const Arg& arg, bool extra) {
  const std::vector<std::string>& names = arg.fields;
  const Place& line = arg.place;
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    if (receiver.is_missing()) {
      if (options_.missing_key == MissingKey::Error) return fail(line, "nil data; no entry for key \"" + name + "\"");
      return TemplateValue();
    }
    if (receiver.is(TemplateValue::Kind::Null)) return fail(line, "nil pointer evaluating interface {}." + name);
    if (!receiver.is(TemplateValue::Kind::Map)) {
      // What a map holds is an interface {} to Go: it names that type, not the value's.
      return fail(line, "can't evaluate field " + name + " in type " + (i > 0 ? "interface {}" : go_type_name(receiver)));
    }
    if (extra && i + 1 == names.size()) return fail(line, name + " is not a method but has arguments");
    const TemplateValue* found = receiver.find(name);
    if (found) {
      receiver = *found;
    } else if (options_.missing_key == MissingKey::Error) {
      return fail(line, "map has no entry for key \"" + name + "\"");
    } else {
      receiver = options_.missing_key == MissingKey::Zero ? TemplateValue::null() : TemplateValue();
    }
  }
  return receiver;
}

Expected<TemplateValue> Exec::validate(TemplateValue v, ArgType type, const Place& line) const {
  if (v.is_missing()) {
    if (type == ArgType::Value) return v;
    if (type == ArgType::Any || type == ArgType::Map || type == ArgType::List) return TemplateValue::null();
    return fail(line, std::string("invalid value; expected ") + arg_type_name(type));
  }
  if (type == ArgType::Any || type == ArgType::Value || arg_type_fits(v, type)) return v;
  std::string got = v.is(TemplateValue::Kind::Null) ? "interface {}" : go_type_name(v);
  return fail(line, std::string("wrong type for value; expected ") + arg_type_name(type) + "; got " + got);
}

Expected<TemplateValue> Exec::constant(const Arg& arg, ArgType type) const {
  const TemplateValue& c = arg.constant;
  const Place& line = arg.place;
  switch (type) {
    case ArgType::Any:
    case ArgType::Value:
      if (!arg.ideal_error.empty()) return fail(line, arg.ideal_error);
      return c;
    case ArgType::String:
      if (c.is(TemplateValue::Kind::String) && !arg.number) return c;
      return fail(line, "expected string; found " + arg.text);
    case ArgType::Int:
      if (arg.number && arg.integral) return TemplateValue::integer(arg.int_value);
      return fail(line, "expected integer; found " + arg.text);
    case ArgType::Float:
      if (arg.number) return TemplateValue::number(c.as_float());
      return fail(line, "expected float; found " + arg.text);
    case ArgType::Bool:
      if (c.is(TemplateValue::Kind::Bool)) return c;
      return fail(line, "expected bool; found " + arg.text);
    default: return fail(line, "can't handle " + arg.text + " for arg of type " + arg_type_name(type));
  }
}

Expected<TemplateValue> Exec::argument(const Arg& arg, ArgType type, const TemplateValue& dot) {
  const Place& line = arg.place;
  switch (arg.kind) {
    case ArgKind::Dot: return validate(dot, type, line);
    case ArgKind::Nil:
      if (type == ArgType::Value) return TemplateValue();
      if (type == ArgType::Any || type == ArgType::Map || type == ArgType::List) return TemplateValue::null();
      return fail(line, std::string("cannot assign nil to ") + arg_type_name(type));
    case ArgKind::Constant: return constant(arg, type);
    case ArgKind::Identifier: {
      Expected<TemplateValue> v = call(arg, {arg}, arg.place, dot, nullptr);
      if (!v) return v;
      return validate(std::move(*v), type, line);
    }
    default: {
      Command alone{{arg}, arg.place};
      Expected<TemplateValue> v = command(alone, dot, nullptr);
      if (!v) return v;
      return validate(std::move(*v), type, line);
    }
  }
}

Expected<TemplateValue> Exec::and_or(bool is_or, const std::vector<Arg>& args, const TemplateValue& dot,
                               const TemplateValue* final) {
  TemplateValue v;
  for (size_t i = 1; i < args.size(); ++i) {
    Expected<TemplateValue> a = argument(args[i], ArgType::Value, dot);
    if (!a) return a;
    v = std::move(*a);
    if (go_truth(v) == is_or) return v;
  }
  if (final) v = *final;
  return v;
}

// A function call: argument counts checked at the function's name, each
// argument at itself, the function's own error at the whole command.
Expected<TemplateValue> Exec::call(const Arg& fn, const std::vector<Arg>& args, const Place& command_place,
                             const TemplateValue& dot, const TemplateValue* final) {
  const std::string& name = fn.name;
  const Place& line = fn.place;
  const Function& f = functions_.at(name);
  size_t given = args.size() - 1 + (final ? 1 : 0);
  size_t fixed = f.variadic ? f.params.size() - 1 : f.params.size();
  if (f.variadic && given < fixed) {
    return fail(line, "wrong number of args for " + name + ": want at least " + std::to_string(fixed) + " got " +
                          std::to_string(given));
  }
  if (!f.variadic && given != fixed) {
    return fail(line, "wrong number of args for " + name + ": want " + std::to_string(fixed) + " got " +
                          std::to_string(given));
  }
  if (Status s = step(line); !s) return s.error();
  if (name == "and" || name == "or") return and_or(name == "or", args, dot, final);
  std::vector<TemplateValue> values;
  auto type_at = [&](size_t i) { return i < fixed ? f.params[i] : f.params.back(); };
  for (size_t i = 1; i < args.size(); ++i) {
    Expected<TemplateValue> v = argument(args[i], type_at(i - 1), dot);
    if (!v) return v;
    values.push_back(std::move(*v));
  }
  if (final) {
    Expected<TemplateValue> v = validate(*final, type_at(values.size()), command_place);
    if (!v) return v;
    values.push_back(std::move(*v));
  }
  for (const TemplateValue& v : values) {
    if (Status s = charge(v, command_place); !s) return s.error();
  }
  Expected<TemplateValue> result = f.call(values);
  if (!result) return fail(command_place, "error calling " + name + ": " + result.error().message);
  if (Status s = charge(*result, command_place); !s) return s.error();
  return result;
}

}  // namespace driftlint::gotmpl
