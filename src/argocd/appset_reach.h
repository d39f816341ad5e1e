// Where an ApplicationSet that could not be expanded completely may still
// deploy from: each source of its template, with the literal part of its
// repoURL and path (what comes before the first "{{"). A loaded file such a
// set could reach is never called undeployed; every other file still is.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "argocd/yaml_edit.h"
#include "load/load_index.h"
#include "load/loader.h"

namespace driftlint {

struct AppSetReach {
  int repo = -1;       // a loaded repo, or -1 for any (the repoURL is templated)
  std::string prefix;  // of paths relative to the repo's git root; "" reaches the whole repo
  std::string set;     // the ApplicationSet's name
  bool operator==(const AppSetReach& o) const { return repo == o.repo && prefix == o.prefix && set == o.set; }
};

// The reach of a template (after the generator's own template was merged
// in). A templatePatch that touches sources makes the reach every repo.
std::vector<AppSetReach> template_reach(const EditNode& tmpl, yaml::Node template_patch, const std::string& set,
                                        const std::function<int(const std::string&)>& repo_for_url);

// Per loaded file: whether some reach may deploy it (a file below a prefix,
// or one a kustomization below a prefix builds from).
std::vector<bool> files_in_reach(const std::vector<AppSetReach>& reach, const LoadResult& load, const LoadIndex& index);

}  // namespace driftlint
