// The executor of the Go template engine (go_template_exec.cc: control
// structures and templates; go_template_eval.cc: commands, operands and
// calls), as text/template's exec.go. Inside the engine only.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "gotemplate/go_template.h"
#include "gotemplate/go_template_ast.h"

namespace driftlint::gotmpl {

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
  // `root` is the parsed template: its {{define}}s follow its nodes.
  Exec(const GoTemplateOptions& options, const TemplateValue& data, const std::vector<Node>& root);

  Status walk(const std::vector<Node>& nodes, const TemplateValue& dot, Flow& flow);
  std::string take() { return std::move(out_); }
  // Its steps, each 64 bytes of values its functions were handed or
  // returned counted as one more: a call that builds a list of 100,000 is
  // one step, but costs as much as 25,000.
  uint64_t cost() const { return std::min(steps_, kMaxSteps) + (kValueBudget - budget_) / 64; }

 private:
  // Go's ExecError: "template: base:LINE:COL: executing "base" at <NODE>: what".
  Error fail(const Place& at, const std::string& what) const;
  Status step(const Place& at);
  // Counts a value against the budget: a bounded walk, with no recursion.
  Status charge(const TemplateValue& value, const Place& at);
  Status walk_node(const Node& node, const TemplateValue& dot, Flow& flow);
  // The first branch whose pipeline is true (the node, then its chain of
  // else-ifs) runs, else `otherwise`; variables declared on the way stay in
  // scope to the {{end}}, as in Go's nested else-ifs.
  Status if_or_with(const Node& node, const TemplateValue& dot, Flow& flow);
  Status chosen_branch(const Node& node, const TemplateValue& dot, Flow& flow);
  // One pass of a range body; the variables hold the element (and the index or key).
  Status iteration(const Node& node, const TemplateValue& index, const TemplateValue& element, Flow& flow);
  Status range(const Node& node, const TemplateValue& dot, Flow& outer);
  Expected<TemplateValue> pipeline(const Pipeline& pipe, const TemplateValue& dot);
  void assign(const std::string& name, const TemplateValue& value);
  Expected<TemplateValue> command(const Command& cmd, const TemplateValue& dot, const TemplateValue* final);
  TemplateValue variable(const std::string& name) const;
  // .a.b.c from a receiver; `extra` when the last field is given arguments.
  Expected<TemplateValue> fields(TemplateValue receiver, const Arg& arg, bool extra);
  Expected<TemplateValue> validate(TemplateValue v, ArgType type, const Place& line) const;
  Expected<TemplateValue> constant(const Arg& arg, ArgType type) const;
  Expected<TemplateValue> argument(const Arg& arg, ArgType type, const TemplateValue& dot);
  Expected<TemplateValue> and_or(bool is_or, const std::vector<Arg>& args, const TemplateValue& dot,
                                 const TemplateValue* final);
  // A function call: argument counts checked at the function's name, each
  // argument at itself, the function's own error at the whole command.
  Expected<TemplateValue> call(const Arg& fn, const std::vector<Arg>& args, const Place& command_place,
                               const TemplateValue& dot, const TemplateValue* final);
  // {{template}} and {{block}}: the named template with the pipeline's value
  // as dot and $, and no other variables.
  Status call_template(const Node& node, const TemplateValue& dot);
  const FunctionTable& functions_;
  GoTemplateOptions options_;
  std::vector<std::pair<std::string, TemplateValue>> vars_;
  std::string out_;
  size_t steps_ = 0;
  size_t budget_ = kValueBudget;
  std::map<std::string, const std::vector<Node>*, std::less<>> templates_;  // by name
  std::string name_ = "base";  // the template running, for messages
  int template_depth_ = 0;
};

}  // namespace driftlint::gotmpl
