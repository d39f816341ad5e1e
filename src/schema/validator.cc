#include "schema/validator.h"

#include <algorithm>
#include <cmath>

#include "base/strings.h"
#include "model/quantity.h"
#include "schema/validator_impl.h"
#include "schema/validator_values.h"
#include "yaml/json.h"

namespace driftlint {

std::string spell(const PathStep* step) {
  if (!step) return "";
  std::string parent = spell(step->parent);
  return step->is_index ? parent + "[" + std::to_string(step->index) + "]" : child_path(parent, step->key);
}

void Validator::check(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth) {
  if (full() || depth > 64) return;
  s = resolved(s);
  if (s->always_false) return report(at, path, "no value is allowed here");
  uint8_t t = type_of(n);
  if (t == kNull && s->nullable) return;
  if (kubernetes_ && is_fill_in_placeholder(n)) return;  // filled in before apply
  if (s->quantity) return check_quantity(n, at, path);
  if (s->int_or_string) {
    if (!(t & (kInteger | kString))) return report(at, path, "expected an integer or a string, got " + type_name(t));
  } else if (s->types && !(t & s->types)) {
    return report(at, path, "expected " + allowed_types(s->types) + ", got " + type_name(t));
  }
  if (s->has_enum) check_enum(s, n, at, path);
  if (t == kString) check_string(s, n, at, path);
  if (!s->format.empty()) {
    if (std::optional<std::string> problem = format_problem(s->format, n)) report(at, path, *problem);
  }
  if (t & kNumber) check_number(s, n, at, path);
  if (s->has_const && !equal(n, s->const_value)) report(at, path, display_value(n) + " must be " + s->const_value.dump());
  if ((t & kNumber) && s->multiple_of && *s->multiple_of > 0) {
    double q = n.as_number().value_or(0) / *s->multiple_of;
    if (std::fabs(q - std::round(q)) > 1e-9 * std::max(1.0, std::fabs(q))) {
      report(at, path, display_value(n) + " is not a multiple of " + format_number(*s->multiple_of));
    }
  }
  if (t == kArray) check_array(s, n, at, path, depth);
  if (s->if_schema && !partial_) {
    const SchemaNode* branch = passes(s->if_schema, n, depth) ? s->then_schema : s->else_schema;
    if (branch) check(branch, n, at, path, depth + 1);
  }
  if (t == kObject) check_object(s, n, at, path, depth);
  if (!partial_) check_combinators(s, n, at, path, depth);
}

// resource.Quantity decodes a JSON number, or a string in the quantity
// grammar (surrounding spaces trimmed), and nothing else.
void Validator::check_quantity(yaml::Node n, yaml::Node at, const PathStep* path) {
  uint8_t t = type_of(n);
  if (t & kNumber) return;
  if (t == kString) {
    std::string_view text = n.text();
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (!parse_quantity(text)) report(at, path, display_value(n) + " is not a quantity (such as 500m, 2Gi or 1.5)");
    return;
  }
  report(at, path, "expected a quantity (a number, or a string such as 500m or 2Gi), got " + type_name(t));
}

void Validator::check_enum(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path) {
  bool any = false;
  for (const nlohmann::json& v : s->enum_values) any = any || equal(n, v);
  if (any) return;
  std::vector<std::string> shown;
  for (const nlohmann::json& v : s->enum_values) {
    if (v == "") continue;  // the API server defaults an empty value; not a value to suggest
    if (shown.size() == 8) {
      shown.push_back("...");
      break;
    }
    shown.push_back(v.dump());
  }
  report(at, path, display_value(n) + " is not one of " + join(shown, ", "));
}

void Validator::check_string(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path) {
  std::string_view text = n.text();
  if (s->pattern && !RE2::PartialMatch(text, *s->pattern)) report(at, path, display_value(n) + " does not match the pattern " + quote_for_message(s->pattern_text));
  size_t length = code_points(text);
  if (s->min_length && length < *s->min_length) report(at, path, "shorter than " + std::to_string(*s->min_length) + " characters");
  if (s->max_length && length > *s->max_length) report(at, path, "longer than " + std::to_string(*s->max_length) + " characters");
}

void Validator::check_number(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path) {
  double v = n.as_number().value_or(0);
  if (s->minimum && v < *s->minimum) report(at, path, display_value(n) + " is less than the minimum " + format_number(*s->minimum));
  if (s->maximum && v > *s->maximum) report(at, path, display_value(n) + " is more than the maximum " + format_number(*s->maximum));
  if (s->exclusive_minimum && v <= *s->exclusive_minimum) report(at, path, display_value(n) + " must be more than " + format_number(*s->exclusive_minimum));
  if (s->exclusive_maximum && v >= *s->exclusive_maximum) report(at, path, display_value(n) + " must be less than " + format_number(*s->exclusive_maximum));
}

void Validator::check_array(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth) {
  if (!partial_ && s->min_items && n.size() < *s->min_items) report(at, path, "fewer than " + std::to_string(*s->min_items) + " items");
  if (!partial_ && s->max_items && n.size() > *s->max_items) report(at, path, "more than " + std::to_string(*s->max_items) + " items");
  for (size_t i = 0; i < n.size() && !full(); ++i) {
    const SchemaNode* item = i < s->tuple_items.size() ? s->tuple_items[i]
                             : s->tuple_items.empty()     ? s->items
                                                          : s->additional_items;
    PathStep step{path, {}, i, true};
    if (item) check(item, n.element(i), n.element(i), &step, depth + 1);
  }
  if (partial_) return;  // a patch's list merges into the base's: its length and duplicates are the result's
  if (s->unique_items) {
    if (yaml::Node e = first_repeated_item(n)) report(at, path, "items must be unique, " + display_value(e) + " is repeated");
  }
  if (s->list_type != SchemaNode::ListType::Atomic) check_unique_list(s, n, at, path);
  if (s->contains) {
    bool any = false;
    for (yaml::Node e : n.elements()) any = any || passes(s->contains, e, depth);
    if (!any) report(at, path, "no item matches what the list must contain");
  }
}

// allOf, anyOf, oneOf and not.
void Validator::check_combinators(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth) {
  for (const SchemaNode* sub : s->all_of) check(sub, n, at, path, depth + 1);
  if (!s->any_of.empty()) {
    bool any = false;
    for (const SchemaNode* sub : s->any_of) any = any || passes(sub, n, depth);
    if (!any) report(at, path, "matches none of the " + std::to_string(s->any_of.size()) + " allowed forms (anyOf)");
  }
  if (!s->one_of.empty()) {
    size_t matches = 0;
    for (const SchemaNode* sub : s->one_of) matches += passes(sub, n, depth);
    if (matches != 1) {
      report(at, path, matches == 0 ? "matches none of the " + std::to_string(s->one_of.size()) + " allowed forms (oneOf)"
                                    : "matches " + std::to_string(matches) + " of the forms where exactly one is allowed (oneOf)");
    }
  }
  if (s->not_schema && passes(s->not_schema, n, depth)) report(at, path, "matches a form that is not allowed (not)");
}

bool Validator::passes(const SchemaNode* s, yaml::Node n, int depth) {
  std::vector<SchemaViolation> scratch;
  Validator inner(*this, scratch);
  inner.check(s, n, n, nullptr, depth + 1);
  return scratch.empty();
}

std::vector<SchemaViolation> validate(const Schema& schema, yaml::Node instance, const ValidateOptions& options) {
  std::vector<SchemaViolation> out;
  Validator(schema, options, out).check(schema.root(), instance, instance, nullptr, 0);
  return out;
}

std::vector<SchemaViolation> validate(const Schema& schema, yaml::Node instance, size_t limit) {
  ValidateOptions options;
  options.limit = limit;
  return validate(schema, instance, options);
}

}  // namespace driftlint
