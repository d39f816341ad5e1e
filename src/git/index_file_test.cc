#include "git/index_file.h"

#include <git2.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "base/files.h"
#include "git/owned.h"
#include "testing/git_repo.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

// What a test compares of an entry, read either way.
struct Seen {
  std::string path;
  std::string id;  // raw
  uint32_t mode, size, mtime_seconds, mtime_nanoseconds, ctime_seconds, ctime_nanoseconds, inode, device;
  unsigned stage;
  bool intent_to_add, skip_worktree;
  auto tied() const {
    return std::tie(path, id, mode, size, mtime_seconds, mtime_nanoseconds, ctime_seconds, ctime_nanoseconds, inode, device,
                    stage, intent_to_add, skip_worktree);
  }
  bool operator==(const Seen& o) const { return tied() == o.tied(); }
};

std::ostream& operator<<(std::ostream& out, const Seen& s) {
  return out << s.path << " stage " << s.stage << " mode " << std::oct << s.mode << std::dec << " size " << s.size
             << (s.intent_to_add ? " intent-to-add" : "") << (s.skip_worktree ? " skip-worktree" : "");
}

std::string index_bytes(const TestGitRepo& repo) {
  Expected<std::string> bytes = read_regular_file((repo.dir() / ".git" / "index").string(), uint64_t{1} << 30);
  EXPECT_TRUE(bytes);
  return bytes ? *bytes : std::string();
}

Expected<std::vector<Seen>> ours(std::string_view bytes) {
  std::vector<Seen> out;
  Status s = read_index_entries(bytes, [&](const IndexEntry& e) {
    out.push_back({std::string(e.path), std::string(reinterpret_cast<const char*>(e.id), 20), e.mode, e.size,
                   e.mtime_seconds, e.mtime_nanoseconds, e.ctime_seconds, e.ctime_nanoseconds, e.inode, e.device,
                   e.stage, e.intent_to_add, e.skip_worktree});
    return true;
  });
  if (!s) return s.error();
  return out;
}

// libgit2's reading of the same file: the reference.
std::vector<Seen> libgit2s(const TestGitRepo& repo) {
  git_libgit2_init();
  Owned<git_index, git_index_free> index;
  EXPECT_EQ(git_index_open(index.out(), (repo.dir() / ".git" / "index").c_str()), 0);
  std::vector<Seen> out;
  for (size_t i = 0; index.ptr && i < git_index_entrycount(index.ptr); ++i) {
    const git_index_entry* e = git_index_get_byindex(index.ptr, i);
    out.push_back({e->path, std::string(reinterpret_cast<const char*>(e->id.id), 20), e->mode, e->file_size,
                   static_cast<uint32_t>(e->mtime.seconds), e->mtime.nanoseconds, static_cast<uint32_t>(e->ctime.seconds),
                   e->ctime.nanoseconds, e->ino, e->dev, static_cast<unsigned>(GIT_INDEX_ENTRY_STAGE(e)),
                   (e->flags_extended & GIT_INDEX_ENTRY_INTENT_TO_ADD) != 0,
                   (e->flags_extended & GIT_INDEX_ENTRY_SKIP_WORKTREE) != 0});
  }
  git_libgit2_shutdown();
  return out;
}

// A checkout whose index holds every kind of entry: nested and executable
// files, a link, an intent-to-add file, a skip-worktree one and a conflict's
// three stages.
class EveryKindOfEntry : public ::testing::Test {
 protected:
  void SetUp() override {
    repo_.write("a.yaml", "kind: A\n");
    repo_.write("apps/team/deep/b.yaml", "kind: B\n");
    repo_.write("run.sh", "#!/bin/sh\n");
    fs::permissions(repo_.dir() / "run.sh", fs::perms::owner_exec, fs::perm_options::add);
    fs::create_symlink("a.yaml", repo_.dir() / "link.yaml");
    repo_.write("conflict.yaml", "v: base\n");
    repo_.commit_all("base");
    repo_.conflict("conflict.yaml");
    repo_.write("added.yaml", "kind: C\n");
    repo_.git("add -N added.yaml");
    repo_.git("update-index --skip-worktree apps/team/deep/b.yaml");
  }
  Workspace workspace_;
  TestGitRepo repo_{workspace_.path_of("repo")};
};

TEST_F(EveryKindOfEntry, EachVersionReadsAsLibgit2ReadsIt) {
  // Intent-to-add and skip-worktree need version 3's extended flags: version 2 is read below.
  for (int version : {3, 4}) {
    repo_.git("update-index --index-version " + std::to_string(version));
    std::string bytes = index_bytes(repo_);
    ASSERT_EQ(bytes[7], version);
    Expected<std::vector<Seen>> read = ours(bytes);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(*read, libgit2s(repo_)) << "version " << version;
    EXPECT_EQ(read->size(), 8u);  // 5 committed (one in 3 stages), intent-to-add
  }
}

// A path of 4095 bytes or more, which the flags cannot count: git puts it
// in the index (it never checks out such a path). libgit2 1.5 refuses a
// version 4 index that holds one, so there its read of version 3 is the reference.
TEST_F(EveryKindOfEntry, APathLongerThanTheFlagsCountIsReadWhole) {
  std::string long_path;
  while (long_path.size() < 5000) long_path += "folder-with-a-long-name/";
  long_path += "x.yaml";
  repo_.git("update-index --add --cacheinfo 100644," + repo_.rev_parse("HEAD:a.yaml") + "," + long_path);
  repo_.git("update-index --index-version 3");
  Expected<std::vector<Seen>> three = ours(index_bytes(repo_));
  ASSERT_TRUE(three) << three.error().message;
  EXPECT_EQ(*three, libgit2s(repo_));
  EXPECT_EQ(std::count_if(three->begin(), three->end(), [&](const Seen& s) { return s.path == long_path; }), 1);
  repo_.git("update-index --index-version 4");
  Expected<std::vector<Seen>> four = ours(index_bytes(repo_));
  ASSERT_TRUE(four) << four.error().message;
  EXPECT_EQ(*four, *three);
}

// A checkout of two files, one in a folder, committed.
class TwoFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    repo_.write("a.yaml", "kind: A\n");
    repo_.write("apps/b.yaml", "kind: B\n");
    repo_.commit_all("one");
  }
  Workspace workspace_;
  TestGitRepo repo_{workspace_.path_of("repo")};
};

TEST_F(TwoFiles, VersionTwoReadsAsLibgit2ReadsIt) {
  repo_.write("apps/c-with-a-name-of-odd-length.yaml", "kind: C\n");
  repo_.commit_all("two");
  repo_.git("update-index --index-version 2");
  std::string bytes = index_bytes(repo_);
  ASSERT_EQ(bytes[7], 2);
  Expected<std::vector<Seen>> read = ours(bytes);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(*read, libgit2s(repo_));
  EXPECT_EQ(read->size(), 3u);
}

// Whatever is cut off, the reader stops with an error or has read every
// entry; cut or broken, it never reads past the bytes (the sanitizers' build
// runs this).
TEST_F(EveryKindOfEntry, ACutOrBrokenIndexIsAnErrorNeverAnOverread) {
  for (int version : {3, 4}) {
    repo_.git("update-index --index-version " + std::to_string(version));
    std::string bytes = index_bytes(repo_);
    std::vector<Seen> whole = *ours(bytes);
    for (size_t cut = 0; cut < bytes.size(); ++cut) {
      std::string part = bytes.substr(0, cut);
      Expected<std::vector<Seen>> read = ours(part);
      // Read without an error only when every entry was there (the count
      // is the header's), cut among the extensions that follow them.
      if (read) EXPECT_EQ(*read, whole) << "version " << version << " cut at " << cut;
    }
    for (size_t at = 0; at < bytes.size(); at += 3) {
      std::string broken = bytes;
      broken[at] = static_cast<char>(~broken[at]);
      (void)ours(broken);
    }
  }
}

TEST(IndexFileTest, WhatIsNoIndexOrNotOneToReadIsNamed) {
  EXPECT_EQ(ours("").error().message, "index: not a git index (no DIRC header)");
  EXPECT_EQ(ours(std::string(40, 'x')).error().message, "index: not a git index (no DIRC header)");
  std::string v5 = std::string("DIRC\0\0\0\5\0\0\0\0", 12) + std::string(20, '\0');
  EXPECT_EQ(ours(v5).error().message, "index: version 5 (2, 3 and 4 are read)");
  std::string one_entry = std::string("DIRC\0\0\0\2\0\0\0\1", 12) + std::string(20, '\0');
  EXPECT_EQ(ours(one_entry).error().message, "index: entry 1 ends past the file");
  // Version 4 drops more of the previous path than there is.
  std::string entry(62, '\0');
  entry[61] = 1;  // a name of one byte
  std::string v4 = std::string("DIRC\0\0\0\4\0\0\0\1", 12) + entry + "\x05" + "a" + '\0' + std::string(20, '\0');
  EXPECT_EQ(ours(v4).error().message, "index: entry 1 drops more of the previous path than it has");
  // An extended flag git does not know (git dies on it: "unknown index entry format").
  std::string extended(64, '\0');
  extended[60] = 0x40;  // the extended bit of the flags
  extended[61] = 1;     // a name of one byte
  extended[62] = 0x10;  // 0x1000: no flag git knows
  std::string v3 = std::string("DIRC\0\0\0\3\0\0\0\1", 12) + extended + "a" + std::string(7, '\0') + std::string(20, '\0');
  EXPECT_EQ(ours(v3).error().message, "index: entry 1 has extended flags git does not know");
  v3[12 + 62] = 0x40;  // skip-worktree: known
  ASSERT_TRUE(ours(v3)) << ours(v3).error().message;
  EXPECT_TRUE(ours(v3)->at(0).skip_worktree);
}

// The cache tree's root: the tree `git commit` wrote from the entries, until
// an entry changes; then git invalidates it, and where a tree is written
// again (`git write-tree`) it is that tree.
TEST_F(TwoFiles, TheCacheTreesRootIsTheTreeTheEntriesMake) {
  auto root_of = [&](const std::string& bytes) {
    std::optional<IndexTreeRoot> root;
    Status s = read_index_entries(bytes, [](const IndexEntry&) { return true; }, &root);
    EXPECT_TRUE(s) << s.error().message;
    return root;
  };
  auto hex = [](const IndexTreeRoot& root) {
    git_oid id;
    git_oid_fromraw(&id, root.id.data());
    char out[GIT_OID_HEXSZ + 1];
    return std::string(git_oid_tostr(out, sizeof out, &id));
  };
  for (int version : {2, 3, 4}) {
    repo_.git("update-index --index-version " + std::to_string(version));
    std::optional<IndexTreeRoot> root = root_of(index_bytes(repo_));
    ASSERT_TRUE(root) << "version " << version;
    EXPECT_EQ(hex(*root), repo_.rev_parse("HEAD^{tree}"));
    EXPECT_EQ(root->entries, 2u);
  }
  repo_.write("apps/c.yaml", "kind: C\n");
  repo_.git("add apps/c.yaml");
  EXPECT_FALSE(root_of(index_bytes(repo_)));  // invalidated ("-1")
  repo_.git("write-tree >/dev/null");
  std::optional<IndexTreeRoot> written = root_of(index_bytes(repo_));
  ASSERT_TRUE(written);
  EXPECT_EQ(written->entries, 3u);
  EXPECT_NE(hex(*written), repo_.rev_parse("HEAD^{tree}"));
}

TEST(IndexFileTest, AMalformedCacheTreeRootIsNamed) {
  std::string header = std::string("DIRC\0\0\0\2\0\0\0\0", 12);
  auto with_tree = [&](const std::string& data) {
    std::string size(4, '\0');
    size[3] = static_cast<char>(data.size());
    return header + "TREE" + size + data + std::string(20, '\0');
  };
  auto read = [](const std::string& bytes, std::optional<IndexTreeRoot>& root) {
    return read_index_entries(bytes, [](const IndexEntry&) { return true; }, &root);
  };
  std::optional<IndexTreeRoot> root;
  std::string id(20, '\x11');
  ASSERT_TRUE(read(with_tree(std::string(1, '\0') + "0 0\n" + id), root));
  ASSERT_TRUE(root);
  EXPECT_EQ(root->entries, 0u);
  EXPECT_EQ(root->id[0], 0x11);
  ASSERT_TRUE(read(with_tree(std::string(1, '\0') + "-1 0\n"), root));
  EXPECT_FALSE(root);
  for (std::string bad : {std::string("a\0", 2) + "0 0\n" + id, std::string(1, '\0') + "0 0\n" + id.substr(1),
                          std::string(1, '\0') + "x 0\n" + id, std::string(1, '\0') + "0\n 0" + id,
                          std::string(1, '\0') + "99999999999 0\n" + id, std::string(1, '\0') + " 0\n" + id}) {
    EXPECT_EQ(read(with_tree(bad), root).error().message, "index: the cache tree's root record is malformed");
    EXPECT_FALSE(root);
  }
}

// A split index keeps most entries in a shared file, and a sparse one folds
// folders into single entries: neither is read, as libgit2 read neither.
TEST_F(TwoFiles, ASplitOrSparseIndexIsNotRead) {
  ASSERT_TRUE(ours(index_bytes(repo_)));
  repo_.git("update-index --split-index");
  EXPECT_EQ(ours(index_bytes(repo_)).error().message,
            "index: extension 'link' must be understood to read the entries (a split or sparse index)");
  repo_.git("update-index --no-split-index");
  ASSERT_TRUE(ours(index_bytes(repo_)));
  repo_.git("sparse-checkout set --cone --sparse-index apps");
  EXPECT_EQ(ours(index_bytes(repo_)).error().message,
            "index: extension 'sdir' must be understood to read the entries (a split or sparse index)");
}

}  // namespace
}  // namespace driftlint
