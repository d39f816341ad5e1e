// list_tree: the same listing at any thread count, on a real repository
// with more folders than the parts it is split into, and folders too deep.
#include "git/tree_listing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "git/owned.h"
#include "git/tree_listing_test_support.h"
#include "testing/git_repo.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

using OwnedRepository = Owned<git_repository, git_repository_free>;
using OwnedCommit = Owned<git_commit, git_commit_free>;
using OwnedTree = Owned<git_tree, git_tree_free>;

class TreeListingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    git_libgit2_init();  // counted: never shut down here, other tests' handles may live on
    // Three levels of folders, 4 x 5 x 3 of them (more than kTreeListingParts
    // at the third level), a file in each, a link, and two folders more below
    // one of the last.
    for (int a = 0; a < 4; ++a) {
      repo_.write("top-" + std::to_string(a) + ".yaml", "a: 1\n");
      for (int b = 0; b < 5; ++b) {
        std::string mid = "d" + std::to_string(a) + "/e" + std::to_string(b);
        repo_.write(mid + "/m.yaml", "b: " + std::to_string(b) + "\n");
        for (int c = 0; c < 3; ++c) repo_.write(mid + "/f" + std::to_string(c) + "/leaf.yaml", "c: 1\n");
      }
    }
    repo_.write("d3/e4/f2/g/h/deep.yaml", "d: 1\n");
    std::filesystem::create_symlink("top-0.yaml", repo_.dir() / "link.yaml");
    repo_.commit_all("tree");
    ASSERT_EQ(git_repository_open(repository_.out(), repo_.dir().c_str()), 0);
    git_oid id;
    ASSERT_EQ(git_oid_fromstr(&id, repo_.rev_parse("HEAD").c_str()), 0);
    ASSERT_EQ(git_commit_lookup(commit_.out(), repository_.ptr, &id), 0);
    ASSERT_EQ(git_commit_tree(tree_.out(), commit_.ptr), 0);
  }

  // Paths with their ids, in the listing's order: the same at any thread count.
  static std::vector<std::string> described(const TreeListing& listing) { return driftlint::described(listing.blobs); }

  Workspace w_;
  TestGitRepo repo_{w_.path_of("infra")};
  OwnedRepository repository_;
  OwnedCommit commit_;
  OwnedTree tree_;
};

TEST_F(TreeListingTest, EveryBlobOnceWithItsIdAtAnyThreadCount) {
  TreeListing one = list_tree(repository_.ptr, tree_.ptr, 2048, 1);
  std::vector<std::string> blobs = described(one);
  // 4 top files, 20 middle ones, 60 leaves, the deep one, the link.
  ASSERT_EQ(blobs.size(), 86u);
  EXPECT_EQ(std::set<std::string>(blobs.begin(), blobs.end()).size(), 86u);
  EXPECT_NE(std::find(blobs.begin(), blobs.end(), "d3/e4/f2/leaf.yaml " + repo_.rev_parse("HEAD:d3/e4/f2/leaf.yaml")),
            blobs.end());
  EXPECT_NE(std::find(blobs.begin(), blobs.end(), "link.yaml " + repo_.rev_parse("HEAD:link.yaml") + " link"),
            blobs.end());
  EXPECT_TRUE(one.too_deep.empty());
  EXPECT_TRUE(one.error.empty());
  for (unsigned threads : {2u, 3u, 8u}) {
    EXPECT_EQ(described(list_tree(repository_.ptr, tree_.ptr, 2048, threads)), blobs) << threads << " threads";
  }
}

TEST_F(TreeListingTest, FoldersTooDeepAreNotReadAndTheFirstIsNamed) {
  for (unsigned threads : {1u, 2u}) {
    // Depth 3 reads the root (0), d* (1) and d*/e* (2), not d*/e*/f* (3): found while splitting.
    TreeListing listing = list_tree(repository_.ptr, tree_.ptr, 3, threads);
    EXPECT_EQ(listing.blobs.size(), 25u) << threads << " threads";
    EXPECT_EQ(listing.too_deep, "d0/e0/f0") << threads << " threads";
    // Depth 5 reads d3/e4/f2/g, not its folder h: found by whoever walks that part.
    listing = list_tree(repository_.ptr, tree_.ptr, 5, threads);
    EXPECT_EQ(listing.blobs.size(), 85u) << threads << " threads";
    EXPECT_EQ(listing.too_deep, "d3/e4/f2/g/h") << threads << " threads";
  }
}

TEST_F(TreeListingTest, ARepositoryWithoutAFolderIsWalkedOnTheCallersHandle) {
  // A repository made in memory has no folder for a worker to open: the calling thread reads it all.
  OwnedRepository bare;
  Owned<git_odb, git_odb_free> odb;
  ASSERT_EQ(git_repository_odb(odb.out(), repository_.ptr), 0);
  ASSERT_EQ(git_repository_wrap_odb(bare.out(), odb.ptr), 0);
  OwnedTree tree;
  ASSERT_EQ(git_tree_lookup(tree.out(), bare.ptr, git_tree_id(tree_.ptr)), 0);
  EXPECT_EQ(described(list_tree(bare.ptr, tree.ptr, 2048, 4)), described(list_tree(repository_.ptr, tree_.ptr, 2048, 1)));
}

}  // namespace
}  // namespace driftlint
