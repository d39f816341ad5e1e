// For tests: real git repositories made with the git CLI in a scratch folder.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli/test_driver.h"

namespace driftlint {

// A namespace-wide GPU quota (a namespace-gpu-quota warning) and a clean object.
inline constexpr const char* kQuota =
    "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: gpus\n  namespace: team-a\nspec:\n"
    "  hard:\n    requests.nvidia.com/gpu: \"4\"\n";
inline constexpr const char* kClean = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\ndata: {a: \"1\"}\n";

// A scratch folder under the system temp dir, unique per process and test,
// removed when the test ends.
class ScratchDir {
 public:
  ScratchDir() {
    path_ = std::filesystem::temp_directory_path() /
            ("driftlint-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// A git repository at `dir`, created on construction with branch main.
class TestRepo {
 public:
  explicit TestRepo(std::filesystem::path dir) : dir_(std::move(dir)) {
    std::filesystem::create_directories(dir_);
    git("init -q -b main");
    git("config user.email t@example.com");
    git("config user.name test");
    git("config commit.gpgsign false");
  }
  const std::filesystem::path& dir() const { return dir_; }

  void git(const std::string& args) const {
    std::string command = "git -C '" + dir_.string() + "' " + args + " >/dev/null 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
  }
  void write(const std::string& path, const std::string& text) const {
    std::filesystem::create_directories((dir_ / path).parent_path());
    std::ofstream(dir_ / path, std::ios::binary) << text;
  }
  void commit_all(const std::string& message) const {
    git("add -A");
    git("commit -qm '" + message + "'");
  }
  std::string rev_parse(const std::string& rev) const {
    std::filesystem::path out = dir_.parent_path() / (".rev-" + dir_.filename().string());
    std::string command = "git -C '" + dir_.string() + "' rev-parse " + rev + " > '" + out.string() + "'";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    std::string text = slurp(out);
    std::filesystem::remove(out);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
  }

 private:
  std::filesystem::path dir_;
};

}  // namespace driftlint
