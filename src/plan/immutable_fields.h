// Fields the API server refuses to change once an object exists ("field is
// immutable"): a curated table of built-in kinds, each row citing where
// Kubernetes says so, plus the `self == oldSelf` transition rules of the
// CRDs driftlint reads (in the repos, rendered, or in the snapshot). A sync
// that changes one fails, unless Argo CD deletes and recreates the object.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "drift/diff.h"
#include "model/manifest.h"
#include "yaml/tree.h"

namespace driftlint {

struct ImmutableRule {
  std::string group, kind;
  std::vector<std::string> path;  // map keys; "*" any list element or map key
  std::string field;              // as messages name it: "spec.selector"
  std::string source;             // where Kubernetes (or the CRD) says so
  // True: the field is compared as a whole wherever git sets it, so a key
  // git drops from a selector counts (the server adds nothing there).
  bool whole = false;
};

// The curated table (docs/plan.md lists it).
const std::vector<ImmutableRule>& builtin_immutable_rules();

struct ImmutableChange {
  std::string field;   // "spec.selector"
  std::string detail;  // the first difference: "spec.selector.matchLabels.app: \"a\" -> \"b\""
  std::string source;
};

class ImmutableFields {
 public:
  // Adds the transition rules (`self == oldSelf`) of a CustomResourceDefinition.
  void add_crd(yaml::Node crd);
  // The fields of an object a change from `before` to `after` touches.
  // `diffs` are after-against-before (drift/diff: desired against live).
  std::vector<ImmutableChange> changes(const ObjectIdentity& id, yaml::Node before, yaml::Node after,
                                       const std::vector<FieldDiff>& diffs) const;
  size_t crd_rule_count() const;

 private:
  std::map<std::string, std::vector<ImmutableRule>> crd_rules_;  // "group/Kind"
};

// Whether `path` lies under the pattern (keys, "*" any step).
bool path_under(const FieldPath& path, const std::vector<std::string>& pattern);

}  // namespace driftlint
