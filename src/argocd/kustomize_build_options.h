// Argo CD's kustomize.buildOptions as driftlint passes them to `kustomize
// build`: Argo CD splits the string on white space and appends the words to
// `kustomize build PATH` (util/kustomize/kustomize.go). driftlint passes only
// the flags it knows to change nothing but what the build reads and how;
// flags that run plugins, exec or container functions, or another program
// are withheld, and the rest (an output file, unknown flags) ignored.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "render/request.h"

namespace driftlint {

struct BuildOptionsReading {
  KustomizeBuildFlags flags;
  // Words not passed and not withheld: -o/--output (Argo CD reads what the
  // build prints), flags driftlint does not know, stray words.
  std::vector<std::string> ignored;
};

BuildOptionsReading read_kustomize_build_options(std::string_view options);

// One line for the run's notes: what is passed, withheld and ignored of `options`.
std::string describe_build_options(std::string_view options, const BuildOptionsReading& reading);

}  // namespace driftlint
