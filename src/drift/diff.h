// Desired against live: the fields a manifest sets that the live object does
// not hold as set. Only what the manifest sets is compared (the cluster adds
// defaults and status), after normalising quantities (`1000m` = `1`,
// `1Gi` = `1024Mi`), numbers against numeric strings, and empty against
// absent maps and lists.
#pragma once

#include <string>
#include <vector>

#include "argocd/application.h"
#include "model/manifest.h"
#include "yaml/tree.h"

namespace driftlint {

// One step of a field path: a map key, or a list index (with the element's
// `name` when the list is keyed by name).
struct PathStep {
  std::string key;      // map key, or the index as text
  bool index = false;
  std::string name;     // list element's name, "" when none
};
using FieldPath = std::vector<PathStep>;

// "data.x", "spec.containers[name=main].image", "metadata.annotations[\"a.b/c\"]".
std::string display_path(const FieldPath& path);
// The value in a message: strings quoted, containers as short JSON.
std::string display_value(yaml::Node node, size_t max_length = 80);

struct FieldDiff {
  enum class Kind { Changed, MissingLive, LiveOnly };
  Kind kind = Kind::Changed;
  FieldPath path;
  yaml::Node desired;  // invalid for LiveOnly
  yaml::Node live;     // invalid for MissingLive
};

// The fields an app's ignoreDifferences entries cover for one object.
class IgnoreMatcher {
 public:
  IgnoreMatcher() = default;
  IgnoreMatcher(const std::vector<IgnoreDifference>& entries, const ObjectIdentity& id);
  bool ignored(const FieldPath& path) const;
  // Entries that cannot be judged offline (managedFieldsManagers, jq beyond
  // simple paths), as text for messages.
  const std::vector<std::string>& unjudged() const { return unjudged_; }

 private:
  struct Step {
    std::string key;      // "*" any key or index
    std::string name;     // match a list element by name (select(.name == "x"))
  };
  std::vector<std::vector<Step>> patterns_;
  std::vector<std::string> unjudged_;
};

struct DiffOptions {
  bool live_only_keys = false;  // report keys only the live object has (--strict-drift)
  bool secret = false;          // a Secret: data and stringData are never compared or shown
  const IgnoreMatcher* ignore = nullptr;
};

std::vector<FieldDiff> diff_objects(yaml::Node desired, yaml::Node live, const DiffOptions& options);

// Whether two scalars mean the same to Kubernetes.
bool scalars_equal(yaml::Node a, yaml::Node b);

// Parses a JSON pointer ("/spec/replicas", "~1" = "/", "~0" = "~") into keys.
std::vector<std::string> parse_json_pointer(const std::string& pointer);

}  // namespace driftlint
