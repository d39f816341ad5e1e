// `driftlint check -`: manifests on standard input, as kubeconform and
// kubectl take them (`kustomize build . | driftlint check -`).
#pragma once

#include <cstdint>
#include <istream>

#include "base/expected.h"
#include "load/loader.h"

namespace driftlint::cli {

// A repo named "stdin" holding one file, "stdin.yaml", with what `in` holds
// (read to its end, at most `max_bytes`: more is an input error, not read on).
Expected<RepoInput> standard_input_repo(std::istream& in, uint64_t max_bytes);

}  // namespace driftlint::cli
