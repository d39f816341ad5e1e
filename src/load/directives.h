// `# driftlint:ignore` comments. The YAML tree keeps no comments, so the
// loader scans the text of files that mention the marker:
//   key: value  # driftlint:ignore RULE[,RULE] -- reason    that line
//   # driftlint:ignore RULE -- reason                       the next line, or the whole
//                                                           document when it stands above one
//   # driftlint:ignore-file RULE -- reason                  the whole file
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yaml/parser.h"

namespace driftlint {

struct IgnoreDirective {
  enum class Scope { Line, Document, File };
  Scope scope = Scope::Line;
  uint32_t line = 0, column = 0;       // of the comment
  uint32_t from_line = 0, to_line = 0;  // the lines it covers (inclusive)
  std::vector<std::string> rules;       // as written; "*" covers every rule
  std::string reason;                   // "" when none was given
};

constexpr std::string_view kIgnoreMarker = "driftlint:ignore";

// The directives of a file; `parsed` tells where documents start.
std::vector<IgnoreDirective> scan_ignore_directives(std::string_view text, const yaml::ParsedFile& parsed);

// "rule-a, rule-b -- why" -> rules and reason (shared with the annotation form).
void parse_ignore_spec(std::string_view spec, std::vector<std::string>& rules, std::string& reason);

}  // namespace driftlint
