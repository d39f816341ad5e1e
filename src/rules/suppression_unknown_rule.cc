#include "base/strings.h"
#include "lint/rule.h"
#include "lint/suppression_findings.h"
#include "lint/suppressions.h"

namespace driftlint {

// A suppression naming a rule driftlint does not have.
class SuppressionUnknownRuleRule : public RuleBase<SuppressionUnknownRuleRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& SuppressionUnknownRuleRule::static_info() {
  static const RuleInfo info{
      .id = "suppression-unknown-rule",
      .default_severity = Severity::Warning,
      .summary = "A `# driftlint:ignore` comment or `driftlint.io/ignore` annotation names a rule id "
                 "that driftlint does not have, so it silences nothing.",
      .rationale =
          "A misspelt rule id (`duplicate-keys`) leaves the finding it was meant for in place, or "
          "worse, is noticed only after the id it meant starts firing. Unknown ids in the "
          "configuration's `ignore:` entries are input errors (exit 2) instead, since the "
          "configuration is checked as a whole.",
      .hint = "Use an id from `driftlint rules` (declarative rules from --rules-dir count too).",
      .example = "# driftlint:ignore duplicate-keys -- generated upstream\n",
      .options = {},
      .unsuppressible = true};
  return info;
}

void SuppressionUnknownRuleRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.suppressions || !context.rule_ids) return;
  for (const Suppression& s : context.suppressions->all()) {
    if (s.form == Suppression::Form::Config) continue;
    if (s.rules.empty()) {
      out.push_back(suppression_finding(*this, context, s, "the " + s.describe() + " names no rule (write '*' for every rule)"));
      continue;
    }
    for (const std::string& rule : s.rules) {
      if (rule == "*" || context.rule_ids->count(rule)) continue;
      out.push_back(suppression_finding(*this, context, s,
                                        "the " + s.describe() + " names " + quote_for_message(rule) +
                                            ", which is no driftlint rule: it silences nothing"));
    }
  }
}

RuleEntry suppression_unknown_rule_rule() { return rule_entry<SuppressionUnknownRuleRule>(); }

}  // namespace driftlint
