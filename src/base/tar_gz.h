// Reading files out of a gzip-compressed tar archive in memory, as Helm
// packages a chart (`helm package`, a vendored `charts/*.tgz`): for looking
// inside, never for extracting to disk.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/expected.h"

namespace driftlint {

// The regular files whose names `wanted` accepts, with their content, in
// archive order. The archive is inflated whole within `max_bytes` (a small
// archive that inflates past it, a "zip bomb", is an error, not a stall);
// long names (GNU and PAX headers) are read. An error when it is not a
// gzip-compressed tar archive.
Expected<std::vector<std::pair<std::string, std::string>>> files_in_tar_gz(
    std::string_view archive, uint64_t max_bytes, const std::function<bool(std::string_view name)>& wanted);

}  // namespace driftlint
