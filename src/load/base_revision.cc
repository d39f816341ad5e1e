#include "load/base_revision.h"

#include <algorithm>

#include "git/repository.h"

namespace driftlint {

ChangedSince parse_changed_since(const std::string& spec) {
  size_t eq = spec.find('=');
  if (eq == std::string::npos) return {"", spec};
  return {spec.substr(0, eq), spec.substr(eq + 1)};
}

namespace {

// The spec that applies to a repo: one naming it, else one naming none.
const ChangedSince* spec_for(const RepoInput& repo, const std::vector<ChangedSince>& specs) {
  const ChangedSince* general = nullptr;
  for (const ChangedSince& s : specs) {
    if (s.repo == repo.name) return &s;
    if (s.repo.empty() && !general) general = &s;
  }
  return general;
}

std::string who(const std::string& option, const ChangedSince& spec) {
  return option + " " + (spec.repo.empty() ? "" : spec.repo + "=") + spec.revision;
}

// The repo at the base commit; an error only when the spec names this repo.
Expected<std::optional<RepoInput>> at_base(const RepoInput& head, const ChangedSince& spec, const std::string& option,
                                           std::vector<std::string>& notes) {
  bool named = !spec.repo.empty();
  if (!head.git) {
    if (named) return Error{who(option, spec) + ": repo '" + head.name + "' is not a git repository"};
    notes.push_back("repo '" + head.name + "' is not a git repository: all its findings count as already there");
    return std::optional<RepoInput>();
  }
  Expected<std::string> commit = head.git->resolve_commit(spec.revision);
  if (!commit) {
    if (named) return Error{who(option, spec) + ": repo '" + head.name + "': " + commit.error().message};
    notes.push_back("revision '" + spec.revision + "' does not resolve in repo '" + head.name +
                    "': all its findings count as already there");
    return std::optional<RepoInput>();
  }
  Expected<std::shared_ptr<GitCommitTree>> tree = GitCommitTree::create(head.git, *commit, head.git_folder);
  if (!tree) return Error{who(option, spec) + ": repo '" + head.name + "': " + tree.error().message};
  RepoInput base = head;
  base.revision = spec.revision;
  base.commit = *commit;
  base.dirty = Eventually<bool>(false);
  base.tree = std::move(*tree);
  return std::optional<RepoInput>(std::move(base));
}

}  // namespace

Expected<BaseRepos> repos_at_base(const std::vector<RepoInput>& head, const std::vector<ChangedSince>& specs,
                                  const std::string& option) {
  BaseRepos out;
  for (const ChangedSince& spec : specs) {
    if (!spec.repo.empty() &&
        std::none_of(head.begin(), head.end(), [&](const RepoInput& r) { return r.name == spec.repo; })) {
      return Error{who(option, spec) + ": no repo named '" + spec.repo + "'"};
    }
  }
  bool resolved = false;
  for (const RepoInput& repo : head) {
    const ChangedSince* spec = spec_for(repo, specs);
    Expected<std::optional<RepoInput>> base = spec ? at_base(repo, *spec, option, out.notes) : std::optional<RepoInput>();
    if (!base) return base.error();
    resolved = resolved || base->has_value();
    out.repos.push_back(base->has_value() ? std::move(**base) : repo);
  }
  if (!resolved && !specs.empty()) {
    return Error{who(option, specs.front()) + ": the revision resolves in no git repo being checked"};
  }
  return out;
}

}  // namespace driftlint
