// A JSON Schema validator for the dialect Kubernetes uses (OpenAPI v3
// structural schemas): type, properties, required, items, enum,
// additionalProperties, pattern (RE2), minimum/maximum (and their exclusive
// forms), minLength/maxLength, minItems/maxItems, format (int32, int64,
// date-time, byte, and `quantity` for resource.Quantity), nullable,
// oneOf/anyOf/allOf/not, local $ref, default, and the x-kubernetes-
// int-or-string, -preserve-unknown-fields, -embedded-resource, -list-type and
// -list-map-keys extensions. It validates driftlint's YAML trees directly, so
// every error carries the instance path and the node's line and column.
//
// With SchemaOptions::kubernetes it judges as the API server does, not as a
// generic JSON Schema validator: a null in a field that is not nullable is
// pruned (as absent), a required field with a default is never missing, an
// object with properties is closed (unknown fields are what strict field
// validation reports, with the closest known name), duplicates in a map or
// set list are reported, a root `status` is judged for names and types only,
// and CEL rules (x-kubernetes-validations) are counted, never judged.
//
// A schema is compiled once (regexes included) and is immutable after, so
// threads share it.
#pragma once

#include <re2/re2.h>

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "base/expected.h"
#include "yaml/tree.h"

namespace driftlint {

struct SchemaNode;

struct SchemaOptions {
  // Kubernetes semantics: an object schema with `properties` and no
  // `additionalProperties` is closed (unknown fields are rejected, as strict
  // field validation does), unless x-kubernetes-preserve-unknown-fields.
  bool kubernetes = false;
  // No object is closed: an apiextensions v1beta1 CRD that prunes nothing.
  bool preserve_unknown_fields = false;
};

class Schema {
 public:
  // Errors name the keyword and its JSON pointer in the schema.
  static Expected<std::shared_ptr<const Schema>> compile(const nlohmann::json& schema, const SchemaOptions& options);

  const SchemaNode* root() const { return root_; }
  const SchemaOptions& options() const { return options_; }
  // Keywords that could not be compiled and are not checked (ECMA-only regex features).
  const std::vector<std::string>& unsupported() const { return unsupported_; }
  // CEL rules (x-kubernetes-validations) in the schema: the API server's to judge.
  size_t cel_rules() const { return cel_rules_; }

 private:
  friend class SchemaCompiler;
  std::deque<SchemaNode> nodes_;
  const SchemaNode* root_ = nullptr;
  SchemaOptions options_;
  std::vector<std::string> unsupported_;
  size_t cel_rules_ = 0;
};

struct SchemaViolation {
  std::string path;  // "spec.resourceGroups[0].flavors[0]", "" for the root
  yaml::Node at;     // the offending node (the key, for unknown fields)
  std::string message;
  // A required field left out: an object applied over a live one (a patch
  // that `kubectl apply` merges) takes it from there.
  bool missing = false;
};

struct ValidateOptions {
  size_t limit = 100;  // violations kept
  // A partial object (a kustomize strategic-merge patch judged on its own):
  // field names, types and the values it sets; not required fields, list
  // lengths, duplicates or combinators, which only the merged result can
  // show. The patch directives ($patch, $retainKeys, $setElementOrder/...,
  // $deleteFromPrimitiveList/...) are understood.
  bool partial = false;
};

// Every violation (up to `limit`).
std::vector<SchemaViolation> validate(const Schema& schema, yaml::Node instance, size_t limit = 100);
std::vector<SchemaViolation> validate(const Schema& schema, yaml::Node instance, const ValidateOptions& options);

}  // namespace driftlint
