#include "git/worktree_index.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "git/repository.h"
#include "testing/git_repo.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

FileStamp stamp_at(const fs::path& file) {
  struct stat st;
  EXPECT_EQ(::lstat(file.c_str(), &st), 0) << file;
  return stamp_of(st);
}

std::unique_ptr<const WorktreeIndex> index_of(const TestGitRepo& repo) {
  auto git = GitRepository::open(repo.dir().string());
  EXPECT_TRUE(git) << (git ? "" : git.error().message);
  return git ? WorktreeIndex::read(**git) : nullptr;
}

// One checkout whose files have settled (fs/file_stamp.h: two seconds
// without a change), shared by the tests that need real stamps to match.
class SettledCheckout : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    workspace_ = new Workspace();
    repo_ = new TestGitRepo(workspace_->path_of("repo"));
    repo_->write("apps/a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");
    repo_->write("apps/b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n");
    repo_->commit_all("one");
    repo_->write("untracked.yaml", "kind: Namespace\n");
    std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  }
  static void TearDownTestSuite() {
    delete repo_;
    delete workspace_;
  }
  static fs::path file(const std::string& path) { return repo_->dir() / path; }

  static Workspace* workspace_;
  static TestGitRepo* repo_;
};
Workspace* SettledCheckout::workspace_ = nullptr;
TestGitRepo* SettledCheckout::repo_ = nullptr;

TEST_F(SettledCheckout, AFileAsGitLastSawItIsNamedByItsBlobId) {
  auto index = index_of(*repo_);
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(index->size(), 2u);
  EXPECT_EQ(index->blob_id("apps/a.yaml", stamp_at(file("apps/a.yaml"))), repo_->rev_parse("HEAD:apps/a.yaml"));
  EXPECT_EQ(index->blob_id("apps/b.yaml", stamp_at(file("apps/b.yaml"))), repo_->rev_parse("HEAD:apps/b.yaml"));
  EXPECT_EQ(index->blob_id("untracked.yaml", stamp_at(file("untracked.yaml"))), "");
  EXPECT_EQ(index->blob_id("apps/a.yaml", stamp_at(file("apps/b.yaml"))), "");  // another file's stat
}

// Any part of the stat that differs from what the index recorded: the file
// may have changed since.
TEST_F(SettledCheckout, EveryPartOfTheStatMustBeAsRecorded) {
  auto index = index_of(*repo_);
  ASSERT_NE(index, nullptr);
  const FileStamp real = stamp_at(file("apps/a.yaml"));
  ASSERT_NE(index->blob_id("apps/a.yaml", real), "");
  auto changed = [&](auto change) {
    FileStamp s = real;
    change(s);
    return index->blob_id("apps/a.yaml", s);
  };
  EXPECT_EQ(changed([](FileStamp& s) { s.size += 1; }), "");
  EXPECT_EQ(changed([](FileStamp& s) { s.modified.tv_nsec = (s.modified.tv_nsec + 1) % 1000000000; }), "");
  EXPECT_EQ(changed([](FileStamp& s) { s.modified.tv_sec -= 10; }), "");
  EXPECT_EQ(changed([](FileStamp& s) { s.changed.tv_sec -= 10; }), "");
  EXPECT_EQ(changed([](FileStamp& s) { s.changed.tv_nsec = (s.changed.tv_nsec + 1) % 1000000000; }), "");
  EXPECT_EQ(changed([](FileStamp& s) { s.inode += 1; }), "");
  EXPECT_EQ(changed([](FileStamp& s) { s.device += 1; }), "");
  EXPECT_EQ(changed([](FileStamp& s) { s = FileStamp(); }), "");  // none taken (a link)
}

// git's racy-clean rule: an index written no later than the file was last
// modified proves nothing of the file's bytes.
TEST_F(SettledCheckout, AFileModifiedNoEarlierThanTheIndexWasWrittenIsNotTrusted) {
  fs::path index_file = repo_->dir() / ".git" / "index";
  struct stat before;
  ASSERT_EQ(::stat(index_file.c_str(), &before), 0);
  const FileStamp a = stamp_at(file("apps/a.yaml"));
  struct timespec times[2] = {a.modified, a.modified};  // the index as old as the file
  ASSERT_EQ(::utimensat(AT_FDCWD, index_file.c_str(), times, 0), 0);
  auto index = index_of(*repo_);
  struct timespec restore[2] = {before.st_atim, before.st_mtim};
  ASSERT_EQ(::utimensat(AT_FDCWD, index_file.c_str(), restore, 0), 0);
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(index->blob_id("apps/a.yaml", a), "");
}

// A sparse checkout's file outside the cone (skip-worktree): git does not
// look at it in the work tree, so nothing vouches for what is there.
TEST_F(SettledCheckout, ASkipWorktreeFileIsNotVouchedFor) {
  repo_->git("update-index --skip-worktree apps/b.yaml");
  auto index = index_of(*repo_);
  repo_->git("update-index --no-skip-worktree apps/b.yaml");
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(index->size(), 1u);
  EXPECT_EQ(index->blob_id("apps/b.yaml", stamp_at(file("apps/b.yaml"))), "");
  EXPECT_EQ(index->blob_id("apps/a.yaml", stamp_at(file("apps/a.yaml"))), repo_->rev_parse("HEAD:apps/a.yaml"));
}

TEST(WorktreeIndexTest, AFileChangedInTheLastTwoSecondsIsNotTrusted) {
  Workspace w;
  TestGitRepo repo(w.path_of("repo"));
  repo.write("a.yaml", "kind: Namespace\n");
  repo.commit_all("one");
  auto index = index_of(repo);
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(index->size(), 1u);
  EXPECT_EQ(index->blob_id("a.yaml", stamp_at(repo.dir() / "a.yaml")), "");  // written just now
}

// Where git may convert bytes between the work tree and the blobs, a blob id
// need not name the file's bytes: the index is not used at all.
TEST(WorktreeIndexTest, NotTrustedWhereGitMayConvertTheBytes) {
  Workspace w;
  TestGitRepo repo(w.path_of("repo"));
  repo.write("a.yaml", "kind: Namespace\n");
  repo.commit_all("one");
  ASSERT_NE(index_of(repo), nullptr);
  for (const char* autocrlf : {"true", "input"}) {
    repo.git(std::string("config core.autocrlf ") + autocrlf);
    EXPECT_EQ(index_of(repo), nullptr) << autocrlf;
  }
  repo.git("config core.autocrlf false");
  ASSERT_NE(index_of(repo), nullptr);

  write_whole_file(repo.dir() / ".git" / "info" / "attributes", "*.yaml text eol=crlf\n");
  EXPECT_EQ(index_of(repo), nullptr);
  fs::remove(repo.dir() / ".git" / "info" / "attributes");

  repo.write("apps/.gitattributes", "*.yaml filter=lfs\n");
  repo.commit_all("attributes");
  EXPECT_EQ(index_of(repo), nullptr);
  repo.git("rm -q apps/.gitattributes");
  repo.git("commit -qm gone");
  ASSERT_NE(index_of(repo), nullptr);

  repo.git("config core.attributesFile " + (repo.dir() / "mine").string());
  write_whole_file(repo.dir() / "mine", "* text\n");
  EXPECT_EQ(index_of(repo), nullptr);
}

TEST(WorktreeIndexTest, NoneForABareRepositoryOrAnIndexNotReadWhole) {
  Workspace w;
  TestGitRepo repo(w.path_of("repo"));
  repo.write("a.yaml", "kind: Namespace\n");
  repo.commit_all("one");
  repo.git("update-index --split-index");  // most entries in a shared file
  EXPECT_EQ(index_of(repo), nullptr);
  repo.git("update-index --no-split-index");
  ASSERT_NE(index_of(repo), nullptr);
  write_whole_file(repo.dir() / ".git" / "index", "DIRC damaged");
  EXPECT_EQ(index_of(repo), nullptr);
  ASSERT_EQ(std::system(("git clone -q --bare '" + repo.dir().string() + "' '" + w.path_of("bare.git").string() +
                         "' >/dev/null 2>&1").c_str()),
            0);
  auto bare = GitRepository::open(w.path_of("bare.git").string());
  ASSERT_TRUE(bare);
  EXPECT_EQ(WorktreeIndex::read(**bare), nullptr);
}

}  // namespace
}  // namespace driftlint
