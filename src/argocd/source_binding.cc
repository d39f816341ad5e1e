#include "argocd/source_binding.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "argocd/render_requests.h"
#include "fs/repo_path.h"
#include "git/repository.h"

namespace driftlint {

namespace {

// The source's path relative to the loaded folder of its repo; a path that
// leaves the repo is refused (Argo CD refuses it too) and never read.
std::optional<std::string> folder_in_repo(AppSource& s, const RepoInput& input) {
  if (!s.path || s.has_chart) return std::nullopt;
  Expected<std::string> in_repo = app_path_in_repo(*s.path);
  if (!in_repo) {
    s.bound.refused = in_repo.error().message;
    s.bound.refused_node = s.path_node;
    return std::nullopt;
  }
  const std::string& p = *in_repo;
  const std::string& g = input.git_folder;
  if (g.empty()) return p;
  if (p == g) return std::string();
  if (path_is_under(p, g)) return p.substr(g.size() + 1);
  return std::nullopt;
}

bool is_commit_id(const std::string& text) {
  return text.size() == 40 &&
         std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

RevisionState state_of(const GitRepository::CommitRelation& relation) {
  if (!relation.found) return RevisionState::NotFetched;
  if (relation.ahead == 0 && relation.behind == 0) return RevisionState::Same;
  if (relation.behind == 0) return RevisionState::Ahead;
  if (relation.ahead == 0) return RevisionState::Behind;
  return RevisionState::Diverged;
}

// Files under the source's path that differ between the loaded and the live
// commit, and, for a dirty work tree read from disk, uncommitted changes there.
void collect_changed_files(const AppSource& source, const RepoInput& input, SourceRevision& state) {
  std::string prefix = source.path ? normalize_app_path(*source.path) : "";
  std::set<std::string> changed;
  if (state.state != RevisionState::Same && state.state != RevisionState::NotFetched) {
    auto files = input.git->changed_files(state.checked, state.live, true);
    if (!files) {
      state.error = files.error().message;
    } else {
      for (const std::string& p : *files) if (path_is_under(p, prefix)) changed.insert(p);
    }
  }
  if (input.dirty.get().value_or(false) && dynamic_cast<const DiskTree*>(input.tree.get()) &&
      state.state != RevisionState::NotFetched) {
    if (auto files = input.git->changed_files(state.live, std::nullopt, true)) {
      for (const std::string& p : *files) if (path_is_under(p, prefix)) changed.insert(p);
    }
  }
  state.changed.assign(changed.begin(), changed.end());
}

SourceRevision compare_revision(const AppSource& source, const RepoInput& input, const std::string& live) {
  SourceRevision state;
  state.live = live;
  if (!input.git || !input.commit) {
    state.state = RevisionState::NotGit;
    return state;
  }
  state.checked = *input.commit;
  Expected<GitRepository::CommitRelation> relation = input.git->relation(state.checked, state.live);
  if (!relation) {
    state.error = relation.error().message;
    return state;
  }
  state.ahead = relation->ahead;
  state.behind = relation->behind;
  state.state = state_of(*relation);
  collect_changed_files(source, input, state);
  return state;
}

// A Helm value file that resolves outside its repo refuses the source, at
// the `valueFiles` entry that names it.
void refuse_value_files_outside(const LoadResult& load, Application& app) {
  for (AppSource& source : app.sources) {
    if (!source.bound.refused.empty()) continue;
    for (yaml::Node f : source.node.path({"helm", "valueFiles"}).elements()) {
      std::string text = f.is_scalar() ? std::string(f.text()) : std::string();
      Expected<std::optional<HelmOptions::ValueFile>> file = resolve_value_file(app, source, text, load);
      if (file) continue;
      source.bound.refused = file.error().message;
      source.bound.refused_node = f;
      break;
    }
  }
}

}  // namespace

void bind_sources(const LoadResult& load, ArgoModel& model) {
  for (Application& app : model.apps) {
    for (size_t s = 0; s < app.sources.size(); ++s) {
      AppSource& source = app.sources[s];
      source.bound.repo = model.repo_for_url(source.repo_url);
      if (source.bound.repo < 0) continue;
      const RepoInput& input = load.repos[source.bound.repo];
      source.bound.folder = folder_in_repo(source, input);
      if (s < app.live_revisions.size() && is_commit_id(app.live_revisions[s])) {
        source.bound.revision = compare_revision(source, input, app.live_revisions[s]);
      }
    }
    refuse_value_files_outside(load, app);
  }
}

}  // namespace driftlint
