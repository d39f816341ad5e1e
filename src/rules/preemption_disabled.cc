#include <map>
#include <set>

#include "base/strings.h"
#include "lint/known_objects.h"
#include "lint/rule.h"
#include "model/kueue.h"
#include "model/pod_templates.h"

namespace driftlint {

// A PriorityClass with preemptionPolicy Never where preemption is expected.
class PreemptionDisabledRule : public RuleBase<PreemptionDisabledRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& PreemptionDisabledRule::static_info() {
  static const RuleInfo info{
      .id = "preemption-disabled",
      .default_severity = Severity::Notice,
      .summary = "A PriorityClass with `preemptionPolicy: Never` where preemption is expected: pods "
                 "using it never preempt through the scheduler, so preemption comes only from Kueue "
                 "reclamation.",
      .rationale =
          "A \"preemptible\" path (a PriorityClass named so, or ClusterQueues that reclaim within "
          "their cohort) suggests that higher-priority work pushes lower-priority pods off nodes. "
          "With `preemptionPolicy: Never` the scheduler never does: the only eviction is Kueue "
          "reclaiming borrowed quota. That is a valid design (the audit's cluster uses it), but "
          "people wait for scheduler preemption that never comes unless it is written down. The "
          "rule reports a PriorityClass with `Never` that workloads use or whose name or "
          "description says preemptible, when some ClusterQueue has `reclaimWithinCohort` or "
          "`withinClusterQueue` other than `Never`, or the class itself says preemptible.",
      .hint = "State in the class's description that preemption comes from Kueue reclamation only, "
              "or set `preemptionPolicy: PreemptLowerPriority` if scheduler preemption is intended.",
      .example = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: workflow-preemptible\n"
                 "value: 100\npreemptionPolicy: Never\n",
      .options = {}};
  return info;
}

namespace {

bool says_preemptible(const Manifest& m) {
  std::string text = m.id.name + " " + std::string(m.root.get("description").text());
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text.find("preempt") != std::string::npos;
}

}  // namespace

void PreemptionDisabledRule::check(const LintContext& context, std::vector<Finding>& out) const {
  // ClusterQueues that expect to take quota or nodes back.
  std::vector<std::string> reclaiming;
  for (const KnownObject& o : known_objects(context, [](const ObjectIdentity& id) { return is_kueue(id, "ClusterQueue"); })) {
    ClusterQueueView q = read_cluster_queue(*o.manifest);
    if (q.reclaim_within_cohort != "Never") reclaiming.push_back(q.name + " (reclaimWithinCohort: " + q.reclaim_within_cohort + ")");
    else if (q.within_cluster_queue != "Never") reclaiming.push_back(q.name + " (withinClusterQueue: " + q.within_cluster_queue + ")");
  }
  // Only classes that never preempt can fire; most repos have none, and then
  // no workload needs reading.
  bool any_never = false;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    any_never = any_never || (m.id.group == "scheduling.k8s.io" && m.id.kind == "PriorityClass" &&
                              m.root.get("preemptionPolicy").as_string() == std::string_view("Never"));
  }
  if (!any_never) return;
  // Which classes workloads use: pod specs' priorityClassName, Argo's podPriorityClassName.
  std::map<std::string, std::string> users;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    for (const PodTemplateView& t : pod_templates(m)) {
      if (auto name = t.pod_spec.get("priorityClassName").as_string()) users.emplace(*name, m.id.display());
    }
    if (is_argo_workflow_kind(m.id)) {
      yaml::Node spec = m.id.kind == "CronWorkflow" ? m.root.path({"spec", "workflowSpec"}) : m.root.get("spec");
      if (auto name = spec.get("podPriorityClassName").as_string()) users.emplace(*name, m.id.display());
      for (yaml::Node t : spec.get("templates").elements()) {
        if (auto name = t.get("priorityClassName").as_string()) users.emplace(*name, m.id.display());
      }
    }
  }
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (m.id.group != "scheduling.k8s.io" || m.id.kind != "PriorityClass") continue;
    if (m.root.get("preemptionPolicy").as_string() != std::string_view("Never")) continue;
    bool preemptible = says_preemptible(m);
    auto used = users.find(m.id.name);
    if (!preemptible && used == users.end()) continue;
    if (!preemptible && reclaiming.empty()) continue;
    std::string message = "PriorityClass " + quote_for_message(m.id.name) + " has preemptionPolicy: Never" +
                          (used != users.end() ? " (used by " + used->second + ")" : std::string()) +
                          ": its pods never preempt through the scheduler; ";
    message += reclaiming.empty() ? std::string("no ClusterQueue reclaims either, so nothing preempts for it")
                                  : "preemption comes only from Kueue reclamation (ClusterQueue " + join(reclaiming, ", ") + ")";
    out.push_back(finding_at(context, m, m.root.key_node("preemptionPolicy"), std::move(message)));
  }
}

RuleEntry preemption_disabled_rule() { return rule_entry<PreemptionDisabledRule>(); }

}  // namespace driftlint
