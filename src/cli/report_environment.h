// What the reports take from the run's environment rather than its inputs:
// the time (SOURCE_DATE_EPOCH wins, so reports can be reproduced), the GitHub
// Actions workspace, and the step summary the github format writes to.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "base/expected.h"
#include "report/report.h"

namespace driftlint::cli {

struct CheckOptions;

// Seconds since 1970: $SOURCE_DATE_EPOCH when it is a number, else now.
int64_t report_time();

// Fills the report options the environment and the command line decide
// (--fail-on, --sarif-repo, the time, GitHub's home repos); an error for a
// --sarif-repo no repo has.
Status set_report_environment(ReportInput& input, const CheckOptions& o);

// Appends the github format's findings of other repos to $GITHUB_STEP_SUMMARY
// when it is set; an error when it cannot be written.
Status write_github_step_summary(const ReportInput& input);

}  // namespace driftlint::cli
