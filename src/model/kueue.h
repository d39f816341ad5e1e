// Typed views of Kueue objects: ResourceFlavor, ClusterQueue (v1beta1 with
// `cohort`, v1beta2 with `cohortName`), Cohort, and of the Nodes and
// PriorityClasses the GPU rules hold them against.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/manifest.h"
#include "yaml/tree.h"

namespace driftlint {

struct FlavorQuota {
  std::string flavor;
  std::string resource;
  std::optional<double> nominal;  // nullopt when not a quantity (a template, say)
  yaml::Node node;                // the nominalQuota value
};

struct ClusterQueueView {
  const Manifest* manifest = nullptr;
  std::string name;
  std::string cohort;  // "" when none
  std::vector<FlavorQuota> quotas;
  std::string reclaim_within_cohort = "Never";  // the defaults Kueue applies
  std::string within_cluster_queue = "Never";
};

struct CohortView {
  const Manifest* manifest = nullptr;
  std::string name;
  std::vector<FlavorQuota> quotas;  // its own resource groups, added to the pool
};

struct FlavorView {
  const Manifest* manifest = nullptr;
  std::string name;
  std::map<std::string, std::string> node_labels;
  yaml::Node node_labels_node;
};

struct NodeView {
  const Manifest* manifest = nullptr;
  std::string name;
  std::map<std::string, std::string> labels;
  std::map<std::string, double> allocatable;  // extended resources and the rest, parsed
};

bool is_kueue(const ObjectIdentity& id, std::string_view kind);

// Every Node among `objects` (a snapshot's, when there is one).
std::vector<NodeView> node_views(const std::vector<Manifest>& objects);

ClusterQueueView read_cluster_queue(const Manifest& m);
CohortView read_cohort(const Manifest& m);
FlavorView read_flavor(const Manifest& m);
NodeView read_node(const Manifest& m);

// Whether a node carries every label of the flavor (a flavor without labels matches all).
bool flavor_matches(const FlavorView& flavor, const NodeView& node);

}  // namespace driftlint
