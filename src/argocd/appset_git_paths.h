// Paths as the git generator sees a repo: the directories Argo CD's repo
// server lists (every folder, hidden ones and what is below them left out,
// in filepath.WalkDir's order), Go's path.Match for `directories`, git's
// pathspec matching for `files` (`git ls-files -- PATTERN`: '*' crosses
// '/', a plain folder name takes what is below it), and Go's path.Dir and
// path.Base for the `path` parameters.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace driftlint {

// Go's path.Match; nullopt for a malformed pattern (ErrBadPattern).
std::optional<bool> go_path_match(std::string_view pattern, std::string_view name);

// Whether `git ls-files -- pattern` lists `path` (both relative to the repo root).
bool git_pathspec_match(std::string_view pattern, std::string_view path);

// Go's path.Dir and path.Base ("a/b" -> "a", "b"; "c" -> ".", "c").
std::string go_path_dir(std::string_view path);
std::string go_path_base(std::string_view path);

// The folders that hold `files` (repo-relative file paths) and their parents,
// without "" and without hidden folders (a segment starting with '.') or
// anything below one, in the order filepath.WalkDir visits them.
std::vector<std::string> walk_order_directories(const std::vector<std::string>& files);

// The part of a glob pattern before its first special character.
std::string_view literal_prefix(std::string_view pattern);

}  // namespace driftlint
