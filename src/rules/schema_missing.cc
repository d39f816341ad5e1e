#include <set>

#include "lint/rule.h"
#include "schema/registry.h"

namespace driftlint {

// A kind no schema describes.
class SchemaMissingRule : public RuleBase<SchemaMissingRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& SchemaMissingRule::static_info() {
  static const RuleInfo info{
      .id = "schema-missing",
      .default_severity = Severity::Notice,
      .enabled_by_default = false,
      .summary = "A kind that no schema describes (no bundled schema, no --schema-dir file, no CRD in "
                 "the repos or the snapshot), reported once per group, version and kind.",
      .rationale =
          "schema-violation cannot check what it has no schema for; this says which kinds went "
          "unchecked, so a team can add the CRDs (or --schema-dir) it needs. Off by default: most "
          "repos hold built-in kinds driftlint does not bundle (Deployment, Service, ...).",
      .hint = "Load the CRD (commit it, pass --snapshot with CRDs, or --schema-dir with the CRD or a "
              "JSON Schema carrying x-kubernetes-group-version-kind).",
      .example = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n",
      .options = {}};
  return info;
}

void SchemaMissingRule::check(const LintContext& context, std::vector<Finding>& out) const {
  std::unique_ptr<SchemaRegistry> own;
  const SchemaRegistry* schemas = &SchemaRegistry::given_or_built(context.schemas, context.load, context.snapshot, own, context.config.kubernetes_version);
  std::set<std::string> reported;
  for (const Manifest* object : context.objects) {
    const Manifest& m = *object;
    if (m.id.kind.empty() || m.id.version.empty()) continue;
    if (m.id.group == "apiextensions.k8s.io" && m.id.kind == "CustomResourceDefinition") continue;  // read, not validated
    if (schemas->find(m.id.group, m.id.version, m.id.kind)) continue;
    if (!reported.insert(m.id.api_version + "/" + m.id.kind).second) continue;
    out.push_back(finding_at(context, m, m.root.key_node("kind"),
                             m.id.kind + " (" + m.id.api_version + ") has no schema: its manifests are not validated"));
  }
}

RuleEntry schema_missing_rule() { return rule_entry<SchemaMissingRule>(); }

}  // namespace driftlint
