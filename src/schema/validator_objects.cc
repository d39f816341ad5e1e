// Objects as the API server judges them: required fields (after defaults),
// nulls pruned, unknown fields, a root `status`, lists unique by their keys,
// and the directives of a strategic-merge patch.
#include <map>
#include <set>

#include "base/strings.h"
#include "schema/validator_impl.h"
#include "schema/validator_values.h"
#include "yaml/json.h"

namespace driftlint {

namespace {

const SchemaNode* property(const SchemaNode* s, std::string_view name) {
  if (!s) return nullptr;
  auto it = s->properties.find(std::string(name));
  return it == s->properties.end() ? nullptr : resolved(it->second);
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

}  // namespace

void Validator::check_object(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth) {
  if (!partial_) {
    check_required(s, n, at, path);
    check_field_counts(s, n, at, path, depth);
  }
  bool closed = s->additional == SchemaNode::Additional::Forbidden ||
                (closes_objects_ && s->additional == SchemaNode::Additional::Unspecified && !s->properties.empty() &&
                 !s->preserve_unknown);
  for (auto [key, value] : n.entries()) {
    if (full()) return;  // nothing more would be kept: a 900,000-key map stops at the limit
    check_field(s, n, key, value, path, closed, depth);
  }
  if (s->embedded_resource && !partial_) {
    for (const char* field : {"apiVersion", "kind"}) {
      if (!n.get(field).as_string()) report(at, path, "an embedded object needs '" + std::string(field) + "'");
    }
  }
}

// The API server prunes a null it may not keep and fills in defaults before
// it looks for required fields.
void Validator::check_required(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path) {
  for (const std::string& name : s->required) {
    yaml::Node value = n.get(name);
    const SchemaNode* p = property(s, name);
    if (!kubernetes_) {
      if (!value.valid()) report(at, path, "missing required field " + quote_for_message(name));
      continue;
    }
    bool present = value.valid() && !(value.is_null() && !(p && p->nullable));
    if (present || (p && p->has_default) || misspelt_here(s, n, name)) continue;
    size_t before = out_.size();
    report(at, path, "missing required field " + quote_for_message(name));
    if (out_.size() > before) out_.back().missing = true;
  }
}

// An unknown field whose closest known name is `name`: one problem, which
// the unknown field's finding names ("did you mean").
bool Validator::misspelt_here(const SchemaNode* s, yaml::Node n, const std::string& name) const {
  for (auto [key, value] : n.entries()) {
    (void)value;
    std::string_view k = key.text();
    if (!s->properties.count(std::string(k)) && closest(k, s->properties) == name) return true;
  }
  return false;
}

void Validator::check_field_counts(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth) {
  if (!s->min_properties && !s->max_properties && s->dependent_required.empty() && s->dependent_schemas.empty()) return;
  std::set<std::string_view> keys;  // distinct field names
  for (auto [key, value] : n.entries()) {
    (void)value;
    keys.insert(key.text());
  }
  if (s->min_properties && keys.size() < *s->min_properties) report(at, path, "fewer than " + std::to_string(*s->min_properties) + " fields");
  if (s->max_properties && keys.size() > *s->max_properties) report(at, path, "more than " + std::to_string(*s->max_properties) + " fields");
  for (const auto& [name, needed] : s->dependent_required) {
    if (!keys.count(name)) continue;
    for (const std::string& other : needed) {
      if (!keys.count(other)) report(at, path, quote_for_message(name) + " needs " + quote_for_message(other) + " beside it");
    }
  }
  for (const auto& [name, schema] : s->dependent_schemas) {
    if (keys.count(name)) check(schema, n, at, path, depth + 1);
  }
}

void Validator::check_field(const SchemaNode* s, yaml::Node n, yaml::Node key, yaml::Node value, const PathStep* path,
                            bool closed, int depth) {
  std::string_view name = key.text();
  PathStep sub{path, name, 0, false};
  if (partial_ && starts_with(name, "$") && check_directive(s, key, value, &sub, closed, depth)) return;
  if (s->property_names && !passes(s->property_names, key, depth)) report(key, &sub, "field name " + quote_for_message(name) + " is not allowed");
  bool last = n.get(name) == value;  // constant time on a large map (its key table); a key written twice: Kubernetes keeps the last, so that one is checked
  bool matched_pattern = false;
  for (const auto& [re, schema] : s->pattern_properties) {
    if (!RE2::PartialMatch(name, *re)) continue;
    matched_pattern = true;
    if (last) check(schema, value, key, &sub, depth + 1);
  }
  auto pruned = [&](const SchemaNode* field) { return kubernetes_ && value.is_null() && !resolved(field)->nullable; };
  auto it = s->properties.find(std::string(name));
  if (it != s->properties.end()) {
    if (!last || pruned(it->second)) return;
    // A root `status` is the controllers' to write: its names and types are
    // decoded (and checked) with the object, its values never validated.
    bool status = kubernetes_ && depth == 0 && name == "status" && !partial_;
    partial_ = partial_ || status;
    check(it->second, value, key, &sub, depth + 1);
    if (status) partial_ = false;
    return;
  }
  if (matched_pattern) return;
  if (s->embedded_resource && (name == "apiVersion" || name == "kind" || name == "metadata")) return;
  if (s->additional == SchemaNode::Additional::Schema) {
    if (!pruned(s->additional_schema)) check(s->additional_schema, value, key, &sub, depth + 1);
  } else if (closed && !(partial_ && value.is_null())) {
    // In a strategic-merge patch a null deletes the field: deleting one the
    // object cannot have changes nothing, and the merged object is valid.
    report_unknown(s, name, key, &sub, "");
  }
}

void Validator::report_unknown(const SchemaNode* s, std::string_view name, yaml::Node at, const PathStep* path,
                               const std::string& where) {
  std::string suggestion = closest(name, s->properties);
  report(at, path, "unknown field " + quote_for_message(name) + where +
                       (suggestion.empty() ? "" : " (did you mean '" + suggestion + "'?)"));
}

// $patch, $retainKeys, $setElementOrder/<list> and $deleteFromPrimitiveList/<list>,
// as kustomize's (and the API server's) strategic merge reads them.
bool Validator::check_directive(const SchemaNode* s, yaml::Node key, yaml::Node value, const PathStep* path, bool closed,
                                int depth) {
  std::string_view name = key.text();
  if (name == "$patch") {
    std::string_view v = value.as_string().value_or("");
    if (v != "replace" && v != "merge" && v != "delete") {
      report(key, path, "$patch must be replace, merge or delete, not " + display_value(value));
    }
    return true;
  }
  if (name == "$retainKeys") {
    if (!value.is_sequence()) {
      report(key, path, "$retainKeys must be a list of field names");
      return true;
    }
    for (yaml::Node e : value.elements()) {
      std::optional<std::string_view> field = e.as_string();
      if (!field) report(e, path, "$retainKeys must be a list of field names, not " + display_value(e));
      else if (closed && !property(s, *field)) report_unknown(s, *field, e, path, " in $retainKeys");
    }
    return true;
  }
  for (std::string_view prefix : {std::string_view("$setElementOrder/"), std::string_view("$deleteFromPrimitiveList/")}) {
    if (!starts_with(name, prefix)) continue;
    std::string_view field = name.substr(prefix.size());
    const SchemaNode* list = property(s, field);
    if (!list) {
      if (closed) report_unknown(s, field, key, path, " in " + std::string(name));
      return true;
    }
    if (!value.is_sequence()) {
      report(key, path, std::string(name) + " must be a list");
    } else if (prefix == "$deleteFromPrimitiveList/" && list->items) {
      for (size_t i = 0; i < value.size() && !full(); ++i) {
        PathStep step{path, {}, i, true};
        check(list->items, value.element(i), value.element(i), &step, depth + 1);
      }
    }
    return true;
  }
  return false;
}

// x-kubernetes-list-type: map items are unique by their keys (a key the item
// leaves out takes its default), set items by value.
void Validator::check_unique_list(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path) {
  if (s->list_type == SchemaNode::ListType::Set) {
    if (yaml::Node e = first_repeated_item(n)) report(e, path, "duplicate item " + display_value(e) + ": the list is a set");
    return;
  }
  const SchemaNode* item = resolved(s->items);
  std::map<std::string, size_t> seen;
  for (size_t i = 0; i < n.size() && !full(); ++i) {
    yaml::Node e = n.element(i);
    if (!e.is_map()) continue;
    std::string identity;
    std::vector<std::string> shown;
    bool complete = true;
    for (const std::string& k : s->list_map_keys) {
      yaml::Node v = e.get(k);
      const SchemaNode* p = property(item, k);
      nlohmann::json value = v.valid() && !v.is_null() ? yaml::to_json(v, 8) : p && p->has_default ? p->default_value : nlohmann::json();
      if (value.is_null()) complete = false;  // a key left out: required fields say so
      std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      shown.push_back(k + " " + text);
      identity += text + '\n';
    }
    if (!complete) continue;
    auto [first, inserted] = seen.emplace(identity, i);
    if (inserted) continue;
    PathStep step{path, {}, i, true};
    yaml::Node where = e.key_node(s->list_map_keys[0]);
    report(where.valid() ? where : e, &step,
           "duplicate entry: " + join(shown, ", ") + " is already item " + std::to_string(first->second) +
               " (items are unique by " + join(s->list_map_keys, " and ") + ")");
  }
}

}  // namespace driftlint
