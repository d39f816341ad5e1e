#include "base/strings.h"
#include "lint/rule.h"
#include "lint/suppression_findings.h"
#include "lint/suppressions.h"

namespace driftlint {

// A suppression that gives no reason.
class SuppressionWithoutReasonRule : public RuleBase<SuppressionWithoutReasonRule> {
 public:
  static const RuleInfo& static_info();
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

const RuleInfo& SuppressionWithoutReasonRule::static_info() {
  static const RuleInfo info{
      .id = "suppression-without-reason",
      .default_severity = Severity::Warning,
      .summary = "A suppression (`# driftlint:ignore` comment, `driftlint.io/ignore` annotation or "
                 "`ignore:` entry) that gives no reason.",
      .rationale =
          "A silenced finding without a reason cannot be reviewed: nobody knows later whether the "
          "risk was accepted or the line was just noisy. The suppression still works (the finding "
          "is counted as suppressed), and this finding asks for the reason. Write it after `--` in "
          "comments and annotations (`# driftlint:ignore duplicate-key -- generated upstream`, or a "
          "`driftlint.io/ignore-reason` annotation), and in `reason:` in the configuration.",
      .hint = "Add the reason: `# driftlint:ignore RULE -- why`, `driftlint.io/ignore: \"RULE -- why\"`, "
              "or `reason:` in the ignore entry.",
      .example = "data:\n  limit: \"10\"  # driftlint:ignore self-heal-revert\n",
      .options = {},
      .unsuppressible = true};
  return info;
}

void SuppressionWithoutReasonRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.suppressions) return;
  for (const Suppression& s : context.suppressions->all()) {
    if (!s.reason.empty()) continue;
    std::string rules = s.rules.empty() ? std::string("every rule") : join(s.rules, ", ");
    out.push_back(suppression_finding(*this, context, s, "the " + s.describe() + " silencing " + rules + " gives no reason"));
  }
}

RuleEntry suppression_without_reason_rule() { return rule_entry<SuppressionWithoutReasonRule>(); }

}  // namespace driftlint
