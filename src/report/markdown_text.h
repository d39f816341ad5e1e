// Markdown pieces shared by the reports that write Markdown (the daily
// report, the GitHub step summary).
#pragma once

#include <string>
#include <string_view>

#include "lint/finding.h"

namespace driftlint {

// Text safe inside a Markdown table cell or list item: no line breaks, no
// cell separators, no HTML, no emphasis markers that would reformat it.
std::string md(std::string_view text);
// Inline code that survives backticks in the text.
std::string md_code(std::string_view text);
std::string plural(size_t n, const char* word);
// "repo/path:line", "(cluster)" for a finding of no file.
std::string finding_location(const Finding& f);
// "- **error** `rule` at `repo/path:3`: message"; `link` (when not empty)
// makes the location a link.
std::string finding_line(const Finding& f, const std::string& link = "");

}  // namespace driftlint
