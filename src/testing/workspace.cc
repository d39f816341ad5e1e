#include "testing/workspace.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace driftlint {

namespace fs = std::filesystem;

namespace {

// "Suite.Test" of the running test ("/" of parameterized names made "_"), or
// "no-test" outside one.
std::string running_test_name() {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  if (test == nullptr) return "no-test";
  std::string name = std::string(test->test_suite_name()) + "." + test->name();
  std::replace(name.begin(), name.end(), '/', '_');
  return name;
}

}  // namespace

std::string read_whole_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_whole_file(const fs::path& path, const std::string& text) {
  if (path.has_parent_path()) fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) ADD_FAILURE() << "cannot write " << path;
}

Workspace::Workspace()
    : path_(fs::temp_directory_path() / ("driftlint-" + std::to_string(::getpid()) + "-" + running_test_name())) {
  fs::remove_all(path_);
  fs::create_directories(path_);
}

Workspace::~Workspace() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

void Workspace::write(const std::string& relative, const std::string& text) const {
  write_whole_file(path_of(relative), text);
}

std::string Workspace::read(const std::string& relative) const { return read_whole_file(path_of(relative)); }

fs::path Workspace::make_folder(const std::string& relative) const {
  fs::path folder = path_of(relative);
  fs::create_directories(folder);
  return folder;
}

}  // namespace driftlint
