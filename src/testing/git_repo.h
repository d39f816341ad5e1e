// For tests: real git repositories made with the git CLI.
#pragma once

#include <filesystem>
#include <string>

namespace driftlint {

// What the git tests commit: a namespace-wide GPU quota (a
// namespace-gpu-quota warning) and a clean object.
inline constexpr const char* kQuota =
    "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: gpus\n  namespace: team-a\nspec:\n"
    "  hard:\n    requests.nvidia.com/gpu: \"4\"\n";
inline constexpr const char* kClean = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\ndata: {a: \"1\"}\n";

// A git repository at `dir` (usually in a Workspace), made on construction
// with branch main and a committer, so a test can write, commit and branch
// as a user would.
class TestGitRepo {
 public:
  explicit TestGitRepo(std::filesystem::path dir);
  const std::filesystem::path& dir() const { return dir_; }

  // Runs `git -C dir <args>` (`args` as a shell would split them); a failure fails the test.
  void git(const std::string& args) const;
  void write(const std::string& path, const std::string& text) const;
  void commit_all(const std::string& message) const;
  // The full commit id `rev` names.
  std::string rev_parse(const std::string& rev) const;
  // What the shell `script` prints, run in the repo's folder (trailing newlines cut).
  std::string output(const std::string& script) const;
  // Leaves `path` in conflict: changed on a branch "other" and on main
  // (checked out), then other merged into main.
  void conflict(const std::string& path) const;

 private:
  std::filesystem::path dir_;
};

}  // namespace driftlint
