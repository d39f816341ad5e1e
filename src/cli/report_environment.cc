#include "cli/report_environment.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "base/strings.h"
#include "cli/check_options.h"
#include "git/repository.h"

namespace driftlint::cli {

namespace {

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

// The repos whose checkout is the folder the workflow runs in.
std::vector<std::string> workspace_repos(const std::vector<RepoInput>& repos, const std::string& workspace) {
  std::vector<std::string> out;
  if (workspace.empty()) return out;
  std::error_code ec;
  std::filesystem::path home = std::filesystem::weakly_canonical(workspace, ec);
  if (ec) return out;
  for (const RepoInput& r : repos) {
    if (!r.git) continue;
    std::filesystem::path root = std::filesystem::weakly_canonical(r.git->workdir(), ec);
    if (!ec && root == home) out.push_back(r.name);
  }
  return out;
}

}  // namespace

int64_t report_time() {
  std::string fixed = env("SOURCE_DATE_EPOCH");
  if (!fixed.empty() && fixed.size() <= 12 && fixed.find_first_not_of("0123456789") == std::string::npos) {
    return std::stoll(fixed);
  }
  return static_cast<int64_t>(std::time(nullptr));
}

Status set_report_environment(ReportInput& input, const CheckOptions& o) {
  input.fail_on = o.fail_on;
  input.generated_at = report_time();
  input.max_annotations = o.max_annotations;
  input.max_markdown_chars = o.max_comment_size;
  std::error_code ec;
  std::filesystem::path cwd = std::filesystem::current_path(ec);
  if (!ec) input.working_dir = std::filesystem::weakly_canonical(cwd, ec).string();
  if (!o.sarif_repo.empty()) {
    std::vector<std::string> names;
    for (const RepoInput& r : input.load.repos) names.push_back(r.name);
    if (std::find(names.begin(), names.end(), o.sarif_repo) == names.end()) {
      return Error{"check: --sarif-repo " + o.sarif_repo + ": no such repo (the repos are " + join(names, ", ") + ")"};
    }
    input.sarif_repo = o.sarif_repo;
  }
  if (!env("GITHUB_ACTIONS").empty()) {
    input.github_repos = github_home_repos(input.load.repos, env("GITHUB_REPOSITORY"),
                                           workspace_repos(input.load.repos, env("GITHUB_WORKSPACE")));
  }
  return {};
}

Status write_github_step_summary(const ReportInput& input) {
  std::string path = env("GITHUB_STEP_SUMMARY");
  if (path.empty()) return {};
  std::string text = github_step_summary(input);
  if (text.empty()) return {};
  std::ofstream out(path, std::ios::app | std::ios::binary);
  out << text;
  out.close();
  if (!out) return Error{"$GITHUB_STEP_SUMMARY " + path + ": cannot write"};
  return {};
}

}  // namespace driftlint::cli
