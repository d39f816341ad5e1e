#include "base/process.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

namespace driftlint {
namespace {

// The build links every binary with a build id (CMakeLists.txt): the caches'
// writer is named by it, so a fresh install of the same build is the same writer.
TEST(ExecutableIdentityTest, IsTheBuildIdTheLinkerWrote) {
  std::string id = executable_build_id();
  ASSERT_EQ(id.size(), 40u) << id;  // sha1
  EXPECT_EQ(id.find_first_not_of("0123456789abcdef"), std::string::npos) << id;
  EXPECT_EQ(executable_identity(), "build-id:" + id);
  // What binutils reads from the file itself, when it is installed.
  std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  FILE* readelf = popen(("readelf -n '" + self + "' 2>/dev/null").c_str(), "r");
  ASSERT_NE(readelf, nullptr);
  std::string notes;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, readelf)) notes.append(buffer, n);
  pclose(readelf);
  if (!notes.empty()) EXPECT_NE(notes.find("Build ID: " + id), std::string::npos) << notes;
}

}  // namespace
}  // namespace driftlint
