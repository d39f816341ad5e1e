// The parse cache on a fresh checkout of a git repository: parses found by
// the blob ids git's index records (git/worktree_index.h).
#include <git2.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "git/repository.h"
#include "load/cache_test_support.h"
#include "load/loader.h"
#include "load/parse_cache.h"
#include "load/parse_pack_format.h"
#include "testing/git_repo.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

std::string names(const LoadResult& r) {
  std::string out;
  for (const Manifest& m : r.manifests) out += r.files[m.file].path + ": " + m.id.display() + "\n";
  return out;
}

// A disk tree that counts the files it reads.
class CountingDiskTree : public DiskTree {
 public:
  using DiskTree::DiskTree;
  Expected<FileContent> read(const std::string& path, uint64_t max_bytes) const override {
    ++reads;
    return DiskTree::read(path, max_bytes);
  }
  mutable std::atomic<int> reads{0};
};

// A git repository of two files, loaded as a checkout through the parse
// cache; the disk tree counts what it reads.
class WorktreeBlobIdsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    repo_.write("apps/a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");
    repo_.write("apps/b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n");
    repo_.commit_all("one");
    auto git = GitRepository::open(repo_.dir().string());
    ASSERT_TRUE(git);
    git_ = *git;
  }
  LoadResult load_checkout() { return load_folder(repo_.dir(), cache_dir_, true, tree_, git_); }
  std::string pack() const { return ParseCache(cache_dir_.string(), LoadOptions().parse_limits).pack_path(tree_->cache_identity()); }

  Workspace workspace_;
  fs::path cache_dir_ = workspace_.path_of("cache");
  TestGitRepo repo_{workspace_.path_of("git")};
  std::shared_ptr<GitRepository> git_;
  std::shared_ptr<CountingDiskTree> tree_ = std::make_shared<CountingDiskTree>(repo_.dir().string());
};

// A fresh checkout (a CI run with the cache restored) gives every file a new
// inode and new times, so no stamp matches the pack's. Where git's index
// recorded the file's stat, the parse is taken by the blob id it names: the
// file is neither read nor hashed, and the pack is not written again for
// fingerprints alone.
TEST_F(WorktreeBlobIdsTest, AFreshCheckoutTakesItsParsesByTheBlobIdsInGitsIndex) {
  LoadResult cold = load_checkout();
  EXPECT_EQ(cold.files_from_cache(), 0u);
  ino_t written = inode_of(pack());
  ASSERT_NE(written, 0u);

  fs::remove_all(repo_.dir() / "apps");
  repo_.git("checkout -- apps");  // new inodes and times, recorded in the index
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // settled (fs/file_stamp.h)
  // The index written after the files (within the same clock tick they would
  // be racily clean, and found by content instead, as git itself does).
  repo_.git("update-index --really-refresh");
  tree_->reads = 0;
  LoadResult fresh = load_checkout();
  EXPECT_EQ(tree_->reads, 0);
  EXPECT_EQ(fresh.files_from_cache(), 2u);
  for (const LoadedFile& f : fresh.files) EXPECT_TRUE(f.by_index_id) << f.path;
  EXPECT_EQ(names(fresh), names(cold));
  EXPECT_EQ(inode_of(pack()), written);  // not written again

  repo_.write("apps/b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n");  // not in the index
  tree_->reads = 0;
  LoadResult edited = load_checkout();
  EXPECT_EQ(tree_->reads, 1);
  ASSERT_EQ(edited.manifests.size(), 2u);
  EXPECT_EQ(edited.manifests[1].id.name, "c");
  ino_t after = inode_of(pack());
  ASSERT_NE(after, 0u);
  EXPECT_NE(after, written);  // a new file's parse is kept
  LoadResult again = load_checkout();  // both from the pack written with the edit
  EXPECT_EQ(again.files_from_cache(), 2u);
  EXPECT_EQ(names(again), names(edited));
}

// In a checkout whose stamps changed for some files only (a branch switched
// to and back, files touched), those files are found by the blob ids in
// git's index once, and the pack is written again with their new stamps:
// the next run takes every file by its stamp, without reading the index.
TEST_F(WorktreeBlobIdsTest, StampsChangedForSomeFilesAreWrittenDown) {
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // settled: the first run records stamps
  LoadResult cold = load_checkout();
  ino_t written = inode_of(pack());
  ASSERT_NE(written, 0u);

  fs::remove(repo_.dir() / "apps/a.yaml");
  repo_.git("checkout -- apps/a.yaml");  // a new inode and times for a.yaml only
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  repo_.git("update-index --really-refresh");
  tree_->reads = 0;
  LoadResult switched = load_checkout();
  EXPECT_EQ(tree_->reads, 0);
  ASSERT_EQ(switched.files.size(), 2u);
  EXPECT_TRUE(switched.files[0].by_index_id);
  EXPECT_FALSE(switched.files[1].by_index_id);
  // a.yaml's new stamp, in a delta beside the pack (load/parse_pack_format.h)
  std::string delta = pack_format::delta_path_of(pack());
  EXPECT_EQ(inode_of(pack()), written);
  ino_t delta_written = inode_of(delta);
  ASSERT_NE(delta_written, 0u);

  LoadResult again = load_checkout();
  EXPECT_EQ(tree_->reads, 0);
  EXPECT_EQ(again.files_from_cache(), 2u);
  for (const LoadedFile& f : again.files) EXPECT_FALSE(f.by_index_id) << f.path;
  EXPECT_EQ(names(again), names(cold));
  EXPECT_EQ(inode_of(delta), delta_written);  // nothing changed since
}

// Plants a blob of `text` as the blob of `path` in the repo's index, the
// stat recorded beside it kept: what git's index says is what a run takes.
// Returns the blob's id.
std::string plant_in_index(const fs::path& repo, const std::string& path, const std::string& text) {
  git_libgit2_init();
  git_repository* raw = nullptr;
  git_index* index = nullptr;
  EXPECT_EQ(git_repository_open(&raw, repo.c_str()), 0);
  EXPECT_EQ(git_repository_index(&index, raw), 0);
  const git_index_entry* found = git_index_get_bypath(index, path.c_str(), 0);
  EXPECT_NE(found, nullptr);
  if (found == nullptr) return {};
  git_index_entry entry = *found;
  EXPECT_EQ(git_blob_create_from_buffer(&entry.id, raw, text.data(), text.size()), 0);
  char hex[GIT_OID_HEXSZ + 1];
  std::string id = git_oid_tostr(hex, sizeof hex, &entry.id);
  EXPECT_EQ(git_index_add(index, &entry), 0);
  EXPECT_EQ(git_index_write(index), 0);
  git_index_free(index);
  git_repository_free(raw);
  git_libgit2_shutdown();
  return id;
}

// Without a cache, a pull-request run still names each file by its content
// (the base's blobs take the head's parses by it): where git's index
// recorded the file's stat, by the blob id it names, without hashing; an
// edited file by its hash. With a cache, every file read is hashed.
TEST_F(WorktreeBlobIdsTest, WithoutACacheContentIdsComeFromGitsIndexWithOneTheyAreHashes) {
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // settled (fs/file_stamp.h)
  repo_.write("apps/b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n");  // edited: not as the index says
  // The index written after the files, so a.yaml is not racily clean; its
  // entry names another blob than its bytes hash to, as no real index does.
  std::string planted = plant_in_index(repo_.dir(), "apps/a.yaml", "planted\n");
  EXPECT_NE(planted, content_id_of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"));
  RepoInput repo;
  repo.name = "r";
  repo.source = repo_.dir().string();
  repo.tree = tree_;
  repo.git = git_;
  LoadOptions options;
  options.jobs = 2;
  options.content_ids = true;
  LoadResult load = load_repos({repo}, options);
  ASSERT_EQ(load.files.size(), 2u);
  EXPECT_EQ(load.files[0].content_id, planted);
  EXPECT_EQ(load.files[1].content_id, content_id_of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n"));
  EXPECT_EQ(names(load), "apps/a.yaml: ConfigMap a\napps/b.yaml: ConfigMap c\n");  // both read and parsed

  // An id the pack keeps names the bytes parsed: hashed, whatever the index says.
  ParseCache cache(cache_dir_.string(), options.parse_limits);
  options.cache = &cache;
  LoadResult cached = load_repos({repo}, options);
  ASSERT_EQ(cached.files.size(), 2u);
  EXPECT_EQ(cached.files[0].content_id, content_id_of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"));
}

// A .gitattributes may have git store blobs other than the files' bytes
// (line ends, filters), and WorktreeIndex::read refuses only the tracked
// ones: one the listing meets, or one in a folder above the repo's in its
// checkout, has the files hashed.
TEST_F(WorktreeBlobIdsTest, AnUntrackedGitattributesHasTheFilesHashed) {
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // settled (fs/file_stamp.h)
  std::string planted = plant_in_index(repo_.dir(), "apps/a.yaml", "planted\n");
  std::string hashed = content_id_of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");
  LoadOptions options;
  options.jobs = 2;
  options.content_ids = true;
  auto load_a = [&](const std::string& folder) {
    RepoInput repo;
    repo.name = "r";
    repo.source = (repo_.dir() / folder).string();
    repo.tree = std::make_shared<DiskTree>(repo.source);
    repo.git = git_;
    repo.git_folder = folder;
    LoadResult load = load_repos({repo}, options);
    return load.files.empty() ? std::string() : load.files[0].content_id;
  };
  EXPECT_EQ(load_a("apps"), planted);  // the repo is the checkout's folder apps/
  repo_.write(".gitattributes", "* text=auto\n");  // untracked, above the repo's folder
  EXPECT_EQ(load_a("apps"), hashed);
  std::filesystem::remove(repo_.dir() / ".gitattributes");
  repo_.write("apps/sub/.gitattributes", "*.yaml -text\n");  // untracked, in the repo
  EXPECT_EQ(load_a("apps"), hashed);
  std::filesystem::remove_all(repo_.dir() / "apps/sub");
  EXPECT_EQ(load_a("apps"), planted);
}

}  // namespace
}  // namespace driftlint
