#include "lint/changed_files.h"

#include <algorithm>

#include "git/repository.h"

namespace driftlint {

ChangedSince parse_changed_since(const std::string& spec) {
  size_t eq = spec.find('=');
  if (eq == std::string::npos) return {"", spec};
  return {spec.substr(0, eq), spec.substr(eq + 1)};
}

Expected<ChangedFiles> compute_changed_files(const LoadResult& load, const std::vector<ChangedSince>& specs) {
  ChangedFiles out;
  for (const ChangedSince& spec : specs) {
    bool resolved_somewhere = false;
    for (const RepoInput& repo : load.repos) {
      if (!spec.repo.empty() && repo.name != spec.repo) continue;
      std::string who = "--changed-since " + (spec.repo.empty() ? "" : spec.repo + "=") + spec.revision;
      if (!repo.git) {
        if (!spec.repo.empty()) return Error{who + ": repo '" + repo.name + "' is not a git repository"};
        out.notes.push_back("repo '" + repo.name + "' is not a git repository: all its findings are reported");
        continue;
      }
      Expected<std::string> base = repo.git->resolve_commit(spec.revision);
      if (!base) {
        if (!spec.repo.empty()) return Error{who + ": repo '" + repo.name + "': " + base.error().message};
        out.notes.push_back("revision '" + spec.revision + "' does not resolve in repo '" + repo.name +
                            "': all its findings are reported");
        continue;
      }
      // A revision checked from the object database is compared tree to tree;
      // a work tree (with uncommitted changes) against the base tree.
      std::optional<std::string> target;
      if (repo.revision) target = repo.commit;
      Expected<std::set<std::string>> changed = repo.git->changed_files(*base, target);
      if (!changed) return Error{who + ": repo '" + repo.name + "': " + changed.error().message};
      resolved_somewhere = true;
      // git names paths from the checkout's root; the repo's paths are
      // relative to its folder, so keep what lies below it, re-rooted.
      std::set<std::string>& mine = out.by_repo[repo.name];
      std::string folder = repo.git_folder.empty() ? "" : repo.git_folder + "/";
      for (const std::string& path : *changed) {
        if (path.compare(0, folder.size(), folder) == 0) mine.insert(path.substr(folder.size()));
      }
    }
    if (!spec.repo.empty() &&
        std::none_of(load.repos.begin(), load.repos.end(),
                     [&](const RepoInput& r) { return r.name == spec.repo; })) {
      return Error{"--changed-since " + spec.repo + "=" + spec.revision + ": no repo named '" + spec.repo + "'"};
    }
    if (spec.repo.empty() && !resolved_somewhere) {
      return Error{"--changed-since " + spec.revision + ": the revision resolves in no git repo being checked"};
    }
  }
  return out;
}

void keep_changed_only(LintOutput& lint, const ChangedFiles& changed) {
  std::vector<Finding> kept;
  size_t suppressed = 0;
  for (Finding& f : lint.findings) {
    bool keep = true;
    if (f.repo && f.path) {
      auto it = changed.by_repo.find(*f.repo);
      if (it != changed.by_repo.end()) keep = it->second.count(*f.path) > 0;
    }
    if (!keep) continue;
    if (f.suppressed) ++suppressed;
    kept.push_back(std::move(f));
  }
  lint.findings = std::move(kept);
  lint.suppressed = suppressed;
}

}  // namespace driftlint
