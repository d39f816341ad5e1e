#include "load/repo_inputs.h"

#include <filesystem>
#include <set>

#include "config/repo_spec.h"

namespace driftlint {

namespace fs = std::filesystem;

namespace {

std::string unique_name(std::set<std::string>& used, const std::string& wanted) {
  std::string name = wanted.empty() ? "repo" : wanted;
  for (int n = 2; used.count(name); ++n) name = wanted + "-" + std::to_string(n);
  used.insert(name);
  return name;
}

// A repo entry from the config or --repo. Git sources arrive with the git issue.
void add_repo_entry(const RepoConfig& entry, const fs::path& base, std::set<std::string>& used,
                    ResolvedRepos& out) {
  if (used.count(entry.name)) {
    out.errors.push_back(entry.origin + ": repo name '" + entry.name + "' is used twice");
    return;
  }
  if (is_url_source(entry.source)) {
    out.errors.push_back(entry.origin + ": repo '" + entry.name +
                         "': git URL sources are not supported yet (clone it and give the path)");
    return;
  }
  if (entry.revision) {
    out.errors.push_back(entry.origin + ": repo '" + entry.name + "': revision '" + *entry.revision +
                         "' cannot be read yet: reading revisions from git is not supported yet");
    return;
  }
  fs::path path = fs::path(entry.source).is_absolute() ? fs::path(entry.source) : base / entry.source;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    out.errors.push_back(entry.origin + ": repo '" + entry.name + "': " + path.string() +
                         (fs::exists(path, ec) ? " is not a directory" : " does not exist"));
    return;
  }
  used.insert(entry.name);
  RepoInput repo;
  repo.name = entry.name;
  repo.source = entry.source;
  repo.url = entry.url;
  repo.tree = std::make_shared<DiskTree>(path.lexically_normal().string());
  out.repos.push_back(std::move(repo));
}

}  // namespace

ResolvedRepos resolve_repos(const Config& config, const std::vector<RepoConfig>& cli_repos,
                            const std::vector<std::string>& paths) {
  ResolvedRepos out;
  std::set<std::string> used;
  fs::path config_base = config.base_dir.empty() ? fs::path(".") : fs::path(config.base_dir);
  for (const RepoConfig& entry : config.repos) add_repo_entry(entry, config_base, used, out);
  for (const RepoConfig& entry : cli_repos) add_repo_entry(entry, fs::path("."), used, out);

  for (const std::string& arg : paths) {
    std::error_code ec;
    fs::path path(arg);
    fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
      out.errors.push_back(arg + ": no such file or directory");
      continue;
    }
    fs::path absolute = fs::weakly_canonical(fs::absolute(path, ec), ec);
    RepoInput repo;
    repo.source = arg;
    if (fs::is_directory(status)) {
      repo.name = unique_name(used, absolute.filename().string());
      repo.tree = std::make_shared<DiskTree>(absolute.string());
    } else if (fs::is_regular_file(status)) {
      repo.name = unique_name(used, absolute.parent_path().filename().string());
      repo.tree = std::make_shared<DiskTree>(absolute.parent_path().string(),
                                             absolute.filename().string());
    } else {
      out.errors.push_back(arg + ": not a regular file or directory");
      continue;
    }
    out.repos.push_back(std::move(repo));
  }
  return out;
}

}  // namespace driftlint
