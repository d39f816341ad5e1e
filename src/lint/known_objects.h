// The objects a rule can reason about: every manifest in the repos, then the
// snapshot's objects that no repo defines (the cluster holds things git does
// not, like Nodes, or another team's ConfigMaps).
#pragma once

#include <functional>
#include <vector>

#include "lint/rule.h"

namespace driftlint {

struct KnownObject {
  const Manifest* manifest = nullptr;
  bool live = false;  // from the snapshot: no file to report at
};

std::vector<KnownObject> known_objects(const LintContext& context,
                                       const std::function<bool(const ObjectIdentity&)>& wanted);

}  // namespace driftlint
