#include "load/repo_inputs.h"

#include <filesystem>
#include <set>

#include "config/repo_spec.h"
#include "git/repository.h"
#include "git/url.h"

namespace driftlint {

namespace fs = std::filesystem;

namespace {

std::string unique_name(std::set<std::string>& used, const std::string& wanted) {
  std::string name = wanted.empty() ? "repo" : wanted;
  for (int n = 2; used.count(name); ++n) name = wanted + "-" + std::to_string(n);
  used.insert(name);
  return name;
}

// The folder's path inside the checkout ("" for its root), or nullopt when
// the folder is not in the checkout's work tree.
std::optional<std::string> folder_in_checkout(const GitRepository& git, const fs::path& absolute) {
  if (git.workdir().empty()) return std::nullopt;
  fs::path relative = absolute.lexically_relative(git.workdir());
  if (relative.empty() || *relative.begin() == "..") return std::nullopt;
  std::string rel = relative.generic_string();
  return rel == "." ? std::string() : rel;
}

// Describes a path on disk: inside a git checkout it is read from the
// checkout's root (paths relative to it) with HEAD and dirtiness recorded.
struct DiskSource {
  std::shared_ptr<FileTree> tree;
  std::string root;  // the folder the tree's paths are relative to
  std::shared_ptr<GitRepository> git;
  std::string default_name;
};

DiskSource disk_source(const fs::path& absolute, bool is_file) {
  DiskSource out;
  fs::path dir = is_file ? absolute.parent_path() : absolute;
  Expected<std::shared_ptr<GitRepository>> git = GitRepository::open(dir.string());
  std::optional<std::string> rel = git ? folder_in_checkout(**git, absolute) : std::nullopt;
  if (rel) {
    fs::path root = fs::path((*git)->workdir());
    out.git = *git;
    out.default_name = root.filename().string();
    std::error_code ec;
    out.root = fs::weakly_canonical(root, ec).string();
    out.tree = is_file ? std::make_shared<DiskTree>(root.string(), *rel)
                       : std::make_shared<DiskTree>(root.string(), std::string(), *rel);
    return out;
  }
  out.default_name = (is_file ? absolute.parent_path() : absolute).filename().string();
  out.root = (is_file ? absolute.parent_path() : absolute).string();
  out.tree = is_file ? std::make_shared<DiskTree>(absolute.parent_path().string(),
                                                  absolute.filename().string())
                     : std::make_shared<DiskTree>(absolute.string());
  return out;
}

void record_git_state(RepoInput& repo, const std::shared_ptr<GitRepository>& git, bool working_tree) {
  repo.git = git;
  if (!git) return;
  if (working_tree) {
    repo.commit = git->head_commit();
    repo.dirty = Eventually<bool>::lazy([git] { return git->dirty(); });
  }
  if (!repo.url) {
    // An origin of https://user:TOKEN@host/... is common in CI checkouts.
    if (std::optional<std::string> origin = git->origin_url()) repo.url = redact_url(*origin);
  }
}

// Reads `revision` of `git` from the object database into `repo`; errors name `who`.
bool read_revision(RepoInput& repo, const std::shared_ptr<GitRepository>& git, const std::string& revision,
                   const std::string& prefix, const std::string& who, ResolvedRepos& out) {
  Expected<std::string> commit = git->resolve_commit(revision);
  if (!commit) {
    out.errors.push_back(who + ": " + commit.error().message);
    return false;
  }
  Expected<std::shared_ptr<GitCommitTree>> tree = GitCommitTree::create(git, *commit, prefix);
  if (!tree) {
    out.errors.push_back(who + ": " + tree.error().message);
    return false;
  }
  repo.tree = *tree;
  repo.commit = *commit;
  repo.git_folder = prefix;
  repo.git = git;
  return true;
}

// A URL source: cloned or fetched into the cache, then read like a revision.
void add_url_entry(const RepoConfig& entry, const GitCacheOptions& cache, const std::string& who,
                   std::set<std::string>& used, ResolvedRepos& out) {
  Expected<CachedClone> clone = open_cached_clone(entry.source, cache);
  if (!clone) {
    out.errors.push_back(who + ": " + clone.error().message);
    return;
  }
  for (std::string& note : clone->notes) out.notes.push_back(std::move(note));
  RepoInput repo;
  repo.name = entry.name;
  repo.source = redact_url(entry.source);
  repo.revision = entry.revision;
  repo.url = redact_url(entry.url ? *entry.url : entry.source);
  // Without a revision: the remote's default branch, which the cache's HEAD follows.
  if (!read_revision(repo, clone->repo, entry.revision.value_or("HEAD"), "", who, out)) return;
  used.insert(entry.name);
  out.repos.push_back(std::move(repo));
}

// A repo entry from the config or --repo.
void add_repo_entry(const RepoConfig& entry, const fs::path& base, const GitCacheOptions& cache,
                    std::set<std::string>& used, ResolvedRepos& out) {
  std::string who = entry.origin + ": repo '" + entry.name + "'";
  if (used.count(entry.name)) {
    out.errors.push_back(entry.origin + ": repo name '" + entry.name + "' is used twice");
    return;
  }
  if (is_url_source(entry.source)) {
    add_url_entry(entry, cache, who, used, out);
    return;
  }
  fs::path path = fs::path(entry.source).is_absolute() ? fs::path(entry.source) : base / entry.source;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    out.errors.push_back(who + ": " + path.string() +
                         (fs::exists(path, ec) ? " is not a directory" : " does not exist"));
    return;
  }
  fs::path absolute = fs::weakly_canonical(fs::absolute(path, ec), ec);
  RepoInput repo;
  repo.name = entry.name;
  repo.source = entry.source;
  if (entry.url) repo.url = redact_url(*entry.url);
  repo.revision = entry.revision;
  if (entry.revision) {
    // Read the revision from the object database; the work tree is not touched.
    Expected<std::shared_ptr<GitRepository>> git = GitRepository::open(absolute.string());
    if (!git) {
      out.errors.push_back(who + ": a revision was asked but " + git.error().message);
      return;
    }
    std::string prefix = folder_in_checkout(**git, absolute).value_or("");
    if (!read_revision(repo, *git, *entry.revision, prefix, who, out)) return;
    repo.disk_root = absolute.string();
    record_git_state(repo, *git, false);
  } else {
    // A named repo's paths are relative to its source folder; git state is
    // recorded when that folder is in a checkout.
    repo.tree = std::make_shared<DiskTree>(absolute.string());
    repo.disk_root = absolute.string();
    Expected<std::shared_ptr<GitRepository>> git = GitRepository::open(absolute.string());
    if (git) {
      if (std::optional<std::string> folder = folder_in_checkout(**git, absolute)) {
        repo.git_folder = *folder;
        record_git_state(repo, *git, true);
      }
    }
  }
  used.insert(entry.name);
  out.repos.push_back(std::move(repo));
}

}  // namespace

ResolvedRepos resolve_repos(const Config& config, const std::vector<RepoConfig>& cli_repos,
                            const std::vector<std::string>& paths, const GitCacheOptions& cache) {
  ResolvedRepos out;
  std::set<std::string> used;
  fs::path config_base = config.base_dir.empty() ? fs::path(".") : fs::path(config.base_dir);
  for (const RepoConfig& entry : config.repos) add_repo_entry(entry, config_base, cache, used, out);
  for (const RepoConfig& entry : cli_repos) add_repo_entry(entry, fs::path("."), cache, used, out);

  for (const std::string& arg : paths) {
    std::error_code ec;
    fs::path path(arg);
    fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
      out.errors.push_back(arg + ": no such file or directory");
      continue;
    }
    if (!fs::is_directory(status) && !fs::is_regular_file(status)) {
      out.errors.push_back(arg + ": not a regular file or directory");
      continue;
    }
    fs::path absolute = fs::weakly_canonical(fs::absolute(path, ec), ec);
    DiskSource source = disk_source(absolute, fs::is_regular_file(status));
    RepoInput repo;
    repo.source = arg;
    repo.name = unique_name(used, source.default_name);
    repo.tree = source.tree;
    repo.disk_root = source.root;
    record_git_state(repo, source.git, true);
    out.repos.push_back(std::move(repo));
  }
  return out;
}

}  // namespace driftlint
