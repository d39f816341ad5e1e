// A commit can hold tree entries git itself refuses (`..`, `.git` in any
// case): made with `git mktree`, they must never become a path.
#include <gtest/gtest.h>

#include "git/repository.h"
#include "testing/git_repo.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

// The commit of tree `root`, read as driftlint reads a revision; null (the
// test failed) when it cannot be made.
std::shared_ptr<GitCommitTree> commit_of(const TestGitRepo& repo, const std::string& root) {
  std::string commit = repo.output("git commit-tree " + root + " -m crafted");
  EXPECT_EQ(commit.size(), 40u) << commit;
  auto git = GitRepository::open(repo.dir().string());
  EXPECT_TRUE(git);
  if (!git) return nullptr;
  auto tree = GitCommitTree::create(*git, commit);
  EXPECT_TRUE(tree);
  return tree ? *tree : nullptr;
}

TEST(HostileTreeTest, EntriesGitRefusesAreNeverPaths) {
  Workspace w;
  TestGitRepo repo(w.path_of("infra"));
  std::string blob = repo.output("echo 'kind: ConfigMap' | git hash-object -w --stdin");
  std::string inner = repo.output("printf '100644 blob " + blob + "\\tescaped.yaml\\n' | git mktree");
  std::string root = repo.output("printf '040000 tree " + inner + "\\t..\\n040000 tree " + inner +
                                       "\\t.GIT\\n100644 blob " + blob + "\\tok.yaml\\n' | git mktree");
  auto tree = commit_of(repo, root);
  ASSERT_TRUE(tree);
  FileListing listing = tree->list();
  EXPECT_EQ(listing.files, std::vector<std::string>{"ok.yaml"});
  ASSERT_EQ(listing.errors.size(), 2u);
  EXPECT_NE(listing.errors[0].find("a tree entry named '..'"), std::string::npos) << listing.errors[0];
  EXPECT_NE(listing.errors[1].find("a tree entry named '.GIT'"), std::string::npos) << listing.errors[1];
  EXPECT_EQ(*tree->files_under("", 100), std::vector<std::string>{"ok.yaml"});
  EXPECT_FALSE(tree->read("../escaped.yaml", 1 << 20));
  EXPECT_FALSE(tree->has_directory(".."));
}

// The same from a checkout whose index lists its tree (git/index_tree.h):
// the refused names are met while the trees are compared, and the listing
// is list_tree's, with the same errors.
TEST(HostileTreeTest, EntriesGitRefusesAreNeverPathsBesideACheckout) {
  Workspace w;
  TestGitRepo repo(w.path_of("infra"));
  repo.write("ok.yaml", "kind: ConfigMap\n");
  repo.write("apps/a.yaml", "kind: ConfigMap\n");
  repo.commit_all("checkout");
  std::string blob = repo.output("git rev-parse HEAD:ok.yaml");
  std::string inner = repo.output("printf '100644 blob " + blob + "\\tescaped.yaml\\n' | git mktree");
  std::string apps = repo.output("printf '040000 tree " + inner + "\\t..\\n100644 blob " + blob +
                                       "\\ta.yaml\\n' | git mktree");
  std::string root = repo.output("printf '040000 tree " + apps + "\\tapps\\n040000 tree " + inner +
                                       "\\t.GIT\\n100644 blob " + blob + "\\tok.yaml\\n' | git mktree");
  auto tree = commit_of(repo, root);
  ASSERT_TRUE(tree);
  FileListing listing = tree->list();
  EXPECT_EQ(listing.files, (std::vector<std::string>{"apps/a.yaml", "ok.yaml"}));
  ASSERT_EQ(listing.errors.size(), 2u);
  EXPECT_NE(listing.errors[0].find(".GIT: a tree entry named '.GIT'"), std::string::npos) << listing.errors[0];
  EXPECT_NE(listing.errors[1].find("apps/..: a tree entry named '..'"), std::string::npos) << listing.errors[1];
}

// git fsck refuses a tree that names an entry twice; `git mktree` makes one.
TEST(HostileTreeTest, AnEntryNamedTwiceIsListedOnce) {
  Workspace w;
  TestGitRepo repo(w.path_of("infra"));
  std::string blob = repo.output("echo 'kind: ConfigMap' | git hash-object -w --stdin");
  std::string root = repo.output("printf '100644 blob " + blob + "\\ta.yaml\\n100644 blob " + blob +
                                       "\\ta.yaml\\n' | git mktree");
  auto tree = commit_of(repo, root);
  ASSERT_TRUE(tree);
  EXPECT_EQ(tree->list().files, std::vector<std::string>{"a.yaml"});
}

// A tree can name a subtree the repository does not hold (`git mktree
// --missing`; a shallow or damaged clone): said, and the rest is listed.
TEST(HostileTreeTest, AFolderThatCannotBeReadIsSaid) {
  Workspace w;
  TestGitRepo repo(w.path_of("infra"));
  std::string blob = repo.output("echo 'kind: ConfigMap' | git hash-object -w --stdin");
  std::string root = repo.output("printf '040000 tree 1111111111111111111111111111111111111111\\tgone\\n100644 blob " +
                                       blob + "\\tok.yaml\\n' | git mktree --missing");
  auto tree = commit_of(repo, root);
  ASSERT_TRUE(tree);
  FileListing listing = tree->list();
  EXPECT_EQ(listing.files, std::vector<std::string>{"ok.yaml"});
  ASSERT_EQ(listing.errors.size(), 1u);
  EXPECT_EQ(listing.errors[0].rfind("gone: cannot read the folder (", 0), 0u) << listing.errors[0];
}

// The same, below the folders read before the listing is shared out: the
// reason is libgit2's for the thread that met it, whatever the threads.
TEST(HostileTreeTest, AFolderThatCannotBeReadDeepInIsSaidTheSameAtAnyThreadCount) {
  Workspace w;
  TestGitRepo repo(w.path_of("infra"));
  std::string blob = repo.output("echo 'kind: ConfigMap' | git hash-object -w --stdin");
  std::string leaf = repo.output("printf '100644 blob " + blob + "\\tok.yaml\\n' | git mktree");
  std::string z = repo.output("printf '040000 tree 1111111111111111111111111111111111111111\\tgone\\n100644 blob " +
                                    blob + "\\tz.yaml\\n' | git mktree --missing");
  std::string entries;
  for (int i = 10; i < 50; ++i) entries += "040000 tree " + leaf + "\\td" + std::to_string(i) + "\\n";
  std::string root = repo.output("printf '" + entries + "040000 tree " + z + "\\tz\\n' | git mktree");
  auto tree = commit_of(repo, root);
  ASSERT_TRUE(tree);
  FileListing one = tree->list_on(1);
  ASSERT_EQ(one.files.size(), 41u);
  ASSERT_EQ(one.errors.size(), 1u);
  EXPECT_EQ(one.errors[0].rfind("z/gone: cannot read the folder (", 0), 0u) << one.errors[0];
  EXPECT_EQ(one.errors[0].find("unknown libgit2 error"), std::string::npos) << one.errors[0];
  for (unsigned threads : {2u, 4u}) {
    FileListing many = tree->list_on(threads);
    EXPECT_EQ(many.files, one.files) << threads;
    EXPECT_EQ(many.errors, one.errors) << threads;
  }
}

}  // namespace
}  // namespace driftlint
