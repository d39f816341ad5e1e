// Markdown pieces shared by the reports that write Markdown (the daily
// report, the GitHub step summary, the rendered diff of a pull-request
// comment). Every string that comes from a repo (names, paths, messages,
// values) goes through one of these, so a pull request cannot write
// Markdown or HTML of its own into the comment: no raw tag or comment
// (`<!--` would hide the rest), no closing of a table row, a code span, a
// code block or a `<details>`.
#pragma once

#include <string>
#include <string_view>

#include "lint/finding.h"

namespace driftlint {

// Text safe inside a Markdown table cell or list item: no line breaks, no
// cell separators, no HTML (`<`, `>`, `&` as entities), Markdown's inline
// markers backslash-escaped, and nothing that starts a block (a heading, a
// list, a quote) at its start.
std::string md(std::string_view text);
// Inline code that survives backticks in the text (a fence longer than any
// run inside it); line breaks and pipes become spaces.
std::string md_code(std::string_view text);
// A repo URL: an http(s) one as an autolink (`<url>`, whose target Markdown
// never unescapes, so `infra_k8s` stays a working link), anything else (SSH,
// scp-like `git@host:org/repo`, a path) as inline code, never a link.
std::string md_url(std::string_view url);
// Text inside raw HTML (a `<details>` summary): `<`, `>`, `&`, `"` as
// entities, line breaks as spaces.
std::string html_text(std::string_view text);
// A fenced code block of `text` with `info` ("diff"): the fence is longer
// than any run of backticks in the text, so no line of it can close it.
std::string md_code_block(std::string_view text, std::string_view info);
std::string plural(size_t n, const char* word);
// "repo/path:line", "(cluster)" for a finding of no file.
std::string finding_location(const Finding& f);
// "- **error** `rule` at `repo/path:3`: message"; `link` (when not empty)
// makes the location a link.
std::string finding_line(const Finding& f, const std::string& link = "");

}  // namespace driftlint
