#include "argocd/appset_render.h"

#include "gotemplate/fast_template.h"

namespace driftlint {

Expected<std::string> TemplateRenderer::render(std::string_view text, const TemplateValue& params) {
  return render(text, params, options_);
}

Expected<std::string> TemplateRenderer::render(std::string_view text, const TemplateValue& params,
                                               const GoTemplateOptions& options) {
  if (std::string spent = budget_->spent(); !spent.empty()) return Error{spent};
  Expected<std::string> out = execute(text, params, options);
  if (out && !budget_->spend_bytes(out->size())) return Error{budget_->spent()};
  return out;
}

Expected<std::string> TemplateRenderer::execute(std::string_view text, const TemplateValue& params,
                                                const GoTemplateOptions& options) {
  if (!go_) return render_fast_template(text, params);
  // A text without an action renders as itself.
  if (text.find("{{") == std::string_view::npos) return std::string(text);
  auto it = parsed_.find(text);
  if (it == parsed_.end()) it = parsed_.emplace(std::string(text), GoTemplate::parse(text)).first;
  if (!it->second) return it->second.error();
  uint64_t steps = 0;
  Expected<std::string> out = it->second->execute(params, options, &steps);
  if (!budget_->spend_steps(steps)) return Error{budget_->spent()};
  return out;
}

namespace {

// What a rendered node costs beyond the text rendered into it.
constexpr uint64_t kNodeBytes = 32;

}  // namespace

Status TemplateRenderer::charge_copy(const EditNode& node) {
  std::vector<const EditNode*> stack{&node};
  while (!stack.empty()) {
    const EditNode* n = stack.back();
    stack.pop_back();
    if (!budget_->spend_bytes(kNodeBytes + n->text.size())) return Error{budget_->spent()};
    for (const std::vector<EditNode>* children : {&n->keys, &n->values, &n->items}) {
      for (const EditNode& child : *children) stack.push_back(&child);
    }
  }
  return {};
}

Expected<EditNode> TemplateRenderer::render_node(const EditNode& node, const TemplateValue& params) {
  // Built node by node: copying the whole node first and then each child
  // again copied every subtree once per level above it (1.5 GB for a
  // template nested 5,000 deep).
  if (!budget_->spend_bytes(kNodeBytes + (node.is_string() ? 0 : node.text.size()))) return Error{budget_->spent()};
  EditNode out;
  out.kind = node.kind;
  out.type = node.type;
  out.position = node.position;
  if (node.is_string()) {
    Expected<std::string> text = render(node.text, params);
    if (!text) return text.error();
    out.text = std::move(*text);
    return out;
  }
  out.text = node.text;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    // Keys are templated too, e.g. to put a parameter into an annotation's name.
    Expected<EditNode> key = render_node(node.keys[i], params);
    if (!key) return key.error();
    Expected<EditNode> value = render_node(node.values[i], params);
    if (!value) return value.error();
    out.keys.push_back(std::move(*key));
    out.values.push_back(std::move(*value));
  }
  for (const EditNode& item : node.items) {
    Expected<EditNode> rendered = render_node(item, params);
    if (!rendered) return rendered.error();
    out.items.push_back(std::move(*rendered));
  }
  return out;
}

bool is_missing_key_error(const Error& error) {
  return error.message.find("map has no entry for key") != std::string::npos ||
         error.message.find("can't evaluate field") != std::string::npos;
}

namespace {

// mergo's isEmptyValue for what a YAML node can hold.
bool empty_for_merge(const EditNode* n) {
  if (!n || n->is_null()) return true;
  if (n->is_map()) return n->keys.empty();
  if (n->is_sequence()) return n->items.empty();
  switch (n->type) {
    case yaml::ScalarType::String: return n->text.empty();
    case yaml::ScalarType::Bool: return n->text == "false" || n->text == "False" || n->text == "FALSE" || n->text == "no" ||
                                        n->text == "off" || n->text == "n";
    case yaml::ScalarType::Int:
    case yaml::ScalarType::Float: return n->text == "0" || n->text == "0.0";
    default: return false;
  }
}

}  // namespace

void merge_template(EditNode& dst, const EditNode& src) {
  if (empty_for_merge(&dst)) {
    // An empty map still merges key by key in mergo; an empty value takes src.
    if (!(dst.is_map() && src.is_map())) {
      dst = src;
      return;
    }
  }
  if (!dst.is_map() || !src.is_map()) return;
  for (size_t i = 0; i < src.keys.size(); ++i) {
    EditNode* mine = dst.find(src.keys[i].text);
    if (!mine) {
      dst.keys.push_back(src.keys[i]);
      dst.values.push_back(src.values[i]);
    } else {
      merge_template(*mine, src.values[i]);
    }
  }
}

void apply_strategic_merge(EditNode& target, const EditNode& patch) {
  if (!patch.is_map() || !target.is_map()) {
    target = patch;
    return;
  }
  if (const EditNode* directive = patch.find("$patch")) {
    if (directive->text == "replace") {
      target = patch;
      target.erase("$patch");
      return;
    }
    if (directive->text == "delete") {
      target = EditNode::map(target.position);
      return;
    }
  }
  for (size_t i = 0; i < patch.keys.size(); ++i) {
    const std::string& key = patch.keys[i].text;
    const EditNode& value = patch.values[i];
    if (!key.empty() && key[0] == '$') continue;  // $retainKeys, $setElementOrder/...: no meaning without merge keys
    EditNode* mine = target.find(key);
    const EditNode* directive = value.is_map() ? value.find("$patch") : nullptr;
    if (value.is_null() || (directive && directive->text == "delete")) {
      target.erase(key);
    } else if (mine && mine->is_map() && value.is_map()) {
      apply_strategic_merge(*mine, value);
    } else {
      EditNode copy = value;
      if (copy.is_map()) copy.erase("$patch");
      // The patch sets the entry: its key and value both point at the patch.
      target.erase(key);
      target.keys.push_back(patch.keys[i]);
      target.values.push_back(std::move(copy));
    }
  }
}

}  // namespace driftlint
