#include "config/config_trust.h"

#include <filesystem>

#include "config/config_discovery.h"
#include "config/repo_spec.h"

namespace driftlint {

namespace fs = std::filesystem;

void judge_config_trust(Config& config, bool named_by_user) {
  if (config.file.empty()) return;
  std::error_code ec;
  fs::path folder = fs::absolute(config.base_dir.empty() ? fs::path(".") : fs::path(config.base_dir), ec);
  folder = fs::weakly_canonical(folder, ec);
  std::optional<fs::path> root = checkout_root(folder);
  if (!root && named_by_user) return;
  config.trusted = false;
  config.confined_to = root.value_or(folder).string();
}

std::string resolve_config_path(const Config& config, const std::string& path) {
  bool relative = !path.empty() && path[0] != '/' && !config.base_dir.empty();
  return relative ? (fs::path(config.base_dir) / path).string() : path;
}

namespace {

// "" when `path` stays inside; else the error for `origin`.
std::string outside(const Config& config, const std::string& what, const std::string& path, const std::string& origin,
                    const std::string& shown) {
  std::error_code ec;
  fs::path absolute = fs::absolute(resolve_config_path(config, path), ec);
  if (!ec && resolves_inside(absolute, config.confined_to)) return "";
  return origin + ": " + what + " '" + shown + "' is outside the checkout " + config.confined_to +
         ": not read (a driftlint.yaml in a checkout may be a pull request's own, so it names only paths inside "
         "it; give this one on the command line)";
}

void drop_outside(const Config& config, const std::string& what, std::vector<ConfigPath>& paths,
                  std::vector<std::string>& errors) {
  std::erase_if(paths, [&](const ConfigPath& p) {
    std::string error = outside(config, what, p.path, p.origin, p.path);
    if (error.empty()) return false;
    errors.push_back(std::move(error));
    return true;
  });
}

}  // namespace

std::vector<std::string> drop_paths_outside(Config& config) {
  std::vector<std::string> errors;
  if (config.trusted) return errors;
  drop_outside(config, "snapshot", config.snapshots, errors);
  drop_outside(config, "rulesDirs", config.rules_dirs, errors);
  std::erase_if(config.repos, [&](const RepoConfig& repo) {
    // A file:// URL is a path too (cloned from the runner's disk); other URLs reach no local file.
    bool file_url = repo.source.rfind("file://", 0) == 0;
    if (is_url_source(repo.source) && !file_url) return false;
    std::string path = file_url ? repo.source.substr(7) : repo.source;
    std::string error = outside(config, "repo '" + repo.name + "' source", path, repo.origin, repo.source);
    if (error.empty()) return false;
    errors.push_back(std::move(error));
    return true;
  });
  return errors;
}

}  // namespace driftlint
