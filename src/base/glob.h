// Glob patterns for paths, as users write them in ignore entries:
// '*' and '?' stay inside one path segment, '**' crosses segments,
// '[abc]' / '[!a-z]' are classes and '{a,b}' alternatives.
#pragma once

#include <string_view>

namespace driftlint {

bool glob_match(std::string_view pattern, std::string_view path);

}  // namespace driftlint
