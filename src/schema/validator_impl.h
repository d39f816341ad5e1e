// The validator's walk over one instance (internal to src/schema): values,
// lists and combinators in validator.cc; objects, required fields, nulls,
// unique lists and patch directives in validator_objects.cc.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "schema/schema_node.h"
#include "schema/validator.h"

namespace driftlint {

// Where the validator is, as a chain of steps on the stack; spelt out
// ("spec.containers[0].image") only when a problem is reported, since
// nearly every value validates.
struct PathStep {
  const PathStep* parent;
  std::string_view key;  // a field...
  size_t index;          // ...or a list index
  bool is_index;
};

std::string spell(const PathStep* step);

// A schema node with its $refs followed.
inline const SchemaNode* resolved(const SchemaNode* s) {
  while (s && s->ref) s = s->ref;
  return s;
}

class Validator {
 public:
  Validator(const Schema& schema, const ValidateOptions& options, std::vector<SchemaViolation>& out)
      : kubernetes_(schema.options().kubernetes),
        closes_objects_(schema.options().kubernetes && !schema.options().preserve_unknown_fields),
        partial_(options.partial),
        limit_(options.limit),
        out_(out) {}

  // `at` is where to report problems of this value (its key, when it has one).
  void check(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth);

 private:
  Validator(const Validator& outer, std::vector<SchemaViolation>& out)
      : kubernetes_(outer.kubernetes_), closes_objects_(outer.closes_objects_), partial_(outer.partial_), limit_(1), out_(out) {}

  void check_quantity(yaml::Node n, yaml::Node at, const PathStep* path);
  void check_enum(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path);
  void check_string(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path);
  void check_number(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path);
  void check_array(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth);
  void check_unique_list(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path);
  void check_combinators(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth);

  void check_object(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth);
  void check_required(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path);
  bool misspelt_here(const SchemaNode* s, yaml::Node n, const std::string& name) const;
  void check_field_counts(const SchemaNode* s, yaml::Node n, yaml::Node at, const PathStep* path, int depth);
  // One field of an object; `closed`: unknown names are reported.
  void check_field(const SchemaNode* s, yaml::Node n, yaml::Node key, yaml::Node value, const PathStep* path, bool closed,
                   int depth);
  // A `$...` key of a patch; false when it is not a directive.
  bool check_directive(const SchemaNode* s, yaml::Node key, yaml::Node value, const PathStep* path, bool closed, int depth);
  void report_unknown(const SchemaNode* s, std::string_view name, yaml::Node at, const PathStep* path, const std::string& where);

  bool passes(const SchemaNode* s, yaml::Node n, int depth);
  bool full() const { return out_.size() >= limit_; }
  void report(yaml::Node at, const PathStep* path, std::string message) {
    if (!full()) out_.push_back({spell(path), at, std::move(message)});
  }

  bool kubernetes_;
  bool closes_objects_;
  bool partial_;
  size_t limit_;
  std::vector<SchemaViolation>& out_;
};

}  // namespace driftlint
