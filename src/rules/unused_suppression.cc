#include "base/strings.h"
#include "lint/rule.h"
#include "lint/suppression_findings.h"
#include "lint/suppressions.h"
#include "rules/registry.h"

namespace driftlint {

// A suppression that matched no finding (with --report-unused-ignores).
class UnusedSuppressionRule : public RuleBase<UnusedSuppressionRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& UnusedSuppressionRule::static_info() {
  static const RuleInfo info{
      .id = "unused-suppression",
      .default_severity = Severity::Notice,
      .enabled_by_default = false,
      .summary = "A suppression that matched no finding (reported with `--report-unused-ignores`).",
      .rationale =
          "Suppressions outlive the findings they were written for: the manifest was fixed, the "
          "object renamed, the rule refined. A stale one hides the next real finding at that place. "
          "Off by default; `--report-unused-ignores` turns it on (as does `--enable`). Only "
          "suppressions of rules that ran, and could fire, are judged: a suppression for a rule "
          "that needs `--snapshot` is not judged in a run without one.",
      .hint = "Delete the suppression, or narrow it to what it is still needed for.",
      .example = "# driftlint:ignore duplicate-key -- fixed since\napiVersion: v1\nkind: ConfigMap\n",
      .options = {},
      .after_suppressions = true};
  return info;
}

void UnusedSuppressionRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.suppressions) return;
  for (const Suppression& s : context.suppressions->all()) {
    if (s.used > 0) continue;
    // A suppression for rules that did not run this time, or could not fire
    // (no snapshot), cannot be judged.
    bool judged = s.rules.empty() || !context.active_rules;
    for (const std::string& r : s.rules) {
      if (r == "*") judged = true;
      if (!context.active_rules->count(r)) continue;
      const RuleEntry* entry = find_rule(r);
      judged = judged || !(entry && entry->info().needs_snapshot && !context.snapshot);
    }
    if (!judged) continue;
    std::string rules = s.rules.empty() ? std::string("every rule") : join(s.rules, ", ");
    out.push_back(suppression_finding(*this, context, s, "the " + s.describe() + " silencing " + rules + " matched no finding"));
  }
}

RuleEntry unused_suppression_rule() { return rule_entry<UnusedSuppressionRule>(); }

}  // namespace driftlint
