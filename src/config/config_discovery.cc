#include "config/config_discovery.h"

#include <algorithm>
#include <vector>

namespace driftlint {

namespace fs = std::filesystem;

std::optional<fs::path> checkout_root(const fs::path& start) {
  std::error_code ec;
  for (fs::path dir = start;; dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) return dir;
    if (dir == dir.parent_path()) return std::nullopt;
  }
}

bool resolves_inside(const fs::path& path, const fs::path& folder) {
  std::error_code ec;
  fs::path target = fs::weakly_canonical(path, ec);
  fs::path base = fs::weakly_canonical(folder, ec);
  if (ec) return false;
  auto [end, _] = std::mismatch(base.begin(), base.end(), target.begin(), target.end());
  return end == base.end();
}

Expected<std::optional<std::string>> find_config_file(const fs::path& start) {
  std::optional<fs::path> root = checkout_root(start);
  fs::path up;
  std::error_code ec;
  for (fs::path dir = start;; dir = dir.parent_path()) {
    std::vector<std::string> found;
    for (const char* name : kConfigFileNames) {
      fs::path candidate = dir / name;
      if (fs::is_symlink(fs::symlink_status(candidate, ec)) && !resolves_inside(candidate, root.value_or(start))) {
        return Error{(up / name).string() +
                     ": a symbolic link to a file outside the checkout (not followed); name the file with "
                     "--config, or run with --no-config"};
      }
      if (fs::is_regular_file(candidate, ec)) found.push_back((up / name).string());
    }
    if (found.size() > 1) {
      return Error{found[0] + " and " + found[1] + " are both configurations for this folder: keep one (or name it with --config)"};
    }
    if (found.size() == 1) return std::optional<std::string>(found[0]);
    if (!root || dir == *root || dir == dir.parent_path()) return std::optional<std::string>();
    up /= "..";
  }
}

}  // namespace driftlint
