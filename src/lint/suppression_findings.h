// Locating a finding about a suppression: at its comment or annotation in a
// repo file, or at its entry in the configuration file.
#pragma once

#include "lint/rule.h"
#include "lint/suppressions.h"

namespace driftlint {

Finding suppression_finding(const Rule& rule, const LintContext& context, const Suppression& s, std::string message);

// A finding at a place in the configuration file ("driftlint.yaml:12:3",
// or a bare file name), which is no repo's.
Finding config_finding(const Rule& rule, const std::string& origin, std::string message);

}  // namespace driftlint
