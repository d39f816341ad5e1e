// display_path (report/report.h): a finding's file relative to where the user
// ran, when it is below there; the same answer whether or not the paths are
// plain enough for the string comparison that saves std::filesystem's work.
#include <gtest/gtest.h>

#include <filesystem>

#include "report/report.h"

namespace driftlint {
namespace {

// What display_path answered before it compared strings: std::filesystem's
// lexical operations, for every path.
std::string by_filesystem(const std::string& root, const std::string& path, const std::string& working_dir) {
  std::filesystem::path file = (std::filesystem::path(root) / path).lexically_normal();
  std::filesystem::path relative = file.lexically_relative(working_dir);
  if (relative.empty() || *relative.begin() == "..") return "infra/" + path;
  return relative.generic_string();
}

std::string shown(const std::string& root, const std::string& path, const std::string& working_dir) {
  LoadResult load;
  RepoInput repo;
  repo.name = "infra";
  repo.disk_root = root;
  load.repos.push_back(std::move(repo));
  LintOutput lint;
  ReportInput input{load, lint};
  input.working_dir = working_dir;
  Finding f;
  f.repo = "infra";
  f.path = path;
  return display_path(input, f);
}

TEST(DisplayPathTest, AFileBelowTheWorkingFolderIsShownFromThere) {
  EXPECT_EQ(shown("/w/infra", "apps/a.yaml", "/w/infra"), "apps/a.yaml");
  EXPECT_EQ(shown("/w/infra", "apps/a.yaml", "/w"), "infra/apps/a.yaml");
  EXPECT_EQ(shown("/w/infra", "apps/a.yaml", "/w/infra/apps"), "a.yaml");
  EXPECT_EQ(shown("/w/infra", "apps/a.yaml", "/"), "w/infra/apps/a.yaml");
}

TEST(DisplayPathTest, AFileElsewhereIsShownByRepo) {
  EXPECT_EQ(shown("/w/infra", "apps/a.yaml", "/w/infra/clusters"), "infra/apps/a.yaml");
  EXPECT_EQ(shown("/w/infra", "apps/a.yaml", "/w/inf"), "infra/apps/a.yaml");
  EXPECT_EQ(shown("/w/infra", "apps/a.yaml", "/w/infra/apps/a.yaml"), "infra/apps/a.yaml");
  EXPECT_EQ(shown("/w/infra", "apps/a.yaml", ""), "infra/apps/a.yaml");
}

TEST(DisplayPathTest, EveryShapeOfPathAnswersAsStdFilesystemDoes) {
  const std::vector<std::string> roots = {"/w/infra", "/w/infra/", "/", "/w/./infra", "/w/x/../infra", "w/infra", "."};
  const std::vector<std::string> paths = {"a.yaml",        "apps/a.yaml",   "apps//a.yaml", "./apps/a.yaml",
                                          "apps/../a.yaml", "../up/a.yaml", "apps/a.yaml/", ".hidden/a.yaml"};
  const std::vector<std::string> folders = {"/",          "/w",       "/w/",         "/w/infra", "/w/infra/apps",
                                            "/w/infra/.", "/w/inf",   "/w/infra/../infra", "/elsewhere"};
  for (const std::string& root : roots) {
    for (const std::string& path : paths) {
      for (const std::string& folder : folders) {
        EXPECT_EQ(shown(root, path, folder), by_filesystem(root, path, folder))
            << "root " << root << ", path " << path << ", working folder " << folder;
      }
    }
  }
}

}  // namespace
}  // namespace driftlint
