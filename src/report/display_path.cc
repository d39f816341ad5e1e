#include <filesystem>

#include "report/report.h"

namespace driftlint {

namespace {

// `path` relative to `folder` when it lies below it (both absolute and
// lexically clean), else nullopt.
std::optional<std::string> below(const std::filesystem::path& path, const std::filesystem::path& folder) {
  std::filesystem::path relative = path.lexically_relative(folder);
  if (relative.empty() || *relative.begin() == "..") return std::nullopt;
  return relative.generic_string();
}

}  // namespace

std::string display_path(const ReportInput& input, const Finding& f) {
  std::string repo = f.repo.value_or("");
  if (!f.path) return repo;
  if (!f.repo) return *f.path;  // the config file, named as it was found
  if (!input.working_dir.empty()) {
    for (const RepoInput& r : input.load.repos) {
      if (r.name != repo || r.disk_root.empty()) continue;
      std::filesystem::path file = (std::filesystem::path(r.disk_root) / *f.path).lexically_normal();
      if (std::optional<std::string> shown = below(file, input.working_dir)) return *shown;
    }
  }
  return repo + "/" + *f.path;
}

}  // namespace driftlint
