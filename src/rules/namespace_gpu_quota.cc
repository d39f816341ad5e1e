#include <map>
#include <set>

#include "base/strings.h"
#include "lint/rule.h"
#include "model/pod_templates.h"

namespace driftlint {

// A ResourceQuota that limits GPUs for a whole namespace.
class NamespaceGpuQuotaRule : public RuleBase<NamespaceGpuQuotaRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& NamespaceGpuQuotaRule::static_info() {
  static const RuleInfo info{
      .id = "namespace-gpu-quota",
      .default_severity = Severity::Error,
      .summary = "A ResourceQuota limits a GPU (or another accelerator) for a whole namespace; an error "
                 "where the namespace is shared, a warning elsewhere.",
      .rationale =
          "A ResourceQuota has only `hard`, `scopes` and `scopeSelector`: it cannot select pods by "
          "label, so a GPU limit meant for one team or one service account limits every user of the "
          "namespace. In a shared namespace (listed in `sharedNamespaces`, or one that holds Argo "
          "Workflows objects, where every submitter's workflows run) that starves everybody else. "
          "The rule reads `spec.hard` keys with the `requests.` prefix that match "
          "`accelerators` (default `nvidia\\.com/gpu`, `nvidia\\.com/mig-.+`, `amd\\.com/gpu`, "
          "`gpu\\.intel\\.com/.+`, `google\\.com/tpu`, `habana\\.ai/gaudi`, `aws\\.amazon\\.com/neuron.*`), "
          "and names the resource it limits (a bare or `limits.` key limits nothing: "
          "`quota-key-uncounted`).",
      .hint = "Limit GPUs per submitter with a Kueue ClusterQueue and LocalQueue, or with a "
              "submitter-specific workflow semaphore; keep namespace quotas for namespaces that "
              "belong to one team.",
      .example = "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: gpus\n  namespace: "
                 "argo-workflows\nspec:\n  hard:\n    requests.nvidia.com/gpu: \"4\"\n",
      .options = {},
      .skips_policy_test_inputs = true};
  return info;
}

void NamespaceGpuQuotaRule::check(const LintContext& context, std::vector<Finding>& out) const {
  std::set<std::string_view> configured(context.config.shared_namespaces.begin(),
                                        context.config.shared_namespaces.end());
  // Namespaces that hold Argo Workflows objects, with one example each for the message.
  std::map<std::string_view, const Manifest*> workflow_namespaces;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (is_argo_workflow_kind(m.id) && m.id.kind != "ClusterWorkflowTemplate" && !m.id.ns.empty()) {
      workflow_namespaces.emplace(m.id.ns, &m);
    }
  }
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (!m.id.group.empty() || m.id.kind != "ResourceQuota") continue;
    yaml::Node hard = m.root.path({"spec", "hard"});
    for (auto [key, value] : hard.entries()) {
      auto resource = context.gpu.quota_gpu_resource(key.text());
      if (!resource) continue;
      std::string amount(value.text());
      std::string where = m.id.ns.empty() ? std::string("the namespace it is applied to")
                                          : "namespace " + quote_for_message(m.id.ns);
      std::string why;
      Severity severity = Severity::Warning;
      if (configured.count(m.id.ns)) {
        severity = Severity::Error;
        why = m.id.ns + " is a shared namespace (sharedNamespaces)";
      } else if (auto it = workflow_namespaces.find(m.id.ns); it != workflow_namespaces.end()) {
        severity = Severity::Error;
        const LoadedFile& f = context.load.file_of(*it->second);
        why = m.id.ns + " is shared: it runs Argo Workflows of every submitter (e.g. " +
              it->second->id.display() + " in " + context.load.repo_name(f.repo) + "/" + f.path + ")";
      }
      std::string message = "ResourceQuota " + quote_for_message(m.id.name) + " limits " +
                            std::string(*resource) + " to " + amount + " for every pod in " + where +
                            ": a quota cannot select pods by label, so it limits every user there";
      if (!why.empty()) message += "; " + why;
      Finding f = finding_at(context, m, key, std::move(message));
      f.severity = severity;
      out.push_back(std::move(f));
    }
  }
}

RuleEntry namespace_gpu_quota_rule() { return rule_entry<NamespaceGpuQuotaRule>(); }

}  // namespace driftlint
