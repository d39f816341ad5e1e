#include "base/files.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace driftlint {
namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(WriteFileAtomicallyTest, ReplacesAFileWhole) {
  fs::path dir = fs::temp_directory_path() / ("driftlint-files-" + std::to_string(getpid()));
  fs::create_directories(dir);
  ASSERT_TRUE(write_file_atomically((dir / "a.txt").string(), "one"));
  ASSERT_TRUE(write_file_atomically((dir / "a.txt").string(), "two"));
  EXPECT_EQ(read_all(dir / "a.txt"), "two");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);  // no temporaries left
  fs::remove_all(dir);
}

TEST(WriteFileAtomicallyTest, KeepsASymlinkAndReplacesItsTarget) {
  fs::path dir = fs::temp_directory_path() / ("driftlint-files-link-" + std::to_string(getpid()));
  fs::create_directories(dir);
  ASSERT_TRUE(write_file_atomically((dir / "target.txt").string(), "old"));
  fs::create_symlink("target.txt", dir / "link.txt");
  ASSERT_TRUE(write_file_atomically((dir / "link.txt").string(), "new"));
  EXPECT_TRUE(fs::is_symlink(dir / "link.txt"));
  EXPECT_EQ(read_all(dir / "target.txt"), "new");
  fs::remove_all(dir);
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
