// Pull-request mode: keep only findings in files that changed since a base
// revision (rules still see every file, since they need cross-file context).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "base/expected.h"
#include "lint/engine.h"
#include "load/loader.h"

namespace driftlint {

struct ChangedSince {
  std::string repo;  // empty: every repo in which the revision resolves
  std::string revision;
};

// "[REPO=]REV".
ChangedSince parse_changed_since(const std::string& spec);

struct ChangedFiles {
  std::map<std::string, std::set<std::string>> by_repo;  // repo -> changed paths, as the repo names them
  std::vector<std::string> notes;                         // repos left unfiltered, and why
};

// Diffs each selected repo's checked revision (or work tree) against the base.
// Errors when a named repo is missing, is not git, or the revision does not
// resolve there; or when, without a name, it resolves in no repo.
Expected<ChangedFiles> compute_changed_files(const LoadResult& load, const std::vector<ChangedSince>& specs);

// Drops findings that have a file outside the changed set of their repo.
void keep_changed_only(LintOutput& lint, const ChangedFiles& changed);

}  // namespace driftlint
