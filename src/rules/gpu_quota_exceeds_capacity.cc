#include <cmath>
#include <map>

#include "base/strings.h"
#include "lint/known_objects.h"
#include "lint/rule.h"
#include "model/kueue.h"
#include "snapshot/snapshot.h"

namespace driftlint {

// Kueue GPU quotas that add up to more than the matching nodes can schedule.
class GpuQuotaExceedsCapacityRule : public RuleBase<GpuQuotaExceedsCapacityRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& GpuQuotaExceedsCapacityRule::static_info() {
  static const RuleInfo info{
      .id = "gpu-quota-exceeds-capacity",
      .default_severity = Severity::Warning,
      .summary = "The Kueue ClusterQueues of a cohort (or a ClusterQueue alone) hold more nominal GPU "
                 "quota for a flavor than the snapshot's nodes matching that flavor can schedule.",
      .rationale =
          "Kueue admits workloads against `nominalQuota`, not against the nodes: quota beyond what "
          "the flavor's nodes hold admits pods that then sit Pending. The number people trust is "
          "often the physical GPU count, while the scheduler counts allocatable extended resources: "
          "with MIG (mixed strategy) a partitioned GPU leaves `nvidia.com/gpu` and appears as "
          "`nvidia.com/mig-*` slices, so 16 physical GPUs with two partitioned are 14 schedulable "
          "full GPUs. For each cohort (and each ClusterQueue without one), flavor and GPU resource "
          "(`accelerators`), the rule adds the members' `nominalQuota` and the Cohort's own resource "
          "groups, and compares with the allocatable amount on nodes carrying every `nodeLabels` "
          "entry of the flavor; physical GPUs are read from `nvidia.com/gpu.count` node labels. "
          "Needs `--snapshot` with Nodes; silent without one. Exactly at capacity is fine.",
      .hint = "Lower the nominal quotas to what the flavor's nodes can schedule (count full "
              "`nvidia.com/gpu` and each MIG profile separately), or add nodes to the flavor.",
      .example = "# nodes matching flavor h200 allocate 14 nvidia.com/gpu (16 physical, 2 MIG-partitioned)\n"
                 "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ClusterQueue\nmetadata:\n  name: shared\nspec:\n"
                 "  cohortName: gpu-pool\n  resourceGroups:\n  - coveredResources: [nvidia.com/gpu]\n    flavors:\n"
                 "    - name: h200\n      resources:\n      - {name: nvidia.com/gpu, nominalQuota: 16}\n",
      .options = {},
      .needs_snapshot = true};
  return info;
}

namespace {

// One queue's or cohort's nominal quota for a (flavor, GPU resource).
struct Contribution {
  const Manifest* manifest;
  bool live;
  double nominal;
  yaml::Node node;  // the nominalQuota value
  std::string who;
};

// (pool, flavor, resource) -> contributions; a pool is a cohort or a lone queue.
using Pools = std::map<std::tuple<std::string, std::string, std::string>, std::vector<Contribution>>;

Pools gpu_quota_pools(const LintContext& context) {
  std::vector<std::pair<ClusterQueueView, bool>> queues;
  std::vector<std::pair<CohortView, bool>> cohorts;
  for (const KnownObject& o : known_objects(context, [](const ObjectIdentity& id) {
         return is_kueue(id, "ClusterQueue") || is_kueue(id, "Cohort");
       })) {
    if (o.manifest->id.kind == "ClusterQueue") queues.emplace_back(read_cluster_queue(*o.manifest), o.live);
    else cohorts.emplace_back(read_cohort(*o.manifest), o.live);
  }
  Pools pools;
  for (const auto& [q, live] : queues) {
    std::string pool = q.cohort.empty() ? "queue " + q.name : "cohort " + q.cohort;
    for (const FlavorQuota& fq : q.quotas) {
      if (!fq.nominal || !context.gpu.is_gpu(fq.resource)) continue;
      pools[{pool, fq.flavor, fq.resource}].push_back({q.manifest, live, *fq.nominal, fq.node, "ClusterQueue " + q.name});
    }
  }
  // A Cohort's own quota counts only towards a pool its queues have.
  for (const auto& [c, live] : cohorts) {
    for (const FlavorQuota& fq : c.quotas) {
      if (!fq.nominal || !context.gpu.is_gpu(fq.resource)) continue;
      auto key = std::make_tuple("cohort " + c.name, fq.flavor, fq.resource);
      if (pools.count(key)) pools[key].push_back({c.manifest, live, *fq.nominal, fq.node, "Cohort " + c.name});
    }
  }
  return pools;
}

// What the nodes matching one flavor hold of one resource.
struct FlavorCapacity {
  double allocatable = 0;
  double physical = 0;  // from nvidia.com/gpu.count labels
  size_t matching = 0;
  bool all_counted = true;  // every matching node has the label
  std::map<std::string, double> mig;  // allocatable MIG slices by resource
};

FlavorCapacity flavor_capacity(const FlavorView& flavor, const std::string& resource,
                               const std::vector<NodeView>& nodes) {
  FlavorCapacity c;
  for (const NodeView& n : nodes) {
    if (!flavor_matches(flavor, n)) continue;
    ++c.matching;
    auto it = n.allocatable.find(resource);
    if (it != n.allocatable.end()) c.allocatable += it->second;
    auto count = n.labels.find("nvidia.com/gpu.count");
    if (count != n.labels.end()) c.physical += std::atof(count->second.c_str());
    else c.all_counted = false;
    for (const auto& [r, v] : n.allocatable) {
      if (r.rfind("nvidia.com/mig-", 0) == 0 && v > 0) c.mig[r] += v;
    }
  }
  return c;
}

std::string over_capacity_message(const std::string& pool, const std::string& flavor_name,
                                  const std::string& resource, double total, const std::vector<std::string>& parts,
                                  const FlavorCapacity& c) {
  std::string message = (pool.rfind("queue ", 0) == 0 ? "ClusterQueue " + pool.substr(6) : pool) + " has nominalQuota " +
                        resource + " " + format_number(total) + " in flavor " + quote_for_message(flavor_name) +
                        " (" + join(parts, ", ") + "), but the " + std::to_string(c.matching) + " node" +
                        (c.matching == 1 ? "" : "s") + " matching the flavor can schedule " +
                        format_number(c.allocatable);
  if (resource == "nvidia.com/gpu" && c.all_counted && c.matching > 0 && c.physical > c.allocatable) {
    message += " full GPUs: " + format_number(c.physical) + " physical, " +
               format_number(c.physical - c.allocatable) + " of them MIG-partitioned";
    if (!c.mig.empty()) {
      std::vector<std::string> slices;
      for (const auto& [r, v] : c.mig) slices.push_back(format_number(v) + " " + r);
      message += " (" + join(slices, ", ") + ")";
    }
  }
  return message;
}

}  // namespace

void GpuQuotaExceedsCapacityRule::check(const LintContext& context, std::vector<Finding>& out) const {
  std::vector<NodeView> nodes =
      context.snapshot ? node_views(context.snapshot->objects) : std::vector<NodeView>{};
  if (nodes.empty()) return;
  std::map<std::string, FlavorView> flavors;
  for (const KnownObject& o : known_objects(context, [](const ObjectIdentity& id) { return is_kueue(id, "ResourceFlavor"); })) {
    flavors.emplace(o.manifest->id.name, read_flavor(*o.manifest));
  }
  for (const auto& [key, contributions] : gpu_quota_pools(context)) {
    const auto& [pool, flavor_name, resource] = key;
    auto flavor = flavors.find(flavor_name);
    if (flavor == flavors.end()) continue;  // an unknown flavor: Kueue marks the queue inactive anyway
    double total = 0;
    std::vector<std::string> parts;
    const Contribution* at = nullptr;
    for (const Contribution& c : contributions) {
      total += c.nominal;
      parts.push_back(c.who + " " + format_number(c.nominal));
      // Report at the largest contribution a repo defines.
      if (!c.live && (!at || c.nominal > at->nominal)) at = &c;
    }
    if (!at) continue;  // nothing here is in a repo: nothing to edit
    FlavorCapacity capacity = flavor_capacity(flavor->second, resource, nodes);
    if (total <= capacity.allocatable + 1e-9) continue;
    out.push_back(finding_at(context, *at->manifest, at->node,
                             over_capacity_message(pool, flavor_name, resource, total, parts, capacity)));
  }
}

RuleEntry gpu_quota_exceeds_capacity_rule() { return rule_entry<GpuQuotaExceedsCapacityRule>(); }

}  // namespace driftlint
