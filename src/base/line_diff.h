// A unified diff of two texts, line by line (Myers' O(ND) algorithm, so two
// large files that differ little cost little), as `diff -u` prints it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace driftlint {

// "@@ -a,b +c,d @@" hunks with `context` lines around each change; "" when
// the texts are equal. Labels head the diff ("--- base", "+++ head").
std::string unified_diff(std::string_view before, std::string_view after, const std::string& before_label,
                         const std::string& after_label, size_t context = 3);

}  // namespace driftlint
