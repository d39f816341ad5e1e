// "did you mean": the known name closest to a mistyped one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace driftlint {

// The name of `known` nearest to `word` by edit distance (insertions,
// deletions, substitutions; a swap of two neighbours counts once), if it is
// at most 2 edits away and closer than a third of the word's length + 1
// ("sharedNamespace" finds "sharedNamespaces"; "x" finds nothing); "" else.
// Ties go to the first in `known`.
std::string closest_name(std::string_view word, const std::vector<std::string>& known);

// " (did you mean 'name'?)" or "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& known);

}  // namespace driftlint
