// Executes a parsed Go template the way text/template's exec.go does:
// field chains on maps with the missingkey option, commands and pipelines
// (the previous command's value is the last argument of the next), argument
// checks by parameter type, variables scoped to their control structure,
// lazy `and` / `or`, and Go's messages for what goes wrong.
#include "gotemplate/go_template_exec.h"

#include <algorithm>

#include "gotemplate/go_strconv.h"

namespace driftlint {

namespace gotmpl {

Exec::Exec(const GoTemplateOptions& options, const TemplateValue& data, const std::vector<Node>& root)
    : functions_(template_functions()), options_(options) {
  vars_.push_back({"$", data});
  for (const Node& node : root) {
    if (node.kind == NodeKind::Define) templates_[node.text] = &node.body;
  }
  templates_["base"] = &root;
}

Status Exec::walk(const std::vector<Node>& nodes, const TemplateValue& dot, Flow& flow) {
  for (const Node& node : nodes) {
    if (Status s = walk_node(node, dot, flow); !s) return s;
    if (flow != Flow::Normal) return {};
    if (out_.size() > kMaxOutput) return Error{"template: output is larger than 1 MiB"};
  }
  return {};
}

// Go's ExecError: "template: base:LINE:COL: executing "base" at <NODE>: what".
Error Exec::fail(const Place& at, const std::string& what) const {
  return Error{"template: base:" + std::to_string(at.line) + ":" + std::to_string(at.col) + ": executing " + quote(name_, false) + " at <" +
               at.text + ">: " + what};
}

Status Exec::step(const Place& at) {
  if (++steps_ > kMaxSteps) return fail(at, "the template takes more than " + std::to_string(kMaxSteps) + " steps");
  return {};
}

// Counts a value against the budget: a bounded walk, with no recursion.
Status Exec::charge(const TemplateValue& value, const Place& at) {
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

Status Exec::walk_node(const Node& node, const TemplateValue& dot, Flow& flow) {
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
    case NodeKind::Template: return call_template(node, dot);
    case NodeKind::Define: return {};
  }
  return {};
}

// The first branch whose pipeline is true (the node, then its chain of
// else-ifs) runs, else `otherwise`; variables declared on the way stay in
// scope to the {{end}}, as in Go's nested else-ifs.
Status Exec::if_or_with(const Node& node, const TemplateValue& dot, Flow& flow) {
  size_t mark = vars_.size();
  Status s = chosen_branch(node, dot, flow);
  vars_.resize(mark);
  return s;
}

Status Exec::chosen_branch(const Node& node, const TemplateValue& dot, Flow& flow) {
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
Status Exec::iteration(const Node& node, const TemplateValue& index, const TemplateValue& element, Flow& flow) {
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

Status Exec::range(const Node& node, const TemplateValue& dot, Flow& outer) {
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

Expected<TemplateValue> Exec::pipeline(const Pipeline& pipe, const TemplateValue& dot) {
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

void Exec::assign(const std::string& name, const TemplateValue& value) {
  for (auto it = vars_.rbegin(); it != vars_.rend(); ++it) {
    if (it->first == name) {
      it->second = value;
      return;
    }
  }
}

Status Exec::call_template(const Node& node, const TemplateValue& dot) {
  auto found = templates_.find(node.text);
  if (found == templates_.end()) return fail(node.place, "template " + quote(node.text, false) + " not defined");
  if (template_depth_ >= kMaxTemplateNesting) {
    return fail(node.place, "templates call each other more than " + std::to_string(kMaxTemplateNesting) +
                                " levels deep (driftlint's limit)");
  }
  TemplateValue value;  // no pipeline: no data
  if (node.has_pipe) {
    Expected<TemplateValue> v = pipeline(node.pipe, dot);
    if (!v) return v.error();
    value = std::move(*v);
  }
  std::vector<std::pair<std::string, TemplateValue>> vars{{"$", value}};
  vars.swap(vars_);
  std::string name = std::exchange(name_, node.text);
  ++template_depth_;
  Flow flow = Flow::Normal;
  Status s = walk(*found->second, value, flow);
  --template_depth_;
  name_ = std::move(name);
  vars_.swap(vars);
  return s;
}

}  // namespace gotmpl

Expected<std::string> GoTemplate::execute(const TemplateValue& data, const GoTemplateOptions& options,
                                          uint64_t* steps) const {
  gotmpl::Exec exec(options, data, *root_);
  gotmpl::Flow flow = gotmpl::Flow::Normal;
  Status s = exec.walk(*root_, data, flow);
  if (steps) *steps += exec.cost();
  if (!s) return s.error();
  return exec.take();
}

}  // namespace driftlint
