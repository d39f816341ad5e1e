// The base of a pull-request run: every repo as it was at the base revision,
// read from its git object database (never checked out). A repo that is not
// a git repository, or in which the revision does not resolve, is read as it
// is: its findings then all count as already there.
#pragma once

#include <string>
#include <vector>

#include "base/expected.h"
#include "load/loader.h"

namespace driftlint {

struct ChangedSince {
  std::string repo;  // empty: every repo in which the revision resolves
  std::string revision;
};

// "[REPO=]REV".
ChangedSince parse_changed_since(const std::string& spec);

struct BaseRepos {
  std::vector<RepoInput> repos;  // one per head repo, in the same order
  std::vector<std::string> notes;  // repos read as they are, and why
};

// Errors when a named repo is missing, is not git, or the revision does not
// resolve there; or when, without a name, it resolves in no repo.
// `option` names the flag in messages ("--changed-since", "--base").
Expected<BaseRepos> repos_at_base(const std::vector<RepoInput>& head, const std::vector<ChangedSince>& specs,
                                  const std::string& option = "--changed-since");

}  // namespace driftlint
