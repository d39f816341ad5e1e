// Executes a parsed Go template the way text/template's exec.go does:
// field chains on maps with the missingkey option, commands and pipelines
// (the previous command's value is the last argument of the next), argument
// checks by parameter type, variables scoped to their control structure,
// lazy `and` / `or`, and Go's messages for what goes wrong.
#include "argocd/go_template.h"

#include <algorithm>

#include "argocd/go_template_ast.h"

namespace driftlint {

namespace {

using namespace gotmpl;

// A template from a repo under review must not stop the run: it may write
// at most 1 MiB, take 200,000 steps, and hand its functions and its output
// values worth 256 MiB in all (each node 16 bytes, strings by their size,
// a value held twice counted twice).
constexpr size_t kMaxOutput = 1u << 20;
constexpr size_t kMaxSteps = kMaxTemplateSteps;
constexpr size_t kValueBudget = 256u << 20;

enum class Flow { Normal, Break, Continue };

class Exec {
 public:
  Exec(const GoTemplateOptions& options, const TemplateValue& data)
      : functions_(template_functions()), options_(options) {
    vars_.push_back({"$", data});
  }

  Status walk(const std::vector<Node>& nodes, const TemplateValue& dot, Flow& flow) {
    for (const Node& node : nodes) {
      if (Status s = walk_node(node, dot, flow); !s) return s;
      if (flow != Flow::Normal) return {};
      if (out_.size() > kMaxOutput) return Error{"template: output is larger than 1 MiB"};
    }
    return {};
  }

  std::string take() { return std::move(out_); }
  // Its steps, each 64 bytes of values its functions were handed or
  // returned counted as one more: a call that builds a list of 100,000 is
  // one step, but costs as much as 25,000.
  uint64_t cost() const { return std::min(steps_, kMaxSteps) + (kValueBudget - budget_) / 64; }

 private:
  // Go's ExecError: "template: base:LINE:COL: executing "base" at <NODE>: what".
  static Error fail(const Place& at, const std::string& what) {
    std::string node = at.text.size() > 20 ? at.text.substr(0, 20) + "..." : at.text;
    return Error{"template: base:" + std::to_string(at.line) + ":" + std::to_string(at.col) + ": executing \"base\" at <" +
                 node + ">: " + what};
  }

  Status step(const Place& at) {
    if (++steps_ > kMaxSteps) return fail(at, "the template takes more than " + std::to_string(kMaxSteps) + " steps");
    return {};
  }

  // Counts a value against the budget: a bounded walk, with no recursion.
  Status charge(const TemplateValue& value, const Place& at) {
    std::vector<std::pair<const TemplateValue*, int>> stack{{&value, 0}};
    while (!stack.empty()) {
      auto [v, depth] = stack.back();
      stack.pop_back();
      size_t cost = 16 + v->str().size();
      if (cost > budget_) return fail(at, "the template works on more than 256 MiB of values");
      budget_ -= cost;
      if (depth >= kMaxValueDepth) continue;
      for (const TemplateValue& item : v->items()) stack.push_back({&item, depth + 1});
      for (const auto& [key, item] : v->entries()) stack.push_back({&item, depth + 1});
    }
    return {};
  }

  Status walk_node(const Node& node, const TemplateValue& dot, Flow& flow) {
    if (Status s = step(node.pipe.commands.empty() ? Place{} : node.pipe.commands.front().place); !s) return s;
    switch (node.kind) {
      case NodeKind::Text: out_ += node.text; return {};
      case NodeKind::Break: flow = Flow::Break; return {};
      case NodeKind::Continue: flow = Flow::Continue; return {};
      case NodeKind::Action: {
        Expected<TemplateValue> v = pipeline(node.pipe, dot);
        if (!v) return v.error();
        if (node.pipe.vars.empty()) {
          if (Status s = charge(*v, node.pipe.commands.front().place); !s) return s;
          out_ += go_format(*v);
        }
        return {};
      }
      case NodeKind::If:
      case NodeKind::With: return if_or_with(node, dot, flow);
      case NodeKind::Range: return range(node, dot, flow);
    }
    return {};
  }

  // The first branch whose pipeline is true (the node, then its chain of
  // else-ifs) runs, else `otherwise`; variables declared on the way stay in
  // scope to the {{end}}, as in Go's nested else-ifs.
  Status if_or_with(const Node& node, const TemplateValue& dot, Flow& flow) {
    size_t mark = vars_.size();
    Status s = chosen_branch(node, dot, flow);
    vars_.resize(mark);
    return s;
  }

  Status chosen_branch(const Node& node, const TemplateValue& dot, Flow& flow) {
    for (size_t link = 0; link <= node.chain.size(); ++link) {
      const Node& branch = link == 0 ? node : node.chain[link - 1];
      if (link > 0) {
        if (Status s = step(branch.pipe.commands.front().place); !s) return s;
      }
      Expected<TemplateValue> v = pipeline(branch.pipe, dot);
      if (!v) return v.error();
      if (go_truth(*v)) return walk(branch.body, node.kind == NodeKind::With ? *v : dot, flow);
    }
    return walk(node.otherwise, dot, flow);
  }

  // One pass of a range body; the variables hold the element (and the index or key).
  Status iteration(const Node& node, const TemplateValue& index, const TemplateValue& element, Flow& flow) {
    size_t mark = vars_.size();
    const std::vector<std::string>& names = node.pipe.vars;
    if (node.pipe.assign) {
      // `range $i, $e = ...` assigns variables declared before the range.
      if (!names.empty()) assign(names.back(), element);
      if (names.size() > 1) assign(names.front(), index);
    } else {
      if (!names.empty()) vars_[vars_.size() - 1].second = element;
      if (names.size() > 1) vars_[vars_.size() - 2].second = index;
    }
    Status s = walk(node.body, element, flow);
    vars_.resize(mark);
    return s;
  }

  Status range(const Node& node, const TemplateValue& dot, Flow& outer) {
    size_t mark = vars_.size();
    Expected<TemplateValue> v = pipeline(node.pipe, dot);
    if (!v) return v.error();
    const TemplateValue& value = *v;
    bool any = false;
    Flow flow = Flow::Normal;
    auto body = [&](const TemplateValue& index, const TemplateValue& element) {
      any = true;
      flow = Flow::Normal;
      if (Status s = step(node.pipe.commands.front().place); !s) return s;
      return iteration(node, index, element, flow);
    };
    Status s;
    if (value.is(TemplateValue::Kind::List)) {
      for (size_t i = 0; s && flow != Flow::Break && i < value.items().size(); ++i) {
        s = body(TemplateValue::integer(static_cast<int64_t>(i)), value.items()[i]);
      }
    } else if (value.is(TemplateValue::Kind::Map)) {
      for (auto it = value.entries().begin(); s && flow != Flow::Break && it != value.entries().end(); ++it) {
        s = body(TemplateValue::string(it->first), it->second);
      }
    } else if (value.is(TemplateValue::Kind::Int)) {
      // Go 1.22: range over an int counts from 0.
      for (int64_t i = 0; s && flow != Flow::Break && i < value.as_int(); ++i) {
        s = body(TemplateValue::integer(i), TemplateValue::integer(i));
      }
    } else if (!value.is_nil()) {
      s = fail(node.pipe.commands.front().place, "range can't iterate over " + go_format(value));
    }
    if (s && !any) s = walk(node.otherwise, dot, outer);
    vars_.resize(mark);
    return s;
  }

  Expected<TemplateValue> pipeline(const Pipeline& pipe, const TemplateValue& dot) {
    TemplateValue value;
    bool has_final = false;
    for (const Command& cmd : pipe.commands) {
      Expected<TemplateValue> v = command(cmd, dot, has_final ? &value : nullptr);
      if (!v) return v;
      // A nil interface becomes "no value" between commands, as in Go.
      value = v->is(TemplateValue::Kind::Null) ? TemplateValue() : std::move(*v);
      has_final = true;
    }
    for (const std::string& name : pipe.vars) {
      if (pipe.assign) {
        assign(name, value);
      } else {
        vars_.push_back({name, value});
      }
    }
    return value;
  }

  void assign(const std::string& name, const TemplateValue& value) {
    for (auto it = vars_.rbegin(); it != vars_.rend(); ++it) {
      if (it->first == name) {
        it->second = value;
        return;
      }
    }
  }

  Expected<TemplateValue> command(const Command& cmd, const TemplateValue& dot, const TemplateValue* final) {
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
        return first.kind == ArgKind::Dot ? dot : first.constant;
    }
    return fail(first.place, "can't give argument to non-function " + first.text);
  }

  TemplateValue variable(const std::string& name) const {
    for (auto it = vars_.rbegin(); it != vars_.rend(); ++it) {
      if (it->first == name) return it->second;
    }
    return {};
  }

  // .a.b.c from a receiver; `extra` when the last field is given arguments.
  Expected<TemplateValue> fields(TemplateValue receiver, const Arg& arg, bool extra) {
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

  Expected<TemplateValue> validate(TemplateValue v, ArgType type, const Place& line) const {
    if (v.is_missing()) {
      if (type == ArgType::Value) return v;
      if (type == ArgType::Any || type == ArgType::Map || type == ArgType::List) return TemplateValue::null();
      return fail(line, std::string("invalid value; expected ") + arg_type_name(type));
    }
    if (type == ArgType::Any || type == ArgType::Value || arg_type_fits(v, type)) return v;
    std::string got = v.is(TemplateValue::Kind::Null) ? "interface {}" : go_type_name(v);
    return fail(line, std::string("wrong type for value; expected ") + arg_type_name(type) + "; got " + got);
  }

  Expected<TemplateValue> constant(const Arg& arg, ArgType type) const {
    const TemplateValue& c = arg.constant;
    const Place& line = arg.place;
    switch (type) {
      case ArgType::Any:
      case ArgType::Value: return c;
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

  Expected<TemplateValue> argument(const Arg& arg, ArgType type, const TemplateValue& dot) {
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

  Expected<TemplateValue> and_or(bool is_or, const std::vector<Arg>& args, const TemplateValue& dot,
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
  Expected<TemplateValue> call(const Arg& fn, const std::vector<Arg>& args, const Place& command_place,
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

  const FunctionTable& functions_;
  GoTemplateOptions options_;
  std::vector<std::pair<std::string, TemplateValue>> vars_;
  std::string out_;
  size_t steps_ = 0;
  size_t budget_ = kValueBudget;
};

}  // namespace

Expected<std::string> GoTemplate::execute(const TemplateValue& data, const GoTemplateOptions& options,
                                          uint64_t* steps) const {
  Exec exec(options, data);
  Flow flow = Flow::Normal;
  Status s = exec.walk(*root_, data, flow);
  if (steps) *steps += exec.cost();
  if (!s) return s.error();
  return exec.take();
}

}  // namespace driftlint
