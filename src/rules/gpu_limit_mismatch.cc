#include <sstream>

#include "base/strings.h"
#include "lint/known_objects.h"
#include "lint/rule.h"
#include "model/kyverno.h"
#include "model/workflows.h"

namespace driftlint {

// A WorkflowTemplate that lets callers ask for more GPUs than Kyverno admits.
class GpuLimitMismatchRule : public RuleBase<GpuLimitMismatchRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& GpuLimitMismatchRule::static_info() {
  static const RuleInfo info{
      .id = "gpu-limit-mismatch",
      .default_severity = Severity::Warning,
      .summary = "A workflow template lets callers ask for more GPUs per container than a Kyverno "
                 "validate rule matching its workflows or pods admits.",
      .rationale =
          "When the template's parameter allows `gpus: 4` and admission denies more than 2, callers "
          "find out at submission time, or worse, from a workflow stuck with a rejected pod. The "
          "template's possible counts come from literals and parameter `enum`/`value`/`default`; "
          "the Kyverno limit from `validate.deny.conditions` comparing a GPU limit with a number "
          "(`GreaterThan`, `AnyGreaterThan`, `GreaterThanOrEquals`, ...) in ClusterPolicies and "
          "Policies that match Workflows or Pods in the template's namespace (from the repos and "
          "the snapshot).",
      .hint = "Make the template's `enum` stop at the admitted maximum, or raise the Kyverno limit "
              "deliberately; keep both in one change.",
      .example = "# Kyverno denies more than 2 nvidia.com/gpu per container\n"
                 "arguments:\n  parameters:\n  - {name: gpus, value: \"1\", enum: [\"1\", \"2\", \"4\"]}\n",
      .options = {}};
  return info;
}

void GpuLimitMismatchRule::check(const LintContext& context, std::vector<Finding>& out) const {
  std::vector<KyvernoRuleView> limits;
  for (const KnownObject& o : known_objects(context, [](const ObjectIdentity& id) { return is_kyverno_policy(id); })) {
    for (KyvernoRuleView& r : read_kyverno_rules(*o.manifest, context.gpu)) {
      if (!r.gpu_limits.empty()) limits.push_back(std::move(r));
    }
  }
  if (limits.empty()) return;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    std::optional<WorkflowView> w = read_workflow(m, context.gpu);
    if (!w) continue;
    for (const WorkflowTemplateView& t : w->templates) {
      for (const GpuRequest& g : t.gpus) {
        if (g.values.empty()) continue;
        double asked = *g.values.rbegin();
        for (const KyvernoRuleView& rule : limits) {
          if (!rule.matches("Workflow", m.id.ns) && !rule.matches("Pod", m.id.ns)) continue;
          for (const KyvernoGpuLimit& limit : rule.gpu_limits) {
            if (limit.resource != g.resource || asked <= limit.max) continue;
            std::ostringstream text;
            text << m.id.display() << " template '" << t.name << "' lets callers ask for up to " << asked << " "
                 << g.resource << (g.parameter.empty() ? "" : " (parameter '" + g.parameter + "')") << ", but "
                 << rule.policy->id.kind << " " << quote_for_message(rule.policy->id.name) << " rule "
                 << quote_for_message(rule.name) << " denies more than " << limit.max
                 << ": such workflows are rejected at admission";
            out.push_back(finding_at(context, m, g.node, text.str()));
          }
        }
      }
    }
  }
}

RuleEntry gpu_limit_mismatch_rule() { return rule_entry<GpuLimitMismatchRule>(); }

}  // namespace driftlint
