// The rendered diff as people read it: text for a terminal, Markdown for one
// pull-request comment (a summary table, then a collapsible unified YAML
// diff per app, cut at a size a comment can hold, saying what was cut), and
// JSON for tools.
#pragma once

#include <string>

#include "argocd/app_diff.h"

namespace driftlint {

std::string diff_text(const RenderedDiff& diff);
// `max_bytes`: the comment's budget (GitHub holds 65,536 characters).
std::string diff_markdown(const RenderedDiff& diff, size_t max_bytes = 60'000);
std::string diff_json(const RenderedDiff& diff);

}  // namespace driftlint
