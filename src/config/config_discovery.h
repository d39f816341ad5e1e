// Which configuration a run reads when --config names none: the one in the
// working folder, else the nearest one above it up to the root of the git
// checkout the folder is in (never above it: a config in $HOME or / is not the
// repo's). In each folder any of kConfigFileNames counts; two in one folder
// are an error, not a silent choice.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "base/expected.h"

namespace driftlint {

inline constexpr const char* kConfigFileName = "driftlint.yaml";  // the name docs and errors suggest
inline constexpr const char* kConfigFileNames[] = {"driftlint.yaml", "driftlint.yml", ".driftlint.yaml", ".driftlint.yml"};
// The rule above, for the man page and docs.
inline constexpr const char* kConfigDiscoveryRule =
    "without --config, the first folder from the working folder up to the root of its git checkout (only the working "
    "folder outside one) that holds driftlint.yaml, driftlint.yml, .driftlint.yaml or .driftlint.yml; two of those in "
    "one folder are an error.";

// The config file for a run in `start` (an absolute folder), as a path
// relative to `start` ("driftlint.yaml", "../../.driftlint.yml"), or nullopt.
// Outside a git checkout only `start` itself is looked in. A config that is a
// symbolic link to a file outside the checkout (outside `start` when there is
// none) is an error, not read: a pull request could otherwise point it at any
// file the runner can read and have its lines quoted in error messages.
Expected<std::optional<std::string>> find_config_file(const std::filesystem::path& start);

// The folder holding `.git` (a folder, or a file in a worktree) at or above
// `start` (an absolute folder), or nullopt outside any git checkout.
std::optional<std::filesystem::path> checkout_root(const std::filesystem::path& start);

// Whether `path` resolves (symbolic links followed) to a place at or below `folder`.
bool resolves_inside(const std::filesystem::path& path, const std::filesystem::path& folder);

}  // namespace driftlint
