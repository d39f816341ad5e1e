#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "base/strings.h"
#include "lint/rule.h"
#include "model/field_path.h"
#include "rules/component_versions.h"
#include "rules/deprecated_api_table.h"
#include "rules/deprecation_verdict.h"
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
      .summary = "An API version or field that upstream has deprecated (a notice) or that the release "
                 "which runs no longer serves (an error): Kubernetes' removed beta APIs, Kueue `v1beta1`, "
                 "Kyverno's policy-level `validationFailureAction`, Argo Workflows' singular `semaphore`.",
      .rationale =
          "A version the release that runs does not serve makes the apply fail: an error, as Pluto and "
          "kubent fail the build. A deprecated field or version keeps working until an upgrade: a "
          "notice. The table lives in one data file, `rules/deprecated-apis.yaml` (compiled in), with "
          "the release that deprecated each entry, the first that no longer serves it, and what to use "
          "instead. Kubernetes entries are judged against the chosen release (`--kubernetes-version`, "
          "default the newest bundled): removed there, an error; deprecated only, a notice. A built-in "
          "kind at an apiVersion no row names is also judged against the API that release serves (from "
          "the bundled 1.34-1.36 API schemas): one that an older bundled release served names the "
          "release that removed it, one only a newer release serves says when it arrives, and each "
          "names the version the chosen release serves instead; not served is an error. Kinds no "
          "release serves in that group (custom resources, OpenShift's legacy `v1` kinds) are not "
          "Kubernetes' to judge. Other components' entries (Kyverno, Kueue, Argo Workflows) are judged "
          "against the release the repos or the snapshot install, read from the component's images "
          "(`ghcr.io/kyverno/kyverno:v1.11.4`), its chart's `appVersion`, a chart's dependency on it, a "
          "kustomization's `helmCharts`, an Argo CD Application's or a Flux HelmRelease's chart version "
          "(Kyverno's chart 3.N is Kyverno 1.(10+N)); the newest release found counts, and the message "
          "names where it was found. Older than the deprecation: nothing is reported (the replacement "
          "may not exist yet); at or past it: a notice; at or past the release that stops serving it: "
          "an error. When no release is found (the component is installed from another repo) the entry "
          "is reported as a notice that says the installed version is unknown: the deprecation is real "
          "upstream and the upgrade will meet it, so it is kept in view rather than hidden.",
      .hint = "Move to the replacement named in the message before upgrading the component.",
      .example = "apiVersion: kueue.x-k8s.io/v1beta1\nkind: ClusterQueue\nmetadata:\n  name: team-a\nspec:\n  cohort: gpu-pool\n",
      .options = {},
      .skips_policy_test_inputs = true};
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
  std::optional<ComponentVersions> versions;  // read when a component's row first matches
  auto judge = [&](const Deprecation& d) {
    if (!versions && d.component() != "Kubernetes") versions.emplace(context);
    return judge_deprecation(d, kubernetes->version(), versions ? &*versions : nullptr);
  };
  auto report = [&](const Manifest& m, yaml::Node at, Severity severity, std::string message) {
    Finding f = finding_at(context, m, at, std::move(message));
    f.severity = severity;
    out.push_back(std::move(f));
  };
  // A repo holds a few dozen kinds in thousands of objects: whether an API is
  // served is asked once per apiVersion and kind (views of the manifests').
  using ApiKind = std::pair<std::string_view, std::string_view>;
  struct ApiKindHash {
    size_t operator()(const ApiKind& k) const {
      return std::hash<std::string_view>()(k.first) * 31 + std::hash<std::string_view>()(k.second);
    }
  };
  std::unordered_map<ApiKind, std::optional<std::string>, ApiKindHash> unserved;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (const DeprecatedApi* a = deprecated_api_row(t, m.id.api_version, m.id.kind)) {
      if (auto verdict = judge(a->when)) {
        report(m, m.root.key_node("apiVersion"), verdict->severity,
               m.id.display() + " uses " + a->api_version + ", " + verdict->text + "; use " + a->when.use);
      }
    } else {
      auto [known, first] = unserved.try_emplace(ApiKind(m.id.api_version, m.id.kind));
      if (first) known->second = unserved_api(*kubernetes, m.id);
      if (const std::optional<std::string>& why = known->second) {
        report(m, m.root.key_node("apiVersion"), Severity::Error, m.id.display() + " uses " + m.id.api_version + ", " + *why);
      }
    }
    for (const DeprecatedField& f : t.fields) {
      if (f.group != m.id.group || !has_kind(f.kinds, m.id.kind)) continue;
      for (const FieldMatch& match : resolve_field_path(f.path, m.root)) {
        if (!match.value.valid()) continue;
        std::optional<DeprecationVerdict> verdict = judge(f.when);
        if (!verdict) break;
        report(m, match.key.valid() ? match.key : match.value, verdict->severity,
               m.id.display() + " sets " + match.path + ", " + verdict->text + "; use " + f.when.use);
      }
    }
  }
}

RuleEntry deprecated_api_rule() { return rule_entry<DeprecatedApiRule>(); }

}  // namespace driftlint
