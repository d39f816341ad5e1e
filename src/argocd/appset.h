// ApplicationSets expanded offline, as Argo CD's ApplicationSet controller
// would: each generator's parameter sets (list, clusters, git directories
// and files, matrix, merge), the template (merged with a generator's own)
// rendered with each set through Go templates or fasttemplate, the
// templatePatch applied, one Application per set. What cannot be expanded
// without a cluster or a network (SCM providers, pull requests, plugins,
// cluster decision resources), or fails as it would fail in Argo CD, is said
// in one note each, and the set is marked incomplete with the repos and path
// prefixes its template could reach, so that the files it could deploy are
// never called undeployed. See docs/applicationsets.md.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "argocd/application.h"
#include "argocd/appset_budget.h"
#include "argocd/appset_reach.h"
#include "load/load_index.h"
#include "load/loader.h"
#include "snapshot/snapshot.h"

namespace driftlint {

struct AppSetInputs {
  const LoadResult& load;
  const LoadIndex& index;
  const Snapshot* snapshot = nullptr;  // cluster Secrets for the clusters generator
  // The loaded repo an URL names, or -1.
  std::function<int(const std::string& url)> repo_for_url;
  // The run's budget, shared by its sets; null: each set has the default limits to itself.
  AppSetBudget* budget = nullptr;
};

struct AppSetExpansion {
  std::vector<Application> apps;
  std::vector<std::string> notes;  // one line each: what was not expanded, and why
  // What Argo CD's controller refuses (the set, or some of its apps, are not
  // generated): an invalid generator, a file that does not parse, a template
  // that does not render, names missing or twice.
  std::vector<std::string> errors;
  // False when a generator could not be expanded: the set may deploy more
  // than `apps` says, from where `reach` says.
  bool complete = true;
  std::vector<AppSetReach> reach;
  // For the coverage report: the set's generators, those expanded whole,
  // and the clusters its clusters generators matched.
  size_t generators = 0, generators_expanded = 0, clusters_matched = 0;
  bool clusters = false;  // it has a clusters generator
};

AppSetExpansion expand_application_set(const Manifest& set, const AppSetInputs& inputs);

}  // namespace driftlint
