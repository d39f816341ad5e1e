#include "model/kueue.h"

#include "model/quantity.h"

namespace driftlint {

namespace {

std::vector<FlavorQuota> read_resource_groups(yaml::Node groups) {
  std::vector<FlavorQuota> out;
  for (yaml::Node group : groups.elements()) {
    for (yaml::Node flavor : group.get("flavors").elements()) {
      std::string name(flavor.get("name").text());
      for (yaml::Node resource : flavor.get("resources").elements()) {
        FlavorQuota q;
        q.flavor = name;
        q.resource = std::string(resource.get("name").text());
        q.node = resource.get("nominalQuota");
        if (q.node.is_scalar()) q.nominal = parse_quantity(q.node.text());
        if (!q.resource.empty()) out.push_back(std::move(q));
      }
    }
  }
  return out;
}

std::string text_or(yaml::Node node, std::string fallback) {
  if (auto s = node.as_string()) return std::string(*s);
  return fallback;
}

}  // namespace

bool is_kueue(const ObjectIdentity& id, std::string_view kind) {
  return id.group == "kueue.x-k8s.io" && id.kind == kind;
}

ClusterQueueView read_cluster_queue(const Manifest& m) {
  ClusterQueueView view;
  view.manifest = &m;
  view.name = m.id.name;
  yaml::Node spec = m.root.get("spec");
  view.cohort = text_or(spec.get("cohortName"), text_or(spec.get("cohort"), ""));
  view.quotas = read_resource_groups(spec.get("resourceGroups"));
  yaml::Node preemption = spec.get("preemption");
  view.reclaim_within_cohort = text_or(preemption.get("reclaimWithinCohort"), "Never");
  view.within_cluster_queue = text_or(preemption.get("withinClusterQueue"), "Never");
  return view;
}

CohortView read_cohort(const Manifest& m) {
  CohortView view;
  view.manifest = &m;
  view.name = m.id.name;
  yaml::Node spec = m.root.get("spec");
  view.quotas = read_resource_groups(spec.get("resourceGroups"));
  return view;
}

FlavorView read_flavor(const Manifest& m) {
  FlavorView view;
  view.manifest = &m;
  view.name = m.id.name;
  view.node_labels_node = m.root.path({"spec", "nodeLabels"});
  for (auto [key, value] : view.node_labels_node.entries()) {
    view.node_labels[std::string(key.text())] = std::string(value.text());
  }
  return view;
}

NodeView read_node(const Manifest& m) {
  NodeView view;
  view.manifest = &m;
  view.name = m.id.name;
  for (auto [key, value] : m.root.path({"metadata", "labels"}).entries()) {
    view.labels[std::string(key.text())] = std::string(value.text());
  }
  for (auto [key, value] : m.root.path({"status", "allocatable"}).entries()) {
    if (auto q = parse_quantity(value.text())) view.allocatable[std::string(key.text())] = *q;
  }
  return view;
}

std::vector<NodeView> node_views(const std::vector<Manifest>& objects) {
  std::vector<NodeView> nodes;
  for (const Manifest& m : objects) {
    if (m.id.group.empty() && m.id.kind == "Node") nodes.push_back(read_node(m));
  }
  return nodes;
}

bool flavor_matches(const FlavorView& flavor, const NodeView& node) {
  for (const auto& [key, value] : flavor.node_labels) {
    auto it = node.labels.find(key);
    if (it == node.labels.end() || it->second != value) return false;
  }
  return true;
}

}  // namespace driftlint
