// The matrix and merge generators (applicationset/generators/matrix.go,
// merge.go). A matrix takes exactly two child generators and combines every
// parameter set of the first with every set the second makes when rendered
// with it (goTemplate: a deep merge where the first child wins; otherwise
// flat string maps that must agree on shared keys). A merge joins its
// children's sets on `mergeKeys`: the first child's sets, overridden by the
// later children's sets with the same key values. Children may be one more
// matrix or merge ("two levels"); their own templates are ignored, as in Argo CD.
#include "argocd/appset_generators.h"
#include "gotemplate/template_encode.h"

namespace driftlint {

namespace {

// mergo.Merge(dst, src, WithOverride) on parameter maps: src wins, maps merge deeply.
void merge_override(TemplateValue::Map& dst, const TemplateValue::Map& src, int depth = 0) {
  for (const auto& [key, value] : src) {
    auto it = dst.find(key);
    if (it != dst.end() && it->second.is(TemplateValue::Kind::Map) && value.is(TemplateValue::Kind::Map) &&
        depth < kMaxValueDepth) {
      TemplateValue merged = it->second.deep_copy();
      merge_override(*merged.shared_map(), value.entries(), depth + 1);
      it->second = std::move(merged);
    } else {
      dst[key] = value.deep_copy();
    }
  }
}

// utils.CombineStringMaps: both as strings; a key with two values is an error.
Expected<TemplateValue> combine_flat(const TemplateValue& a, const TemplateValue& b) {
  TemplateValue::Map out;
  for (const auto& [k, v] : a.entries()) out[k] = TemplateValue::string(v.is_nil() ? "<nil>" : go_format(v));
  for (const auto& [k, v] : b.entries()) {
    std::string text = v.is_nil() ? "<nil>" : go_format(v);
    auto it = out.find(k);
    if (it != out.end() && it->second.str() != text) {
      return Error{"found duplicate key " + k + " with different value, a: " + it->second.str() + " ,b: " + text};
    }
    out[k] = TemplateValue::string(text);
  }
  return TemplateValue::map(std::move(out));
}

// The JSON of a set's merge-key values (a missing key is null), as Argo CD keys sets.
std::string merge_key(const std::vector<std::string>& keys, const TemplateValue& params) {
  TemplateValue::Map picked;
  for (const std::string& k : keys) {
    const TemplateValue* v = params.find(k);
    picked[k] = v ? *v : TemplateValue::null();
  }
  return to_json(TemplateValue::map(std::move(picked)));
}

Expected<std::map<std::string, TemplateValue>> by_merge_key(const std::vector<std::string>& keys,
                                                             const std::vector<TemplateValue>& sets) {
  std::map<std::string, TemplateValue> out;
  for (const TemplateValue& set : sets) {
    std::string key = merge_key(keys, set);
    if (!out.emplace(key, set).second) return Error{"param sets must be unique by merge key. Duplicate key was " + key};
  }
  return out;
}

// Adds `a` combined with each of `seconds` to out; false when Argo CD would fail the matrix.
bool combine(const TemplateValue& a, const std::vector<TemplateValue>& seconds, GeneratorContext& ctx,
             GeneratorResult& out) {
  for (const TemplateValue& b : seconds) {
    if (ctx.go()) {
      TemplateValue::Map combined;
      merge_override(combined, b.entries());
      merge_override(combined, a.entries());
      out.params.push_back(TemplateValue::map(std::move(combined)));
      continue;
    }
    Expected<TemplateValue> combined = combine_flat(a, b);
    if (!combined) {
      out.refuse(ctx.who + ": its matrix generator fails: " + combined.error().message);
      return false;
    }
    out.params.push_back(std::move(*combined));
  }
  return true;
}

}  // namespace

// Every parameter set of the first child with every set the second makes
// with it. The product is checked against the set's limit before it is
// built: a pass whose sets would pass the limit adds only those that fit.
GeneratorResult matrix_params(yaml::Node node, GeneratorContext& ctx, int depth) {
  GeneratorResult out;
  yaml::Node children = node.get("generators");
  if (children.size() != 2) {
    out.refuse(ctx.who + ": a matrix generator needs exactly two child generators, not " + std::to_string(children.size()));
    return out;
  }
  GeneratorResult first = run_generator(children.element(0), ctx, nullptr, depth + 1);
  out.absorb(first);
  const uint64_t limit = ctx.renderer.budget().limits().max_apps;
  for (const TemplateValue& a : first.params) {
    if (!ctx.renderer.budget().spent().empty()) return out;  // the set says so, once
    GeneratorResult second = run_generator(children.element(1), ctx, &a, depth + 1);
    out.absorb(second);
    bool too_many = out.params.size() + second.params.size() > limit;
    if (too_many) second.params.resize(limit - out.params.size());
    if (!combine(a, second.params, ctx, out)) return out;
    if (too_many) {
      out.refuse(too_many_apps(ctx.who, limit));
      return out;
    }
  }
  return out;
}

GeneratorResult merge_params(yaml::Node node, GeneratorContext& ctx, int depth) {
  GeneratorResult out;
  yaml::Node children = node.get("generators");
  std::vector<std::string> keys;
  for (yaml::Node k : node.get("mergeKeys").elements()) keys.push_back(text_of(k));
  if (children.size() < 2 || keys.empty()) {
    out.refuse(ctx.who + (keys.empty() ? ": a merge generator needs mergeKeys" : ": a merge generator needs two or more child generators"));
    return out;
  }
  Expected<std::map<std::string, TemplateValue>> base = std::map<std::string, TemplateValue>{};
  for (size_t i = 0; i < children.size(); ++i) {
    GeneratorResult child = run_generator(children.element(i), ctx, nullptr, depth + 1);
    out.absorb(child);
    Expected<std::map<std::string, TemplateValue>> sets = by_merge_key(keys, child.params);
    if (!sets) {
      out.refuse(ctx.who + ": its merge generator fails: " + sets.error().message);
      return out;
    }
    if (i == 0) {
      base = std::move(sets);
      continue;
    }
    for (auto& [key, set] : *base) {
      auto match = sets->find(key);
      if (match == sets->end()) continue;
      TemplateValue merged = set.deep_copy();
      if (ctx.go()) {
        merge_override(*merged.shared_map(), match->second.entries());
      } else {
        for (const auto& [k, v] : match->second.entries()) (*merged.shared_map())[k] = v;
      }
      set = std::move(merged);
    }
  }
  // Argo CD lists the merged sets in map order (random); here, by merge key.
  for (auto& [key, set] : *base) out.params.push_back(std::move(set));
  return out;
}

}  // namespace driftlint
