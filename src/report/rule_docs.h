// Documentation generated from the rule registry: one Markdown page per rule
// (rules/<id>.md) and an index (rules/README.md). CI fails when the committed
// pages differ from what this writes.
#pragma once

#include <map>
#include <string>

#include "lint/rule.h"

namespace driftlint {

std::string rule_page_markdown(const RuleInfo& info);
std::string rule_index_markdown();
// file name -> content, for every generated page.
std::map<std::string, std::string> rule_doc_files();

std::string rules_text_table();
std::string rules_json();
// What `driftlint explain RULE` prints.
std::string rule_explanation(const RuleInfo& info);

}  // namespace driftlint
