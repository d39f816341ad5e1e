#include "argocd/appset_reach.h"

#include "base/files.h"
#include "render/closure.h"

#include <algorithm>
#include <set>

#include "argocd/application.h"
#include "fs/repo_path.h"

namespace driftlint {

namespace {

void source_reach(const EditNode& source, const std::string& set,
                  const std::function<int(const std::string&)>& repo_for_url, std::vector<AppSetReach>& out) {
  const EditNode* url = source.find("repoURL");
  const EditNode* path = source.find("path");
  if (!url || !url->is_string()) return;
  int repo = -1;
  if (url->text.find("{{") == std::string::npos) {
    repo = repo_for_url(url->text);
    if (repo < 0) return;  // a repo this run did not load: none of its files are judged
  }
  if (!path && source.find("chart")) return;  // a chart from a Helm repository
  std::string prefix;
  if (path && !path->is_null()) {
    size_t open = path->text.find("{{");
    if (open == std::string::npos) {
      prefix = normalize_app_path(path->text);
      if (!prefix.empty()) prefix += "/";
    } else {
      prefix = path->text.substr(0, open);
      while (prefix.rfind("./", 0) == 0) prefix.erase(0, 2);
      while (!prefix.empty() && prefix.front() == '/') prefix.erase(0, 1);
    }
  }
  AppSetReach r{repo, prefix, set};
  if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(std::move(r));
}

// Marks what a kustomization builds from (its closure, as a build reads it).
void mark_kustomization(const LoadResult& load, uint32_t repo, const std::string& dir, const LoadIndex& index,
                        std::vector<bool>& marked) {
  KustomizeClosure closure = kustomize_closure(*load.repos[repo].tree, dir, kDefaultMaxFileBytes);
  for (const std::string& path : closure.files) {
    if (std::optional<uint32_t> f = index.file(repo, path)) marked[*f] = true;
  }
}

}  // namespace

std::vector<AppSetReach> template_reach(const EditNode& tmpl, yaml::Node template_patch, const std::string& set,
                                        const std::function<int(const std::string&)>& repo_for_url) {
  std::vector<AppSetReach> out;
  std::string patch = template_patch.is_scalar() ? std::string(template_patch.text()) : "";
  if (patch.find("source") != std::string::npos || patch.find("repoURL") != std::string::npos) {
    // A patch can point the app anywhere: its sources are known only once rendered.
    return {AppSetReach{-1, "", set}};
  }
  const EditNode* spec = tmpl.find("spec");
  if (!spec) return out;
  if (const EditNode* sources = spec->find("sources"); sources && !sources->items.empty()) {
    for (const EditNode& s : sources->items) source_reach(s, set, repo_for_url, out);
  } else if (const EditNode* source = spec->find("source")) {
    source_reach(*source, set, repo_for_url, out);
  }
  return out;
}

std::vector<bool> files_in_reach(const std::vector<AppSetReach>& reach, const LoadResult& load, const LoadIndex& index) {
  std::vector<bool> marked(load.files.size(), false);
  if (reach.empty()) return marked;
  for (uint32_t f = 0; f < load.files.size(); ++f) {
    const LoadedFile& file = load.files[f];
    std::string path = join_path(load.repos[file.repo].git_folder, file.path);
    marked[f] = std::any_of(reach.begin(), reach.end(), [&](const AppSetReach& r) {
      return (r.repo < 0 || static_cast<uint32_t>(r.repo) == file.repo) && path.compare(0, r.prefix.size(), r.prefix) == 0;
    });
  }
  std::vector<bool> direct = marked;
  for (uint32_t f = 0; f < load.files.size(); ++f) {
    if (!direct[f]) continue;
    const std::string& path = load.files[f].path;
    std::string dir = parent_of(path);
    std::optional<uint32_t> k = index.kustomization_in(load.files[f].repo, dir);
    if (k && *k == f) mark_kustomization(load, load.files[f].repo, dir, index, marked);
  }
  return marked;
}

}  // namespace driftlint
