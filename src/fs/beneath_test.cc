#include "fs/beneath.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "testing/workspace.h"

namespace driftlint {
namespace {

// A repo whose links point everywhere a pull request could point them, next
// to a folder outside it holding a secret.
struct LinkedRepo {
  Workspace w;
  std::string repo = w.path_of("repo").string();
  LinkedRepo() {
    w.write("outside/secret.yaml", "token: planted-secret\n");
    w.write("outside/kustomization.yaml", "resources: [secret.yaml]\n");
    w.write("repo/sub/b.yaml", "kind: ConfigMap\n");
    link("sub/b.yaml", "link-in.yaml");
    link("../outside/secret.yaml", "link-out.yaml");
    link("/etc/hostname", "link-abs.yaml");
    link("../outside", "dirlink");
    link("sub", "dirlink-in");
    link("loop-b.yaml", "loop-a.yaml");
    link("loop-a.yaml", "loop-b.yaml");
    link("sub/../../repo/sub/b.yaml", "climbs-back.yaml");
  }
  void link(const char* target, const char* name) const {
    EXPECT_EQ(::symlink(target, (repo + "/" + name).c_str()), 0) << name;
  }
};

TEST(BeneathTest, AFileOrALinkToAFileInsideIsRead) {
  LinkedRepo r;
  DiskTree tree(r.repo);
  EXPECT_EQ(tree.read("sub/b.yaml", 1 << 20)->text, "kind: ConfigMap\n");
  EXPECT_EQ(tree.read("link-in.yaml", 1 << 20)->text, "kind: ConfigMap\n");
}

TEST(BeneathTest, NoLinkLeadsOutAtAnyLevel) {
  LinkedRepo r;
  DiskTree tree(r.repo);
  auto refused = [&](const std::string& path, const std::string& why) {
    Expected<FileContent> content = tree.read(path, 1 << 20);
    ASSERT_FALSE(content) << path << " was read: " << content->text;
    EXPECT_NE(content.error().message.find(why), std::string::npos) << content.error().message;
  };
  refused("link-out.yaml", "outside the repo (not followed)");
  refused("link-abs.yaml", "outside the repo (not followed)");
  refused("climbs-back.yaml", "outside the repo (not followed)");  // its text leaves the repo, whatever it reaches
  refused("dirlink/secret.yaml", "symbolic link to a folder (not followed)");
  refused("dirlink-in/b.yaml", "symbolic link to a folder (not followed)");  // as at a revision
  refused("loop-a.yaml", "symbolic link loop");
  refused("../outside/secret.yaml", "not a clean path inside the repo");
  refused("sub/../../outside/secret.yaml", "not a clean path inside the repo");
  EXPECT_FALSE(tree.has_directory("dirlink"));
  EXPECT_FALSE(tree.has_directory("dirlink-in"));
  EXPECT_TRUE(tree.has_directory("sub"));
  EXPECT_EQ(tree.files_under("dirlink", 100)->size(), 0u);
}

TEST(BeneathTest, TheListingAgreesWithTheReads) {
  LinkedRepo r;
  FileListing listing = DiskTree(r.repo).list();
  EXPECT_EQ(listing.files, (std::vector<std::string>{"link-in.yaml", "sub/b.yaml"}));
  std::vector<std::string> skipped;
  for (const SkippedPath& s : listing.skipped) skipped.push_back(s.path);
  EXPECT_EQ(skipped, (std::vector<std::string>{"climbs-back.yaml", "link-abs.yaml", "link-out.yaml"}));
}

TEST(BeneathTest, LinksAreResolvedInsideTheRepo) {
  LinkedRepo r;
  RepoRoot root(r.repo);
  std::string target;
  EXPECT_EQ(root.resolve_link("link-in.yaml", target), LinkTarget::InRepo);
  EXPECT_EQ(target, "sub/b.yaml");
  EXPECT_EQ(root.resolve_link("link-out.yaml", target), LinkTarget::Outside);
  EXPECT_EQ(root.resolve_link("dirlink", target), LinkTarget::Outside);
  EXPECT_EQ(root.resolve_link("dirlink-in", target), LinkTarget::NotAFile);
  EXPECT_EQ(root.resolve_link("missing.yaml", target), LinkTarget::Broken);
  EXPECT_EQ(root.resolve_link("loop-a.yaml", target), LinkTarget::Loop);
}

}  // namespace
}  // namespace driftlint
