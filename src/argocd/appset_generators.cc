#include "argocd/appset_generators.h"

#include "argocd/label_selector.h"

namespace driftlint {

std::string text_of(yaml::Node node) { return node.is_scalar() && !node.is_null() ? std::string(node.text()) : ""; }

bool nested_deeper_than(yaml::Node node, size_t limit) {
  std::vector<std::pair<yaml::Node, size_t>> stack{{node, 0}};
  while (!stack.empty()) {
    auto [at, depth] = stack.back();
    stack.pop_back();
    if (at.is_scalar() || !at.valid()) continue;
    if (depth >= limit) return true;
    if (at.is_map()) {
      for (auto [key, value] : at.entries()) stack.push_back({value, depth + 1});
    } else {
      for (yaml::Node item : at.elements()) stack.push_back({item, depth + 1});
    }
  }
  return false;
}

bool is_generator_kind(std::string_view key) {
  static const char* kinds[] = {"list", "clusters", "git", "scmProvider", "clusterDecisionResource",
                                "pullRequest", "plugin", "matrix", "merge"};
  for (const char* k : kinds) {
    if (key == k) return true;
  }
  return false;
}

namespace {

void flatten_into(const TemplateValue& v, const std::string& prefix, std::map<std::string, std::string>& out, int depth) {
  if (depth > kMaxValueDepth) return;
  if (v.is(TemplateValue::Kind::Map)) {
    for (const auto& [key, item] : v.entries()) flatten_into(item, prefix.empty() ? key : prefix + "." + key, out, depth + 1);
  } else if (v.is(TemplateValue::Kind::List)) {
    for (size_t i = 0; i < v.items().size(); ++i) {
      flatten_into(v.items()[i], prefix.empty() ? std::to_string(i) : prefix + "." + std::to_string(i), out, depth + 1);
    }
  } else {
    out[prefix] = v.is_nil() ? "<nil>" : go_format(v);
  }
}

// Argo CD's RenderGeneratorParams: a matrix's second child rendered with the
// first child's parameters. Generator `values` are tried with
// missingkey=error and kept as written when they name a key the parent
// lacks, so that the child's own parameters can fill them later.
Expected<yaml::Node> interpolate(yaml::Node entry, const TemplateValue& parent, GeneratorContext& ctx) {
  EditNode edit = EditNode::from(entry);
  std::vector<std::pair<std::string, EditNode>> held;  // generator kind -> its values, rendered apart
  for (size_t i = 0; i < edit.keys.size(); ++i) {
    EditNode* values = edit.values[i].is_map() ? edit.values[i].find("values") : nullptr;
    if (!values || !values->is_map()) continue;
    GoTemplateOptions strict = ctx.renderer.options();
    strict.missing_key = MissingKey::Error;
    for (EditNode& v : values->values) {
      if (!v.is_string()) continue;
      Expected<std::string> text = ctx.renderer.render(v.text, parent, strict);
      if (text) {
        v.text = std::move(*text);
      } else if (!is_missing_key_error(text.error())) {
        return Error{"pre-resolving values: " + text.error().message};
      }
    }
    held.emplace_back(edit.keys[i].text, std::move(*values));
    edit.values[i].erase("values");
  }
  Expected<EditNode> rendered = ctx.renderer.render_node(edit, parent);
  if (!rendered) return rendered.error();
  for (auto& [kind, values] : held) {
    if (EditNode* generator = rendered->find(kind)) generator->set("values", std::move(values));
  }
  Expected<yaml::ParsedFile> built = build_tree(*rendered);
  if (!built) return built.error();
  ctx.trees.push_back(built->tree);
  return built->documents.front().root;
}

GeneratorResult dispatch(std::string_view kind, yaml::Node node, GeneratorContext& ctx, int depth) {
  if (kind == "list") return list_params(node, ctx);
  if (kind == "clusters") return cluster_params(node, ctx);
  if (kind == "git") return git_params(node, ctx);
  if (kind == "matrix" || kind == "merge") {
    GeneratorResult out;
    if (depth >= 2) {
      out.refuse(ctx.who + ": a " + std::string(kind) + " generator nested more than two levels deep, which Argo CD refuses");
      return out;
    }
    return kind == "matrix" ? matrix_params(node, ctx, depth) : merge_params(node, ctx, depth);
  }
  GeneratorResult out;
  out.fail(ctx.who + ": its " + std::string(kind) + " generator " +
           (is_generator_kind(kind) ? "asks a service or a cluster for its parameters and cannot be expanded offline"
                                    : "is not a generator Argo CD knows"));
  return out;
}

}  // namespace

std::map<std::string, std::string> flatten_params(const TemplateValue& params) {
  std::map<std::string, std::string> out;
  flatten_into(params, "", out, 0);
  return out;
}

void append_values(yaml::Node values, TemplateValue& params, GeneratorContext& ctx, GeneratorResult& out) {
  if (!values.is_map() || values.size() == 0) return;
  TemplateValue::Map rendered;
  for (auto [key, value] : values.entries()) {
    Expected<std::string> text = ctx.renderer.render(text_of(value), params);
    if (!text) {
      out.fail(ctx.who + ": its generator's values." + std::string(key.text()) + " does not render: " + text.error().message);
      return;
    }
    rendered[std::string(key.text())] = TemplateValue::string(std::move(*text));
  }
  TemplateValue::Map* target = params.shared_map();
  if (!target) return;
  if (ctx.go()) {
    (*target)["values"] = TemplateValue::map(std::move(rendered));
  } else {
    for (auto& [key, value] : rendered) (*target)["values." + key] = std::move(value);
  }
}

GeneratorResult run_generator_kind(std::string_view kind, yaml::Node node, yaml::Node selector, GeneratorContext& ctx,
                                   int depth) {
  GeneratorResult out = dispatch(kind, node, ctx, depth);
  // Each parameter set made is a step of the run's budget, and a set makes at most max_apps.
  ctx.renderer.budget().spend_steps(out.params.size());
  uint64_t limit = ctx.renderer.budget().limits().max_apps;
  if (out.params.size() > limit) {
    out.params.resize(limit);
    out.refuse(too_many_apps(ctx.who, limit));
  }
  if (!selector.valid() || selector.is_null()) return out;
  // The generator-level selector filters the parameter sets, flattened.
  Expected<LabelSelector> parsed = LabelSelector::parse(selector);
  if (!parsed) {
    GeneratorResult failed;
    failed.fail(ctx.who + ": its generator selector does not parse: " + parsed.error().message);
    return failed;
  }
  std::vector<TemplateValue> kept;
  for (TemplateValue& p : out.params) {
    if (parsed->matches(flatten_params(p))) kept.push_back(std::move(p));
  }
  out.params = std::move(kept);
  return out;
}

GeneratorResult run_generator(yaml::Node entry, GeneratorContext& ctx, const TemplateValue* parent, int depth) {
  GeneratorResult out;
  if (!entry.is_map()) {
    out.refuse(ctx.who + ": a generator is not a map");
    return out;
  }
  yaml::Node generator = entry;
  if (parent && !parent->entries().empty()) {
    // A copy: what a template does to its parameters (Sprig's set) stays in this child.
    Expected<yaml::Node> rendered = interpolate(entry, parent->deep_copy(), ctx);
    if (!rendered) {
      out.fail(ctx.who + ": a matrix's second generator does not render with the first one's parameters: " +
               rendered.error().message);
      return out;
    }
    generator = *rendered;
  }
  std::vector<std::string> kinds;
  for (auto [key, value] : generator.entries()) {
    if (key.text() != "selector" && !value.is_null()) kinds.emplace_back(key.text());
  }
  if (kinds.size() != 1) {
    out.refuse(ctx.who + (kinds.empty() ? ": a child generator is empty" : ": a child generator names more than one kind"));
    return out;
  }
  return run_generator_kind(kinds[0], generator.get(kinds[0]), generator.get("selector"), ctx, depth);
}

}  // namespace driftlint
