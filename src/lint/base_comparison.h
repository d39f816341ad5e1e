// A pull-request run's verdict: which of the head's findings are new (their
// fingerprint, lint/fingerprint.h, is not among the base's), which were
// there already, and how many of the base's are gone (fixed). New findings
// count wherever they land: a moved folder breaks an app in an unchanged
// file, and that is the change's doing.
#pragma once

#include <cstddef>
#include <vector>

#include "lint/finding.h"

namespace driftlint {

struct BaseComparison {
  size_t fresh = 0;     // new in the head
  size_t existing = 0;  // already in the base
  size_t fixed = 0;     // in the base, gone from the head
  std::vector<Finding> fixed_findings;
};

// Marks the head's open findings the base has (Finding::existing) and counts.
// Suppressed findings are neither new nor fixed.
BaseComparison compare_with_base(std::vector<Finding>& head, const std::vector<Finding>& base);

// Keeps the new findings (and the suppressed ones); the existing ones too
// when `show_existing`.
void keep_new_findings(std::vector<Finding>& findings, bool show_existing);

}  // namespace driftlint
