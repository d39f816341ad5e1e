#include "base/strings.h"
#include "lint/rule.h"

namespace driftlint {

// A mapping that sets the same key twice.
class DuplicateKeyRule : public RuleBase<DuplicateKeyRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& DuplicateKeyRule::static_info() {
  static const RuleInfo info{
      .id = "duplicate-key",
      .default_severity = Severity::Error,
      .summary = "A YAML mapping sets the same key twice.",
      .rationale =
          "YAML forbids duplicate keys, yet most parsers silently keep one of the values: "
          "Kubernetes' decoder keeps the last, so the first value is a dead edit that reviewers "
          "still read, and strict field validation (`kubectl apply --validate=strict`) rejects the "
          "object outright.",
      .hint = "Delete one of the two entries, keeping the value you mean.",
      .example = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: limits\ndata:\n  max: \"10\"\n"
                 "  max: \"14\"\n",
      .options = {}};
  return info;
}

void DuplicateKeyRule::check(const LintContext& context, std::vector<Finding>& out) const {
  for (uint32_t i = 0; i < context.load.files.size(); ++i) {
    const LoadedFile& file = context.load.files[i];
    for (const yaml::DuplicateKey& d : file.parsed.duplicate_keys) {
      const Manifest* manifest = context.load.manifest_containing(i, d.key.position());
      std::string message =
          "key " + quote_for_message(d.key.text()) + " is set twice in one mapping (first at line " +
              std::to_string(d.first.position().line) +
              "); Kubernetes keeps this later value and drops the first";
      out.push_back(manifest ? finding_at(context, *manifest, d.key, std::move(message))
                             : finding_in_file(context, file, d.key.position(), std::move(message)));
    }
  }
}

RuleEntry duplicate_key_rule() { return rule_entry<DuplicateKeyRule>(); }

}  // namespace driftlint
