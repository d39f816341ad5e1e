// The sync plan as people and tools read it: text like `terraform plan`,
// Markdown for one pull-request comment (a summary table, the deletes,
// replacements and failures first, one collapsible section per app, within
// a size budget, every repo-derived string escaped), and JSON
// (schemas/plan.schema.json). Secret values never appear: a Secret's keys
// are marked changed or unchanged.
#pragma once

#include <string>

#include "plan/plan.h"

namespace driftlint {

std::string plan_text(const Plan& plan);
// One app as plan_text writes it (also the body of its Markdown section).
std::string plan_app_text(const AppPlan& app);
// `max_bytes`: the comment's budget (GitHub holds 65,536 characters).
std::string plan_markdown(const Plan& plan, size_t max_bytes = 60'000);
// The summary table and the deletes first, for `check --diff`'s comment.
std::string plan_summary_markdown(const Plan& plan, size_t max_bytes = 20'000);
std::string plan_json(const Plan& plan);

}  // namespace driftlint
