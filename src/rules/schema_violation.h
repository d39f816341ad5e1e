#pragma once

#include "lint/rule.h"

namespace driftlint {

// A manifest that its kind's schema rejects.
class SchemaViolationRule : public Rule {
 public:
  static const RuleInfo& static_info();
  static Expected<std::unique_ptr<Rule>> create(const RuleOptionsInput& input);
  const RuleInfo& info() const override { return static_info(); }
  void check(const LintContext& context, std::vector<Finding>& out) const override;
};

}  // namespace driftlint
