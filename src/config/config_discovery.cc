#include "config/config_discovery.h"

#include <vector>

namespace driftlint {

namespace fs = std::filesystem;

namespace {

// The folder holding `.git` (a folder, or a file in a worktree) at or above `start`.
std::optional<fs::path> checkout_root(const fs::path& start) {
  std::error_code ec;
  for (fs::path dir = start;; dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) return dir;
    if (dir == dir.parent_path()) return std::nullopt;
  }
}

}  // namespace

std::optional<std::string> find_config_file(const fs::path& start) {
  std::optional<fs::path> root = checkout_root(start);
  fs::path up;
  std::error_code ec;
  for (fs::path dir = start;; dir = dir.parent_path()) {
    if (fs::is_regular_file(dir / kConfigFileName, ec)) return (up / kConfigFileName).string();
    if (!root || dir == *root || dir == dir.parent_path()) return std::nullopt;
    up /= "..";
  }
}

}  // namespace driftlint
