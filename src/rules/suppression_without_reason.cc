#include "rules/suppression_without_reason.h"

#include "base/strings.h"
#include "lint/suppression_findings.h"
#include "lint/suppressions.h"

namespace driftlint {

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
      .options = {}};
  return info;
}

Expected<std::unique_ptr<Rule>> SuppressionWithoutReasonRule::create(const RuleOptionsInput& input) {
  if (Status s = check_rule_option_keys(input, static_info()); !s) return s.error();
  return std::unique_ptr<Rule>(new SuppressionWithoutReasonRule());
}

void SuppressionWithoutReasonRule::check(const LintContext& context, std::vector<Finding>& out) const {
  if (!context.suppressions) return;
  for (const Suppression& s : context.suppressions->all()) {
    if (!s.reason.empty()) continue;
    std::string rules = s.rules.empty() ? std::string("every rule") : join(s.rules, ", ");
    out.push_back(suppression_finding(*this, context, s, "the " + s.describe() + " silencing " + rules + " gives no reason"));
  }
}

}  // namespace driftlint
