#include <map>

#include "base/strings.h"
#include "lint/rule.h"
#include "model/kueue.h"
#include "snapshot/snapshot.h"

namespace driftlint {

// A ResourceFlavor whose nodeLabels match no node.
class FlavorMatchesNoNodeRule : public RuleBase<FlavorMatchesNoNodeRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& FlavorMatchesNoNodeRule::static_info() {
  static const RuleInfo info{
      .id = "flavor-matches-no-node",
      .default_severity = Severity::Warning,
      .summary = "A ResourceFlavor whose `nodeLabels` match no node in the snapshot.",
      .rationale =
          "Kueue injects a flavor's `nodeLabels` as a node selector into every pod admitted with it: "
          "a label that no node carries (a typo, `NVIDIA-H100` against `NVIDIA-H100-80GB-HBM3`, a "
          "retired pool) admits workloads that can never schedule. Needs `--snapshot` with Nodes; "
          "silent without one.",
      .hint = "Copy the label values from `kubectl get nodes -L <label>`; the message lists the "
              "values the nodes carry.",
      .example = "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: h100\nspec:\n"
                 "  nodeLabels: {nvidia.com/gpu.product: NVIDIA-H100}\n",
      .options = {},
      .needs_snapshot = true};
  return info;
}

void FlavorMatchesNoNodeRule::check(const LintContext& context, std::vector<Finding>& out) const {
  std::vector<NodeView> nodes =
      context.snapshot ? node_views(context.snapshot->objects) : std::vector<NodeView>{};
  if (nodes.empty()) return;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (!is_kueue(m.id, "ResourceFlavor")) continue;
    FlavorView flavor = read_flavor(m);
    if (flavor.node_labels.empty()) continue;
    bool any = false;
    for (const NodeView& n : nodes) any = any || flavor_matches(flavor, n);
    if (any) continue;
    // Say what the nodes carry for each label, so the fix is a copy.
    std::vector<std::string> seen;
    for (const auto& [key, value] : flavor.node_labels) {
      std::map<std::string, int> values;
      for (const NodeView& n : nodes) {
        auto it = n.labels.find(key);
        if (it != n.labels.end()) ++values[it->second];
      }
      std::vector<std::string> shown;
      for (const auto& [v, count] : values) shown.push_back(quote_for_message(v) + " (" + std::to_string(count) + ")");
      seen.push_back(key + ": " + (shown.empty() ? std::string("no node has it") : join(shown, ", ")));
    }
    yaml::Node at = m.root.get("spec").key_node("nodeLabels");
    out.push_back(finding_at(context, m, at.valid() ? at : flavor.node_labels_node,
                             "ResourceFlavor " + quote_for_message(flavor.name) + " selects nodes that none of the " +
                                 std::to_string(nodes.size()) + " nodes in the snapshot matches; the nodes carry " +
                                 join(seen, "; ")));
  }
}

RuleEntry flavor_matches_no_node_rule() { return rule_entry<FlavorMatchesNoNodeRule>(); }

}  // namespace driftlint
