#include "fs/folder_entries.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <map>

#include "testing/workspace.h"

namespace driftlint {
namespace {

std::map<std::string, unsigned char> entries_of(const std::string& folder, bool follow_link, int& error) {
  std::vector<char> buffer;
  FolderEntries entries(folder, follow_link, buffer);
  std::map<std::string, unsigned char> out;
  while (std::optional<FolderEntries::Entry> e = entries.next()) out[std::string(e->name)] = e->type;
  error = entries.error();
  return out;
}

TEST(FolderEntriesTest, ListsEachNameWithItsTypeAndNotTheDots) {
  Workspace w;
  w.write("f/a.yaml", "a: 1\n");
  w.write("f/sub/b.yaml", "b: 1\n");
  std::string folder = w.path_of("f").string();
  ASSERT_EQ(::symlink("a.yaml", (folder + "/link.yaml").c_str()), 0);
  int error = -1;
  std::map<std::string, unsigned char> got = entries_of(folder, false, error);
  EXPECT_EQ(error, 0);
  ASSERT_EQ(got.size(), 3u);
  // A file system may leave the type unknown (DT_UNKNOWN); the walk then stats.
  auto is = [&](const std::string& name, unsigned char type) { return got[name] == type || got[name] == DT_UNKNOWN; };
  EXPECT_TRUE(is("a.yaml", DT_REG));
  EXPECT_TRUE(is("sub", DT_DIR));
  EXPECT_TRUE(is("link.yaml", DT_LNK));
}

// More names than one read of the buffer holds: every one is handed out, once.
TEST(FolderEntriesTest, AFolderLargerThanOneReadIsListedWhole) {
  Workspace w;
  const std::string name_tail(100, 'x');
  for (int i = 0; i < 1000; ++i) w.write("big/" + std::to_string(i) + name_tail + ".yaml", "");
  int error = -1;
  std::map<std::string, unsigned char> got = entries_of(w.path_of("big").string(), false, error);
  EXPECT_EQ(error, 0);
  ASSERT_EQ(got.size(), 1000u);
  EXPECT_TRUE(got.count("999" + name_tail + ".yaml"));
}

TEST(FolderEntriesTest, ALinkToAFolderIsListedOnlyWhenAsked) {
  Workspace w;
  w.write("real/a.yaml", "a: 1\n");
  std::string link = w.path_of("link").string();
  ASSERT_EQ(::symlink(w.path_of("real").c_str(), link.c_str()), 0);
  int error = 0;
  EXPECT_TRUE(entries_of(link, false, error).empty());
  EXPECT_TRUE(error == ENOTDIR || error == ELOOP) << error;  // a folder a walk found, swapped for a link: not followed
  EXPECT_EQ(entries_of(link, true, error).size(), 1u);  // the root as the user named it
  EXPECT_EQ(error, 0);
}

TEST(FolderEntriesTest, AFolderThatCannotBeOpenedSaysWhy) {
  Workspace w;
  w.write("file.yaml", "a: 1\n");
  int error = 0;
  EXPECT_TRUE(entries_of(w.path_of("missing").string(), true, error).empty());
  EXPECT_EQ(error, ENOENT);
  EXPECT_TRUE(entries_of(w.path_of("file.yaml").string(), true, error).empty());
  EXPECT_EQ(error, ENOTDIR);
}

}  // namespace
}  // namespace driftlint
