#pragma once

#include <re2/re2.h>

#include <memory>

#include "lint/rule.h"

namespace driftlint {

// A GPU container whose command only idles (sleep infinity and kin).
class InteractiveSleepRule : public Rule {
 public:
  static const RuleInfo& static_info();
  static Expected<std::unique_ptr<Rule>> create(const RuleOptionsInput& input);
  const RuleInfo& info() const override { return static_info(); }
  void check(const LintContext& context, std::vector<Finding>& out) const override;

 private:
  explicit InteractiveSleepRule(std::vector<std::unique_ptr<const RE2>> patterns)
      : patterns_(std::move(patterns)) {}
  const std::vector<std::unique_ptr<const RE2>> patterns_;
};

}  // namespace driftlint
