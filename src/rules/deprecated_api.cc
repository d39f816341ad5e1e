#include <algorithm>

#include "base/strings.h"
#include "lint/rule.h"
#include "model/field_path.h"
#include "rules/deprecated_api_table.h"
#include "rules/served_api.h"

namespace driftlint {

// API versions and fields upstream deprecated or stopped serving.
class DeprecatedApiRule : public RuleBase<DeprecatedApiRule> {
 public:
  static const RuleInfo& static_info();
  static Expected<std::unique_ptr<Rule>> create(const RuleOptionsInput& input);
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& DeprecatedApiRule::static_info() {
  static const RuleInfo info{
      .id = "deprecated-api",
      .default_severity = Severity::Notice,
      .summary = "An API version or field that upstream has deprecated or stopped serving (Kueue "
                 "`v1beta1`, Kyverno's policy-level `validationFailureAction`, Argo Workflows' singular "
                 "`semaphore`, Kubernetes beta APIs).",
      .rationale =
          "A version the next upgrade stops serving makes the apply fail on upgrade day; a "
          "deprecated field keeps working until it silently does not. The table lives in one data "
          "file, `rules/deprecated-apis.yaml` (compiled in), with the release each entry comes from "
          "and what to use instead. A built-in kind at an apiVersion no row names is also judged "
          "against the API the chosen Kubernetes release serves (`--kubernetes-version`, from the "
          "bundled 1.34-1.36 API schemas): one that an older bundled release served names the "
          "release that removed it, one only a newer release serves says when it arrives, and each "
          "names the version the chosen release serves instead. Kinds no release serves in that "
          "group (custom resources, OpenShift's legacy `v1` kinds) are not Kubernetes' to judge. "
          "Files of a policy test (a Kyverno CLI or Chainsaw test's folder and the files it names "
          "from there) are test inputs, often outdated on purpose (a test of a policy that denies "
          "removed APIs): not judged.",
      .hint = "Move to the replacement named in the message before upgrading the component.",
      .example = "apiVersion: kueue.x-k8s.io/v1beta1\nkind: ClusterQueue\nmetadata:\n  name: team-a\nspec:\n  cohort: gpu-pool\n",
      .options = {}};
  return info;
}

namespace {

bool has_kind(const std::vector<std::string>& kinds, const std::string& kind) {
  return kinds.empty() || std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

}  // namespace

Expected<std::unique_ptr<Rule>> DeprecatedApiRule::create(const RuleOptionsInput& input) {
  if (Status s = check_rule_option_keys(input, static_info()); !s) return s.error();
  if (!deprecation_table()) return deprecation_table().error();
  return std::unique_ptr<Rule>(new DeprecatedApiRule());
}

void DeprecatedApiRule::check(const LintContext& context, std::vector<Finding>& out) const {
  const DeprecationTable& t = *deprecation_table();
  const KubernetesSchemas* kubernetes = KubernetesSchemas::of(context.config.kubernetes_version);
  if (!kubernetes) kubernetes = KubernetesSchemas::of(KubernetesSchemas::newest());
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (context.is_policy_test_input(m)) continue;  // a policy test's input, outdated on purpose
    yaml::Node at = m.root.key_node("apiVersion");
    if (const DeprecatedApi* a = deprecated_api_row(t, m.id.api_version, m.id.kind)) {
      out.push_back(finding_at(context, m, at,
                               m.id.display() + " uses " + a->api_version + ", " + a->status + " in " + a->in +
                                   "; use " + a->use));
    } else if (std::optional<std::string> why = unserved_api(*kubernetes, m.id)) {
      out.push_back(finding_at(context, m, at, m.id.display() + " uses " + m.id.api_version + ", " + *why));
    }
    for (const DeprecatedField& f : t.fields) {
      if (f.group != m.id.group || !has_kind(f.kinds, m.id.kind)) continue;
      for (const FieldMatch& match : resolve_field_path(f.path, m.root)) {
        if (!match.value.valid()) continue;
        out.push_back(finding_at(context, m, match.key.valid() ? match.key : match.value,
                                 m.id.display() + " sets " + match.path + ", " + f.status + " in " + f.in + "; use " + f.use));
      }
    }
  }
}

RuleEntry deprecated_api_rule() { return rule_entry<DeprecatedApiRule>(); }

}  // namespace driftlint
