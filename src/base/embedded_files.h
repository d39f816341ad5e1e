// Data files compiled into the binary (rules/*.yaml: the deprecation table
// and the declarative rules driftlint ships), so an installed binary needs
// nothing beside it. CMake generates the definitions from the files.
#pragma once

#include <string_view>
#include <vector>

namespace driftlint {

struct EmbeddedFile {
  std::string_view name;  // path in the source tree, e.g. "rules/deprecated-apis.yaml"
  std::string_view text;
};

const std::vector<EmbeddedFile>& embedded_files();
// The file's text, or an empty view when there is none of that name.
std::string_view embedded_file(std::string_view name);

}  // namespace driftlint
