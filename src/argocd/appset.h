// ApplicationSets expanded offline: each generator's parameters, the
// template rendered with them, one Application per parameter set. What
// cannot be expanded without a cluster or a network (SCM providers, pull
// requests, plugins) is said in a note, and the set is marked incomplete so
// that the files it could deploy are never called undeployed.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "argocd/application.h"
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
};

struct AppSetExpansion {
  std::vector<Application> apps;
  std::vector<std::string> notes;  // one line each: what was not expanded, and why
  // False when a generator could not be expanded: the set may deploy more
  // than `apps` says.
  bool complete = true;
};

AppSetExpansion expand_application_set(const Manifest& set, const AppSetInputs& inputs);

}  // namespace driftlint
