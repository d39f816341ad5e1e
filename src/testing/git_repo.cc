#include "testing/git_repo.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <utility>

#include "base/process.h"
#include "testing/workspace.h"

namespace driftlint {

TestGitRepo::TestGitRepo(std::filesystem::path dir) : dir_(std::move(dir)) {
  std::filesystem::create_directories(dir_);
  git("init -q -b main");
  git("config user.email t@example.com");
  git("config user.name test");
  git("config commit.gpgsign false");
}

void TestGitRepo::git(const std::string& args) const {
  std::string command = "git -C '" + dir_.string() + "' " + args + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
}

void TestGitRepo::write(const std::string& path, const std::string& text) const {
  write_whole_file(dir_ / path, text);
}

void TestGitRepo::commit_all(const std::string& message) const {
  git("add -A");
  git("commit -qm '" + message + "'");
}

std::string TestGitRepo::rev_parse(const std::string& rev) const {
  ProcessResult r = run_process({"git", "-C", dir_.string(), "rev-parse", rev});
  EXPECT_TRUE(r.ok()) << "git rev-parse " << rev << ": " << r.err;
  std::string text = r.out;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

std::string TestGitRepo::output(const std::string& script) const {
  std::string command = "cd '" + dir_.string() + "' && " + script;
  FILE* pipe = ::popen(command.c_str(), "r");
  std::string out;
  char buffer[256];
  while (pipe && fgets(buffer, sizeof buffer, pipe)) out += buffer;
  if (pipe) ::pclose(pipe);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

void TestGitRepo::conflict(const std::string& path) const {
  git("checkout -q -b other");
  write(path, "v: other\n");
  commit_all("other");
  git("checkout -q main");
  write(path, "v: main\n");
  commit_all("main");
  git("merge -q other >/dev/null 2>&1 || true");
}

}  // namespace driftlint
