// Kubernetes label selectors (matchLabels, matchExpressions with In, NotIn,
// Exists, DoesNotExist) as ApplicationSets use them: the clusters
// generator's `selector` on cluster Secrets' labels, and any generator's
// `selector` on its flattened parameters (Argo CD's copy of
// LabelSelectorAsSelector, which puts no limit on label values).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/expected.h"
#include "yaml/tree.h"

namespace driftlint {

class LabelSelector {
 public:
  // Reads a selector node; an error for an unknown operator or values that
  // do not fit it, worded as Kubernetes words them.
  static Expected<LabelSelector> parse(yaml::Node selector);

  // No requirement: selects everything.
  bool empty() const { return requirements_.empty(); }
  bool matches(const std::map<std::string, std::string>& labels) const;
  // The requirements as one line for notes: "{env: prod, tier in (a, b), !legacy}".
  std::string describe() const;

 private:
  enum class Op { In, NotIn, Exists, DoesNotExist };
  struct Requirement {
    std::string key;
    Op op;
    std::vector<std::string> values;
  };
  std::vector<Requirement> requirements_;
};

}  // namespace driftlint
