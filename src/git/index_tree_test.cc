// index_tree and list_tree_from: the tree a checkout's index lists, and a
// revision's listing made from it and the folders that differ, each held to
// what list_tree reads from git on real repositories.
#include "git/index_tree.h"

#include <git2.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "base/files.h"
#include "git/index_file.h"
#include "git/repository.h"
#include "git/tree_listing_test_support.h"
#include "git/tree_walk.h"
#include "testing/git_repo.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;
using OwnedRepository = std::unique_ptr<git_repository, decltype(&git_repository_free)>;
using OwnedTree = std::unique_ptr<git_tree, decltype(&git_tree_free)>;

std::string hex_of(const unsigned char* raw) {
  git_oid id;
  git_oid_fromraw(&id, raw);
  char hex[GIT_OID_HEXSZ + 1];
  return git_oid_tostr(hex, sizeof hex, &id);
}

// Paths with their ids, sorted: what any order of listing must agree on.
std::vector<std::string> sorted_described(const std::vector<TreeBlob>& blobs) {
  std::vector<std::string> out = described(blobs);
  std::sort(out.begin(), out.end());
  return out;
}

bool sorted_by_path(const std::vector<TreeBlob>& blobs) {
  return std::is_sorted(blobs.begin(), blobs.end(), [](const TreeBlob& a, const TreeBlob& b) { return a.path < b.path; });
}

class IndexTreeTest : public ::testing::Test {
 protected:
  void SetUp() override { git_libgit2_init(); }  // counted: never shut down here

  std::string index_bytes() const {
    Expected<std::string> bytes = read_regular_file((repo_.dir() / ".git" / "index").string(), uint64_t{1} << 30);
    EXPECT_TRUE(bytes);
    return bytes ? *bytes : std::string();
  }
  std::optional<KnownTree> known(size_t max_depth = kMaxTreeDepth) const { return index_tree(index_bytes(), max_depth); }

  // Opens the repository afresh (objects written since are found) and looks up the tree of `rev`.
  OwnedTree tree_of(const std::string& rev) {
    git_repository* repository = nullptr;
    EXPECT_EQ(git_repository_open(&repository, repo_.dir().c_str()), 0);
    repository_.reset(repository);
    git_oid id;
    EXPECT_EQ(git_oid_fromstr(&id, repo_.rev_parse(rev + "^{tree}").c_str()), 0);
    git_tree* tree = nullptr;
    EXPECT_EQ(git_tree_lookup(&tree, repository_.get(), &id), 0);
    return OwnedTree(tree, git_tree_free);
  }
  std::vector<std::string> listed_by_git(const std::string& rev, size_t max_depth = kMaxTreeDepth) {
    OwnedTree tree = tree_of(rev);
    TreeListing listing = list_tree(repository_.get(), tree.get(), max_depth, 1);
    EXPECT_TRUE(listing.refused.empty() && listing.too_deep.empty() && listing.error.empty());
    return sorted_described(listing.blobs);
  }
  std::optional<TreeListing> listed_from_index(const std::string& rev, size_t max_depth = kMaxTreeDepth) {
    std::optional<KnownTree> index = known(max_depth);
    EXPECT_TRUE(index);
    if (!index) return std::nullopt;
    OwnedTree tree = tree_of(rev);
    return list_tree_from(repository_.get(), tree.get(), std::move(*index), max_depth);
  }
  // Lists `rev` from the index: what list_tree lists, sorted by path.
  void expect_listed_as_git_lists(const std::string& rev) {
    std::optional<TreeListing> listing = listed_from_index(rev);
    ASSERT_TRUE(listing) << rev;
    EXPECT_EQ(sorted_described(listing->blobs), listed_by_git(rev)) << rev;
    EXPECT_TRUE(sorted_by_path(listing->blobs)) << rev;
    EXPECT_TRUE(listing->refused.empty() && listing->too_deep.empty() && listing->error.empty());
  }
  // A commit of a tree made with `git mktree` (`entries` as it reads them).
  std::string crafted(const std::string& entries, const std::string& flags = "") {
    workspace_.write("entries", entries);
    std::string tree = git_out("git mktree " + flags + " < '" + workspace_.path_of("entries").string() + "'");
    return git_out("git commit-tree " + tree + " -m crafted");
  }
  // A tree object written as `entries` are (git_odb_write checks nothing), its hex id.
  std::string raw_tree(const std::string& entries) {
    git_repository* repository = nullptr;
    EXPECT_EQ(git_repository_open(&repository, repo_.dir().c_str()), 0);
    OwnedRepository held(repository, git_repository_free);
    git_odb* odb = nullptr;
    EXPECT_EQ(git_repository_odb(&odb, repository), 0);
    git_oid id;
    EXPECT_EQ(git_odb_write(&id, odb, entries.data(), entries.size(), GIT_OBJECT_TREE), 0);
    git_odb_free(odb);
    return hex_of(id.id);
  }
  static std::string raw_id(const std::string& hex) {
    git_oid id;
    EXPECT_EQ(git_oid_fromstr(&id, hex.c_str()), 0);
    return std::string(reinterpret_cast<const char*>(id.id), 20);
  }
  std::string tree_of_commit(const std::string& commit) { return repo_.rev_parse(commit + "^{tree}"); }
  std::string git_out(const std::string& script) const {
    std::string out = repo_.output(script);
    EXPECT_EQ(out.size(), 40u) << script << ": " << out;
    return out;
  }

  Workspace workspace_;
  TestGitRepo repo_{workspace_.path_of("repo")};
  OwnedRepository repository_{nullptr, git_repository_free};
};

TEST_F(IndexTreeTest, TheIndexListsTheTreeItsCacheTreeNames) {
  repo_.write("a.yaml", "kind: A\n");
  repo_.write("apps/team/b.yaml", "kind: B\n");
  repo_.write("run.sh", "#!/bin/sh\n");
  fs::permissions(repo_.dir() / "run.sh", fs::perms::owner_exec, fs::perm_options::add);
  fs::create_symlink("a.yaml", repo_.dir() / "link.yaml");
  repo_.commit_all("one");
  // A submodule's commit (a gitlink): in the index and the tree, no blob.
  repo_.git("update-index --add --cacheinfo 160000," + repo_.rev_parse("HEAD") + ",vendor/sub");
  repo_.git("commit -qm submodule");
  for (int version : {2, 3, 4}) {
    repo_.git("update-index --index-version " + std::to_string(version));
    std::optional<KnownTree> index = known();
    ASSERT_TRUE(index) << "version " << version;
    EXPECT_EQ(hex_of(index->id.id), repo_.rev_parse("HEAD^{tree}"));
    EXPECT_EQ(sorted_described(index->blobs), listed_by_git("HEAD")) << "version " << version;
    EXPECT_TRUE(sorted_by_path(index->blobs));
    EXPECT_EQ(index->blobs.size(), 4u);  // the gitlink has none
  }
}

TEST_F(IndexTreeTest, NoTreeWhereTheIndexDoesNotVouchForOne) {
  repo_.write("a.yaml", "kind: A\n");
  repo_.write("apps/b.yaml", "kind: B\n");
  repo_.commit_all("one");
  ASSERT_TRUE(known());
  EXPECT_FALSE(known(1));  // apps/b.yaml is one folder deep: list_tree would not read apps at depth 1
  ASSERT_TRUE(known(2));
  repo_.write("apps/c.yaml", "kind: C\n");
  repo_.git("add apps/c.yaml");
  EXPECT_FALSE(known());  // staged: the root is invalidated
  repo_.git("write-tree");
  std::optional<KnownTree> written = known();  // a tree written from the entries again
  ASSERT_TRUE(written);
  EXPECT_EQ(written->blobs.size(), 3u);
  repo_.git("commit -qm two");
  repo_.write("d.yaml", "kind: D\n");
  repo_.git("add -N d.yaml");
  EXPECT_FALSE(known());  // intent-to-add
  repo_.git("rm -q --cached d.yaml");
  repo_.git("write-tree");
  ASSERT_TRUE(known());
  // The same index without its cache tree.
  std::string bytes = index_bytes();
  size_t tree = bytes.find("TREE", 12 + 62 * 3);
  ASSERT_NE(tree, std::string::npos);
  uint32_t size = static_cast<uint32_t>(static_cast<unsigned char>(bytes[tree + 4]) << 24 |
                                        static_cast<unsigned char>(bytes[tree + 5]) << 16 |
                                        static_cast<unsigned char>(bytes[tree + 6]) << 8 |
                                        static_cast<unsigned char>(bytes[tree + 7]));
  EXPECT_TRUE(index_tree(bytes, kMaxTreeDepth));
  EXPECT_FALSE(index_tree(bytes.erase(tree, 8 + size), kMaxTreeDepth));
  repo_.conflict("a.yaml");  // its three stages
  EXPECT_FALSE(known());
}

// A base revision listed from the checkout's index: every kind of change
// between the two trees, both ways round.
TEST_F(IndexTreeTest, ARevisionListsFromTheIndexAsGitListsIt) {
  repo_.write("keep.yaml", "kind: Keep\n");
  repo_.write("same/x.yaml", "x: 1\n");
  repo_.write("same/deep/y.yaml", "y: 1\n");
  repo_.write("changed.yaml", "v: 1\n");
  repo_.write("gone.yaml", "g: 1\n");
  repo_.write("gone-dir/a.yaml", "a: 1\n");
  repo_.write("gone-dir/sub/b.yaml", "b: 1\n");
  repo_.write("becomes-dir", "file: 1\n");
  repo_.write("becomes-file/d.yaml", "d: 1\n");
  repo_.write("mode.sh", "#!/bin/sh\n");
  repo_.write("mid/inner/e.yaml", "e: 1\n");
  repo_.write("mid/other/f.yaml", "f: 1\n");
  // Names that sort around a folder's '/': "a-b" and "a.b" before "a/", "a0" after.
  repo_.write("names/a-b.yaml", "n: 1\n");
  repo_.write("names/a.b", "n: 2\n");
  repo_.write("names/a/z.yaml", "n: 3\n");
  repo_.write("names/a0.yaml", "n: 4\n");
  fs::create_symlink("keep.yaml", repo_.dir() / "link.yaml");
  fs::create_symlink("keep.yaml", repo_.dir() / "link-then-file.yaml");
  repo_.write("tool/t.yaml", "t: 1\n");  // a folder the head makes a submodule
  repo_.commit_all("base");
  std::string base = repo_.rev_parse("HEAD");

  repo_.write("changed.yaml", "v: 2\n");
  fs::remove(repo_.dir() / "gone.yaml");
  fs::remove_all(repo_.dir() / "gone-dir");
  fs::remove(repo_.dir() / "becomes-dir");
  repo_.write("becomes-dir/c.yaml", "c: 1\n");
  fs::remove_all(repo_.dir() / "becomes-file");
  repo_.write("becomes-file", "file: 2\n");
  fs::permissions(repo_.dir() / "mode.sh", fs::perms::owner_exec, fs::perm_options::add);
  repo_.write("mid/inner/e.yaml", "e: 2\n");
  fs::remove_all(repo_.dir() / "names/a");
  fs::remove(repo_.dir() / "link.yaml");
  fs::create_symlink("changed.yaml", repo_.dir() / "link.yaml");
  fs::remove(repo_.dir() / "link-then-file.yaml");
  repo_.write("link-then-file.yaml", "now: a file\n");
  repo_.write("new.yaml", "new: 1\n");
  repo_.write("new-dir/n1.yaml", "n: 1\n");
  repo_.write("new-dir/sub/n2.yaml", "n: 2\n");
  fs::remove_all(repo_.dir() / "tool");
  repo_.commit_all("head");
  repo_.git("update-index --add --cacheinfo 160000," + base + ",vendor/sub");
  repo_.git("update-index --add --cacheinfo 160000," + base + ",tool");
  repo_.git("commit -qm submodules");

  expect_listed_as_git_lists(base);    // the index is the head's
  expect_listed_as_git_lists("HEAD");  // the index's own tree: nothing read
  repo_.git("checkout -q " + base);
  expect_listed_as_git_lists("main");  // the other way round
  expect_listed_as_git_lists(base);
}

// Where the walk meets what list_tree reports, list_tree lists the tree (its
// order says which report comes first): a name git refuses, a folder that
// cannot be read, a folder too deep, an entry named twice.
TEST_F(IndexTreeTest, WhatListTreeWouldReportLeavesTheListingToIt) {
  repo_.write("ok.yaml", "kind: ConfigMap\n");
  repo_.write("a/b.yaml", "kind: ConfigMap\n");
  repo_.commit_all("checkout");
  std::string blob = repo_.rev_parse("HEAD:ok.yaml");
  std::string a = repo_.rev_parse("HEAD:a");
  std::string inner = tree_of_commit(crafted("100644 blob " + blob + "\tescaped.yaml\n"));
  auto ok = "100644 blob " + blob + "\tok.yaml\n";
  EXPECT_FALSE(listed_from_index(crafted("040000 tree " + inner + "\t..\n" + ok)));
  EXPECT_FALSE(listed_from_index(crafted("040000 tree " + inner + "\t.GIT\n" + ok)));
  EXPECT_FALSE(listed_from_index(crafted("040000 tree 1111111111111111111111111111111111111111\tgone\n" + ok, "--missing")));
  EXPECT_FALSE(listed_from_index(crafted(ok + ok)));
  // Inside a folder that differs: a/ holds a refused name, or a folder twice.
  std::string bad_a = tree_of_commit(crafted("040000 tree " + inner + "\t.git\n100644 blob " + blob + "\tb.yaml\n"));
  EXPECT_FALSE(listed_from_index(crafted("040000 tree " + bad_a + "\ta\n" + ok)));
  std::string twice_a = tree_of_commit(
      crafted("040000 tree " + inner + "\tsub\n040000 tree " + inner + "\tsub\n100644 blob " + blob + "\tb.yaml\n"));
  EXPECT_FALSE(listed_from_index(crafted("040000 tree " + twice_a + "\ta\n" + ok)));
  // A new folder, walked whole, with a refused name below.
  std::string bad_new = tree_of_commit(crafted("040000 tree " + inner + "\tdeeper\n040000 tree " + inner + "\t..\n"));
  EXPECT_FALSE(listed_from_index(crafted("040000 tree " + a + "\ta\n040000 tree " + bad_new + "\tnew\n" + ok)));
  // A new folder naming an entry twice (list_tree keeps both, the first first).
  std::string other = repo_.output("echo 'kind: Other' | git hash-object -w --stdin");
  std::string twice_new = tree_of_commit(crafted("100644 blob " + blob + "\tx.yaml\n100644 blob " + other + "\tx.yaml\n"));
  EXPECT_FALSE(listed_from_index(crafted("040000 tree " + a + "\ta\n040000 tree " + twice_new + "\tnew\n" + ok)));
  // Still listed from the index where nothing is wrong.
  std::optional<TreeListing> fine = listed_from_index(crafted("040000 tree " + a + "\ta\n040000 tree " + inner + "\tnew\n" + ok));
  ASSERT_TRUE(fine);
  EXPECT_EQ(fine->blobs.size(), 3u);
  // Folders too deep: new/deeper/escaped.yaml is two folders down.
  std::string two_down =
      crafted("040000 tree " + tree_of_commit(crafted("040000 tree " + inner + "\tdeeper\n")) + "\tnew\n" + ok);
  EXPECT_TRUE(listed_from_index(two_down, 3));
  EXPECT_FALSE(listed_from_index(two_down, 2));
}

// `git reset --hard` and `read-tree` record the id of the tree they check
// out as the cache tree's root, whatever that tree holds: a crafted commit's
// tree may list its entries out of order, name a folder twice, or hold an
// empty folder the index cannot show (here with a name git refuses). Its
// entries then make another tree, and nothing is listed from them.
TEST_F(IndexTreeTest, ACheckoutOfACraftedTreeIsNotTakenForTheIndexsTree) {
  repo_.write("b.yaml", "kind: B\n");
  repo_.write("c.yaml", "kind: C\n");
  repo_.write("apps/a.yaml", "kind: A\n");
  repo_.commit_all("base");
  repo_.git("reset -q --hard HEAD");
  ASSERT_TRUE(known());  // a tree git wrote: listed from the index
  std::string b = repo_.rev_parse("HEAD:b.yaml"), c = repo_.rev_parse("HEAD:c.yaml");
  std::string apps = repo_.rev_parse("HEAD:apps"), empty = raw_tree("");
  auto entry = [](const std::string& mode, const std::string& name, const std::string& id) {
    return mode + " " + name + std::string(1, '\0') + raw_id(id);
  };
  std::string blob_b = entry("100644", "b.yaml", b), blob_c = entry("100644", "c.yaml", c);
  std::string folder = entry("40000", "apps", apps);
  for (const std::string& tree : {raw_tree(blob_c + blob_b + folder),  // out of order
                                  raw_tree(folder + folder + blob_b),  // a folder twice
                                  raw_tree(folder + blob_b + blob_c + entry("40000", "x", raw_tree(entry("40000", ".git", empty))))}) {
    repo_.git("reset -q --hard " + repo_.output("git commit-tree " + tree + " -m crafted"));
    EXPECT_FALSE(known()) << tree;
  }
}

// An index whose entries name a file and a folder the same (d/b and d/b/c)
// is no tree git writes, whatever its cache tree says: here it says the
// very tree those entries hash to, and still nothing is listed from it.
TEST_F(IndexTreeTest, AFileAndAFolderOfOneNameAreNoTree) {
  repo_.write("d/b", "b\n");
  repo_.write("d/bxc", "c\n");
  repo_.commit_all("base");
  repo_.git("update-index --index-version 2");
  std::string bytes = index_bytes();
  size_t path = bytes.find("d/bxc");
  ASSERT_NE(path, std::string::npos);
  bytes.replace(path, 5, "d/b/c");  // the same length: the entry's layout holds
  auto hash = [](const std::string& entries) {
    git_oid id;
    EXPECT_EQ(git_odb_hash(&id, entries.data(), entries.size(), GIT_OBJECT_TREE), 0);
    return std::string(reinterpret_cast<const char*>(id.id), 20);
  };
  std::string nul(1, '\0');
  std::string b = raw_id(repo_.rev_parse("HEAD:d/b")), c = raw_id(repo_.rev_parse("HEAD:d/bxc"));
  std::string folder_b = hash("100644 c" + nul + c);
  std::string d = hash("100644 b" + nul + b + "40000 b" + nul + folder_b);  // git's order: "b" before "b/"
  std::string root = hash("40000 d" + nul + d);
  size_t tree = bytes.find("TREE", path);
  ASSERT_NE(tree, std::string::npos);
  size_t id_at = bytes.find('\n', tree) + 1;  // the root's record: "", NUL, "2 1", newline, its id
  bytes.replace(id_at, 20, root);
  std::optional<IndexTreeRoot> read_root;
  ASSERT_TRUE(read_index_entries(bytes, [](const IndexEntry&) { return true; }, &read_root));
  ASSERT_TRUE(read_root);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(read_root->id.data()), 20), root);
  EXPECT_FALSE(index_tree(bytes, kMaxTreeDepth));
}

// A revision far from the checkout is listed by list_tree: comparing reads
// two trees a folder on one thread, list_tree one on each. Here 300
// folders all differ; the comparison gives up after a quarter of them and
// 64 more, and one folder changed is still listed from the index.
TEST_F(IndexTreeTest, ARevisionFarFromTheCheckoutIsLeftToListTree) {
  for (int i = 0; i < 300; ++i) repo_.write("team-" + std::to_string(i) + "/app.yaml", "v: 1\n");
  repo_.commit_all("base");
  std::string base = repo_.rev_parse("HEAD");
  for (int i = 0; i < 300; ++i) repo_.write("team-" + std::to_string(i) + "/app.yaml", "v: 2\n");
  repo_.commit_all("every folder");
  std::optional<KnownTree> index = known();
  ASSERT_TRUE(index);
  EXPECT_EQ(index->folders, 301u);
  EXPECT_FALSE(listed_from_index(base));
  repo_.write("team-7/app.yaml", "v: 3\n");
  repo_.commit_all("one folder");
  expect_listed_as_git_lists("HEAD~1");
}

// What the index vouches for is not read again: a folder the base shares
// with the checkout is listed from the index even where git could no longer
// read it (its object gone from the repository), as a listing of the whole
// tree could not.
TEST_F(IndexTreeTest, AFolderTheBaseSharesIsNotReadFromGit) {
  repo_.write("ok.yaml", "kind: ConfigMap\n");
  repo_.write("apps/a.yaml", "kind: ConfigMap\n");
  repo_.commit_all("base");
  repo_.write("ok.yaml", "kind: Changed\n");
  repo_.commit_all("head");
  std::string apps = repo_.rev_parse("HEAD:apps");
  fs::remove(repo_.dir() / ".git" / "objects" / apps.substr(0, 2) / apps.substr(2));
  std::optional<TreeListing> listing = listed_from_index("HEAD~1");
  ASSERT_TRUE(listing);
  std::vector<std::string> paths;
  for (const TreeBlob& blob : listing->blobs) paths.push_back(blob.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"apps/a.yaml", "ok.yaml"}));
  auto git = GitRepository::open(repo_.dir().string());
  ASSERT_TRUE(git);
  auto tree = GitCommitTree::create(*git, repo_.rev_parse("HEAD~1"));
  ASSERT_TRUE(tree);
  FileListing files = (*tree)->list();
  EXPECT_EQ(files.files, (std::vector<std::string>{"apps/a.yaml", "ok.yaml"}));
  EXPECT_TRUE(files.errors.empty()) << files.errors[0];
}

}  // namespace
}  // namespace driftlint
