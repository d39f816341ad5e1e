#include "base/files.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

TEST(WriteFileAtomicallyTest, ReplacesAFileWhole) {
  Workspace workspace;
  ASSERT_TRUE(write_file_atomically(workspace.path_of("a.txt").string(), "one"));
  ASSERT_TRUE(write_file_atomically(workspace.path_of("a.txt").string(), "two"));
  EXPECT_EQ(workspace.read("a.txt"), "two");
  // No temporaries left.
  EXPECT_EQ(std::distance(fs::directory_iterator(workspace.path()), fs::directory_iterator()), 1);
}

TEST(WriteFileAtomicallyTest, KeepsASymlinkAndReplacesItsTarget) {
  Workspace workspace;
  ASSERT_TRUE(write_file_atomically(workspace.path_of("target.txt").string(), "old"));
  fs::create_symlink("target.txt", workspace.path_of("link.txt"));
  ASSERT_TRUE(write_file_atomically(workspace.path_of("link.txt").string(), "new"));
  EXPECT_TRUE(fs::is_symlink(workspace.path_of("link.txt")));
  EXPECT_EQ(workspace.read("target.txt"), "new");
}

// `-o /dev/null` once renamed a regular file over the device (as root).
TEST(WriteFileAtomicallyTest, WritesThroughDevicesWithoutReplacingThem) {
  ASSERT_TRUE(write_file_atomically("/dev/null", "discarded"));
  struct stat st;
  ASSERT_EQ(stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

}  // namespace
}  // namespace driftlint
