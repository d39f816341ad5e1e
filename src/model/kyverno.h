// Kyverno ClusterPolicy and Policy rules as the GPU rules read them: what a
// rule matches, its mutations (patchStrategicMerge, patchesJson6902, foreach)
// and the GPU limits its validate `deny.conditions` enforce.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/gpu_resources.h"
#include "model/manifest.h"
#include "yaml/tree.h"

namespace driftlint {

struct KyvernoMatch {
  std::vector<std::string> kinds;       // as written: "Workflow", "argoproj.io/v1alpha1/Workflow", "Pod"
  std::vector<std::string> namespaces;  // empty = any
};

struct KyvernoGpuLimit {
  std::string resource;  // the GPU resource the condition names
  double max = 0;        // the largest count admitted
  yaml::Node node;       // the condition
};

struct KyvernoRuleView {
  const Manifest* policy = nullptr;
  std::string name;
  yaml::Node node;
  std::vector<KyvernoMatch> match;  // any of these
  yaml::Node patch_strategic_merge;  // mutate.patchStrategicMerge, may be invalid (JSON patches and foreach append, never replace)
  std::vector<KyvernoGpuLimit> gpu_limits;

  // Whether the rule matches objects of `kind` (bare kind name) in `ns`
  // ("" = a cluster-scoped object, or a namespace not known yet).
  bool matches(std::string_view kind, std::string_view ns) const;
};

bool is_kyverno_policy(const ObjectIdentity& id);
std::vector<KyvernoRuleView> read_kyverno_rules(const Manifest& policy, const GpuResourceMatcher& gpu);

}  // namespace driftlint
