// The parse cache on a fresh checkout of a git repository: parses found by
// the blob ids git's index records (git/worktree_index.h).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "git/repository.h"
#include "load/loader.h"
#include "load/parse_cache.h"
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

// A fresh checkout (a CI run with the cache restored) gives every file a new
// inode and new times, so no stamp matches the pack's. Where git's index
// recorded the file's stat, the parse is taken by the blob id it names: the
// file is neither read nor hashed, and the pack is not written again for
// fingerprints alone.
TEST(WorktreeBlobIdsTest, AFreshCheckoutTakesItsParsesByTheBlobIdsInGitsIndex) {
  Workspace workspace;
  fs::path cache_dir = workspace.path_of("cache");
  TestGitRepo repo(workspace.path_of("git"));
  repo.write("apps/a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");
  repo.write("apps/b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n");
  repo.commit_all("one");
  auto git = GitRepository::open(repo.dir().string());
  ASSERT_TRUE(git);
  auto tree = std::make_shared<CountingDiskTree>(repo.dir().string());
  auto load_checkout = [&] {
    RepoInput input;
    input.name = "r";
    input.tree = tree;
    input.git = *git;
    LoadOptions options;
    options.jobs = 2;
    ParseCache cache(cache_dir.string(), options.parse_limits);
    options.cache = &cache;
    return load_repos({input}, options);
  };
  LoadResult cold = load_checkout();
  EXPECT_EQ(cold.files_from_cache(), 0u);
  std::string pack = ParseCache(cache_dir.string(), LoadOptions().parse_limits).pack_path(tree->cache_identity());
  struct stat written;
  ASSERT_EQ(::stat(pack.c_str(), &written), 0);

  fs::remove_all(repo.dir() / "apps");
  repo.git("checkout -- apps");  // new inodes and times, recorded in the index
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // settled (fs/file_stamp.h)
  // The index written after the files (within the same clock tick they would
  // be racily clean, and found by content instead, as git itself does).
  repo.git("update-index --really-refresh");
  tree->reads = 0;
  LoadResult fresh = load_checkout();
  EXPECT_EQ(tree->reads, 0);
  EXPECT_EQ(fresh.files_from_cache(), 2u);
  for (const LoadedFile& f : fresh.files) EXPECT_TRUE(f.by_index_id) << f.path;
  EXPECT_EQ(names(fresh), names(cold));
  struct stat after;
  ASSERT_EQ(::stat(pack.c_str(), &after), 0);
  EXPECT_EQ(after.st_ino, written.st_ino);  // not written again

  repo.write("apps/b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n");  // not in the index
  tree->reads = 0;
  LoadResult edited = load_checkout();
  EXPECT_EQ(tree->reads, 1);
  ASSERT_EQ(edited.manifests.size(), 2u);
  EXPECT_EQ(edited.manifests[1].id.name, "c");
  ASSERT_EQ(::stat(pack.c_str(), &after), 0);
  EXPECT_NE(after.st_ino, written.st_ino);  // a new file's parse is kept
  LoadResult again = load_checkout();  // both from the pack written with the edit
  EXPECT_EQ(again.files_from_cache(), 2u);
  EXPECT_EQ(names(again), names(edited));
}

// In a checkout whose stamps changed for some files only (a branch switched
// to and back, files touched), those files are found by the blob ids in
// git's index once, and the pack is written again with their new stamps:
// the next run takes every file by its stamp, without reading the index.
TEST(WorktreeBlobIdsTest, StampsChangedForSomeFilesAreWrittenDown) {
  Workspace workspace;
  fs::path cache_dir = workspace.path_of("cache");
  TestGitRepo repo(workspace.path_of("git"));
  repo.write("apps/a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");
  repo.write("apps/b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n");
  repo.commit_all("one");
  auto git = GitRepository::open(repo.dir().string());
  ASSERT_TRUE(git);
  auto tree = std::make_shared<CountingDiskTree>(repo.dir().string());
  auto load_checkout = [&] {
    RepoInput input;
    input.name = "r";
    input.tree = tree;
    input.git = *git;
    LoadOptions options;
    options.jobs = 2;
    ParseCache cache(cache_dir.string(), options.parse_limits);
    options.cache = &cache;
    return load_repos({input}, options);
  };
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));  // settled: the first run records stamps
  LoadResult cold = load_checkout();
  std::string pack = ParseCache(cache_dir.string(), LoadOptions().parse_limits).pack_path(tree->cache_identity());
  struct stat written;
  ASSERT_EQ(::stat(pack.c_str(), &written), 0);

  fs::remove(repo.dir() / "apps/a.yaml");
  repo.git("checkout -- apps/a.yaml");  // a new inode and times for a.yaml only
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  repo.git("update-index --really-refresh");
  tree->reads = 0;
  LoadResult switched = load_checkout();
  EXPECT_EQ(tree->reads, 0);
  ASSERT_EQ(switched.files.size(), 2u);
  EXPECT_TRUE(switched.files[0].by_index_id);
  EXPECT_FALSE(switched.files[1].by_index_id);
  // a.yaml's new stamp, in a delta beside the pack (load/parse_pack_format.h)
  std::string delta = pack.substr(0, pack.size() - 5) + ".delta";
  struct stat after, delta_written;
  ASSERT_EQ(::stat(pack.c_str(), &after), 0);
  EXPECT_EQ(after.st_ino, written.st_ino);
  ASSERT_EQ(::stat(delta.c_str(), &delta_written), 0);

  LoadResult again = load_checkout();
  EXPECT_EQ(tree->reads, 0);
  EXPECT_EQ(again.files_from_cache(), 2u);
  for (const LoadedFile& f : again.files) EXPECT_FALSE(f.by_index_id) << f.path;
  EXPECT_EQ(names(again), names(cold));
  struct stat last;
  ASSERT_EQ(::stat(delta.c_str(), &last), 0);
  EXPECT_EQ(last.st_ino, delta_written.st_ino);  // nothing changed since
}

}  // namespace
}  // namespace driftlint
