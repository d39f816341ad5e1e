// A JSON Schema validator for the dialect Kubernetes uses (OpenAPI v3
// structural schemas): type, properties, required, items, enum,
// additionalProperties, pattern (RE2), minimum/maximum (and their exclusive
// forms), minLength/maxLength, minItems/maxItems, format (int32, int64,
// date-time, byte), nullable, oneOf/anyOf/allOf/not, local $ref, and the
// x-kubernetes-int-or-string, -preserve-unknown-fields and -embedded-resource
// extensions. It validates driftlint's YAML trees directly, so every error
// carries the instance path and the node's line and column.
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

#include <nlohmann/json.hpp>

#include "base/expected.h"
#include "yaml/tree.h"

namespace driftlint {

struct SchemaNode;

struct SchemaOptions {
  // Kubernetes semantics: an object schema with `properties` and no
  // `additionalProperties` is closed (unknown fields are rejected, as strict
  // field validation does), unless x-kubernetes-preserve-unknown-fields.
  bool kubernetes = false;
};

class Schema {
 public:
  // Errors name the keyword and its JSON pointer in the schema.
  static Expected<std::shared_ptr<const Schema>> compile(const nlohmann::json& schema, const SchemaOptions& options);

  const SchemaNode* root() const { return root_; }
  const SchemaOptions& options() const { return options_; }
  // Keywords that could not be compiled and are not checked (ECMA-only regex features).
  const std::vector<std::string>& unsupported() const { return unsupported_; }

 private:
  friend class SchemaCompiler;
  std::deque<SchemaNode> nodes_;
  const SchemaNode* root_ = nullptr;
  SchemaOptions options_;
  nlohmann::json source_;
  std::vector<std::string> unsupported_;
};

struct SchemaViolation {
  std::string path;  // "spec.resourceGroups[0].flavors[0]", "" for the root
  yaml::Node at;     // the offending node (the key, for unknown fields)
  std::string message;
};

// Every violation (up to `limit`).
std::vector<SchemaViolation> validate(const Schema& schema, yaml::Node instance, size_t limit = 100);

}  // namespace driftlint
