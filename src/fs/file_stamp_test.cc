#include "fs/file_stamp.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fs/file_tree.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

FileStamp stat_stamp(const std::string& path) {
  struct stat st;
  EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
  return stamp_of(st);
}

TEST(FileStampTest, AListingTakesEachFilesStampInItsOrderAndNoneForALink) {
  Workspace w;
  std::string repo = w.path_of("repo").string();
  w.write("repo/b/two.yaml", "kind: ConfigMap\n");
  w.write("repo/a.yaml", "kind: Namespace\n");
  w.write("repo/b/one.yml", "kind: Secret\n");
  ASSERT_EQ(::symlink("a.yaml", (repo + "/link.yaml").c_str()), 0);
  DiskTree tree(repo);
  FileListing listing = tree.list_stamped(2);
  ASSERT_EQ(listing.files, (std::vector<std::string>{"a.yaml", "b/one.yml", "b/two.yaml", "link.yaml"}));
  ASSERT_EQ(listing.stamps.size(), listing.files.size());
  for (size_t i = 0; i < 3; ++i) {
    FileStamp now = stat_stamp(repo + "/" + listing.files[i]);
    EXPECT_EQ(listing.stamps[i].size, now.size) << listing.files[i];
    EXPECT_EQ(listing.stamps[i].inode, now.inode) << listing.files[i];
    EXPECT_EQ(listing.stamps[i].modified.tv_nsec, now.modified.tv_nsec) << listing.files[i];
  }
  EXPECT_FALSE(listing.stamps[3].taken());  // a link is stamped by its path when it is read
  EXPECT_TRUE(tree.list_on(2).stamps.empty());  // a run without the cache takes none
}

// A file read from a disk tree carries the stamp it had while it was read
// (what git's index is compared with), the listing's; and a listing meets a
// .gitattributes, which may have git store other bytes than the files'.
TEST(FileStampTest, AReadCarriesTheFilesStampAndAListingSeesGitattributes) {
  Workspace w;
  std::string repo = w.path_of("repo").string();
  w.write("repo/a.yaml", "kind: Namespace\n");
  DiskTree tree(repo);
  Expected<FileContent> read = tree.read("a.yaml", 1 << 20);
  ASSERT_TRUE(read);
  EXPECT_TRUE(same_stamp(read->stamp, stat_stamp(repo + "/a.yaml")));
  EXPECT_FALSE(tree.list_on(2).attributes_file);
  w.write("repo/deep/er/.gitattributes", "* text=auto\n");
  EXPECT_TRUE(tree.list_on(2).attributes_file);
  EXPECT_TRUE(tree.list_stamped(1).attributes_file);
}

TEST(FileStampTest, SameStampComparesEveryField) {
  FileStamp a{10, {1, 2}, {3, 4}, 5, 6};
  EXPECT_TRUE(same_stamp(a, a));
  EXPECT_TRUE(same_stamp(FileStamp(), FileStamp()));
  EXPECT_FALSE(same_stamp(a, FileStamp()));
  for (int field = 0; field < 7; ++field) {
    FileStamp b = a;
    switch (field) {
      case 0: b.size = 11; break;
      case 1: b.modified.tv_sec = 9; break;
      case 2: b.modified.tv_nsec = 9; break;
      case 3: b.changed.tv_sec = 9; break;
      case 4: b.changed.tv_nsec = 9; break;
      case 5: b.inode = 9; break;
      default: b.device = 9; break;
    }
    EXPECT_FALSE(same_stamp(a, b)) << field;
  }
}

TEST(FileStampTest, AFingerprintNamesEveryPartAndNoneForAFreshOrMissingStamp) {
  EXPECT_EQ(fingerprint_of(FileStamp()), "");
  FileStamp stamp;
  stamp.size = 42;
  stamp.modified = {1000, 5};
  stamp.changed = {2000, 7};
  stamp.inode = 9;
  stamp.device = 3;
  EXPECT_EQ(fingerprint_of(stamp), "42:1000.5:2000.7:9:3");
  stamp.changed.tv_sec = time(nullptr);  // changed just now: the next change could keep the same times
  EXPECT_EQ(fingerprint_of(stamp), "");
}

}  // namespace
}  // namespace driftlint
