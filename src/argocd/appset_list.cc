// The list generator (applicationset/generators/list.go): each element of
// `elements`, then of the YAML list in `elementsYaml`, is one parameter set.
// Without goTemplate an element's values must be strings (a `values` map of
// strings becomes "values.KEY"); Argo CD fails the generator otherwise.
// elementsYaml items are taken as they are, in either mode.
#include "argocd/appset_generators.h"
#include "gotemplate/template_encode.h"

namespace driftlint {

namespace {

// A fasttemplate element: its string values, or why Argo CD refuses it.
Expected<TemplateValue> flat_element(const TemplateValue& element) {
  TemplateValue::Map params;
  for (const auto& [key, value] : element.entries()) {
    if (key != "values") {
      if (!value.is(TemplateValue::Kind::String)) return Error{"error parsing value as string (key " + key + ")"};
      params[key] = value;
      continue;
    }
    if (!value.is(TemplateValue::Kind::Map)) return Error{"error parsing values map"};
    for (const auto& [k, v] : value.entries()) {
      if (!v.is(TemplateValue::Kind::String)) return Error{"error parsing value as string (values." + k + ")"};
      params["values." + k] = v;
    }
  }
  return TemplateValue::map(std::move(params));
}

}  // namespace

GeneratorResult list_params(yaml::Node node, GeneratorContext& ctx) {
  GeneratorResult out;
  size_t n = 0;
  const uint64_t limit = ctx.renderer.budget().limits().max_apps;
  for (yaml::Node element : node.get("elements").elements()) {
    if (out.params.size() > limit) break;  // one past the limit: the caller says the set has too many
    ++n;
    TemplateValue value = template_value_from_yaml(element);
    if (!value.is(TemplateValue::Kind::Map)) {
      out.refuse(ctx.who + ": list element " + std::to_string(n) + " is not an object");
      return out;
    }
    if (ctx.go()) {
      out.params.push_back(std::move(value));
      continue;
    }
    Expected<TemplateValue> flat = flat_element(value);
    if (!flat) {
      out.refuse(ctx.who + ": list element " + std::to_string(n) + ": " + flat.error().message);
      return out;
    }
    out.params.push_back(std::move(*flat));
  }
  std::string elements_yaml = text_of(node.get("elementsYaml"));
  if (elements_yaml.empty()) return out;
  Expected<TemplateValue> parsed = value_from_yaml_text(elements_yaml);
  bool list_of_maps = parsed && (parsed->is(TemplateValue::Kind::List) || parsed->is(TemplateValue::Kind::Null));
  if (list_of_maps) {
    for (const TemplateValue& item : parsed->items()) list_of_maps = list_of_maps && item.is(TemplateValue::Kind::Map);
  }
  if (!list_of_maps) {
    out.refuse(ctx.who + ": its list generator's elementsYaml is not a YAML list of objects" +
             (parsed ? std::string() : ": " + parsed.error().message));
    return out;
  }
  for (const TemplateValue& item : parsed->items()) {
    if (out.params.size() > limit) break;
    out.params.push_back(item);
  }
  return out;
}

}  // namespace driftlint
