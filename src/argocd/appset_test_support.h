// For the ApplicationSet tests: repos held in memory, loaded as a run loads
// them, and one ApplicationSet of theirs expanded (with a snapshot when given).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "argocd/appset.h"
#include "git/url.h"

namespace driftlint {

using Files = std::map<std::string, std::string>;

struct AppSetFixture {
  LoadResult load;
  std::unique_ptr<LoadIndex> index;
  std::optional<SnapshotLoad> snapshot;

  // Repo "infra" at `url` (and "other" at https://git.example/org/other.git when given).
  explicit AppSetFixture(Files files, Files other_files = {}, std::string git_folder = "") {
    std::vector<RepoInput> repos;
    auto add = [&](std::string name, Files f, std::string url, std::string folder) {
      RepoInput repo;
      repo.name = std::move(name);
      repo.source = "memory";
      repo.url = std::move(url);
      repo.git_folder = std::move(folder);
      repo.tree = std::make_shared<MemoryTree>(std::move(f));
      repos.push_back(std::move(repo));
    };
    add("infra", std::move(files), "https://git.example/org/infra.git", git_folder);
    if (!other_files.empty()) add("other", std::move(other_files), "https://git.example/org/other.git", "");
    load = load_repos(std::move(repos), LoadOptions{});
    index = std::make_unique<LoadIndex>(load);
  }

  void with_snapshot(const std::string& yaml) { snapshot = load_snapshot_text(yaml, "snapshot.yaml"); }

  int repo_for_url(const std::string& url) const {
    for (size_t r = 0; r < load.repos.size(); ++r) {
      if (same_git_repo(*load.repos[r].url, url)) return static_cast<int>(r);
    }
    return -1;
  }

  const Manifest* set(const std::string& name) const {
    for (const Manifest& m : load.manifests) {
      if (m.id.kind == "ApplicationSet" && m.id.name == name) return &m;
    }
    return nullptr;
  }

  // Within `budget` when given, else the default limits.
  AppSetExpansion expand(const std::string& name, AppSetBudget* budget = nullptr) const {
    const Manifest* m = set(name);
    EXPECT_NE(m, nullptr) << "no ApplicationSet " << name;
    if (!m) return {};
    AppSetInputs inputs{load, *index, snapshot ? &snapshot->snapshot : nullptr,
                        [this](const std::string& url) { return repo_for_url(url); }, budget};
    return expand_application_set(*m, inputs);
  }
};

inline std::vector<std::string> names_of(const AppSetExpansion& e) {
  std::vector<std::string> out;
  for (const Application& a : e.apps) out.push_back(a.name);
  return out;
}

inline const Application* app_named(const AppSetExpansion& e, const std::string& name) {
  for (const Application& a : e.apps) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

// The notes and the errors (what Argo CD refuses), one a line.
inline std::string notes_of(const AppSetExpansion& e) {
  std::string out;
  for (const std::string& n : e.notes) out += n + "\n";
  for (const std::string& n : e.errors) out += "error: " + n + "\n";
  return out;
}

}  // namespace driftlint
