// A pull-request run without a cache loads the base after the head (load/loader.h,
// LoadOptions::reuse and content_ids): what it reads of the base.
#include <gtest/gtest.h>

#include <atomic>
#include <unordered_map>

#include "git/repository.h"
#include "load/load_index.h"
#include "load/loader.h"
#include "load/memory_repo.h"
#include "load/parse_cache.h"
#include "load/reused_parses.h"
#include "testing/git_repo.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

// A revision's tree, counting the blobs it is asked to read.
class CountingTree : public FileTree {
 public:
  explicit CountingTree(std::shared_ptr<const FileTree> inner) : inner_(std::move(inner)) {}
  FileListing list_on(unsigned threads) const override { return inner_->list_on(threads); }
  Expected<FileContent> read(const std::string& path, uint64_t max) const override {
    ++reads;
    return inner_->read(path, max);
  }
  bool has_directory(const std::string& path) const override { return inner_->has_directory(path); }
  std::optional<std::vector<std::string>> files_under(const std::string& folder, size_t max) const override {
    return inner_->files_under(folder, max);
  }
  std::string known_content_id(const std::string& path) const override { return inner_->known_content_id(path); }
  mutable std::atomic<int> reads{0};

 private:
  std::shared_ptr<const FileTree> inner_;
};

// A pull-request run without a cache loads the base after the head: a blob
// the head parsed (same id) is taken from the head, never read nor inflated.
TEST(RevisionReuseTest, ARevisionTakesTheHeadsParseOfTheSameBlobWithoutReadingIt) {
  Workspace workspace;
  TestGitRepo repo(workspace.path_of("git"));
  repo.write("apps/same.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: same}\n");
  repo.write("apps/deep/er/same.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deeper}\n");
  repo.write("apps/edited.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: before}\n");
  repo.commit_all("base");
  repo.write("apps/edited.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: after}\n");
  auto git = GitRepository::open(repo.dir().string());
  ASSERT_TRUE(git);
  auto commit = GitCommitTree::create(*git, repo.rev_parse("HEAD"));
  ASSERT_TRUE(commit);
  // Known from the tree, before and after it is listed: what content_id_of gives the text.
  EXPECT_EQ((*commit)->known_content_id("apps/deep/er/same.yaml"),
            content_id_of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deeper}\n"));

  RepoInput head;
  head.name = "r";
  head.source = repo.dir().string();
  head.tree = std::make_shared<DiskTree>(repo.dir().string());
  LoadOptions options;
  options.content_ids = true;  // no cache, as --no-cache
  LoadResult head_load = load_repos({head}, options);
  ParsedByContent parsed = parsed_by_content(head_load);
  ASSERT_EQ(parsed.files.size(), 3u);

  auto counting = std::make_shared<CountingTree>(*commit);
  RepoInput base = head;
  base.tree = counting;
  options.reuse = &parsed;
  LoadResult base_load = load_repos({base}, options);
  EXPECT_EQ(counting->reads, 1) << "only the edited file is read at the base";
  EXPECT_EQ((*commit)->known_content_id("apps/deep/er/same.yaml"),
            content_id_of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deeper}\n"));
  std::vector<std::string> names;
  for (const Manifest& m : base_load.manifests) names.push_back(m.id.name);
  EXPECT_EQ(names, (std::vector<std::string>{"deeper", "before", "same"}));
  for (const LoadedFile& f : base_load.files) EXPECT_GT(f.bytes, 0u) << f.path;
}

// The base's objects of a file it took from the head are the head's, copied
// and placed in the base's own file; a file whose name makes its document a
// build file (kustomization.yaml) is read for what it is at its own path.
TEST(RevisionReuseTest, TheObjectsOfATakenParseAreTheHeadsPlacedInTheBasesFiles) {
  const std::string objects =
      "apiVersion: v1\nkind: ConfigMapList\nitems:\n- metadata: {name: a}\n- metadata: {name: b}\n---\n"
      "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n---\n"
      "apiVersion: v1\nkind: Namespace\nmetadata: {name: team}\n";
  const std::string odd = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: odd}\n";
  LoadOptions options;
  options.content_ids = true;
  LoadResult head = load_memory_repo({{"h/objects.yaml", objects}, {"h/odd.yaml", odd}}, "r", "", options);
  ParsedByContent parsed = parsed_by_content(head);
  options.reuse = &parsed;
  LoadResult base = load_memory_repo(
      {{"a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: first}\n"}, {"b/objects.yaml", objects},
       {"b/kustomization.yaml", odd}},
      "r", "", options);
  ASSERT_EQ(base.files.size(), 3u);
  ASSERT_EQ(base.files[2].path, "b/objects.yaml");
  EXPECT_EQ(base.files[2].parsed.tree, head.files[0].parsed.tree) << "the parse is the head's";
  std::vector<std::string> names;
  for (const Manifest& m : base.manifests) {
    names.push_back(m.id.kind + "/" + m.id.name);
    EXPECT_EQ(&base.file_of(m), &base.files[m.file]);
    EXPECT_EQ(base.files[m.file].path, m.id.name == "first" ? "a.yaml" : "b/objects.yaml");
  }
  EXPECT_EQ(names, (std::vector<std::string>{"ConfigMap/first", "ConfigMap/a", "ConfigMap/b", "Namespace/team"}));
  EXPECT_EQ(base.index().manifests_of(2), (std::pair<uint32_t, uint32_t>{1, 4}));
  // The Component (a kustomize kind) and the kustomization are build files,
  // each of its own file: at the base the ConfigMap's text is a kustomization by its name.
  ASSERT_EQ(base.build_files.size(), 2u);
  EXPECT_EQ(base.files[base.build_files[0].file].path, "b/kustomization.yaml");
  EXPECT_EQ(base.files[base.build_files[1].file].path, "b/objects.yaml");
  EXPECT_EQ(base.documents, 5u);
  ASSERT_EQ(head.manifests.size(), 4u);
  EXPECT_EQ(head.manifests[0].id.name, "a");  // h/objects.yaml, then h/odd.yaml
  // Copied, not extracted again: what the head made of the same content.
  head.manifests[0].id.name = "changed in the head";
  EXPECT_EQ(load_memory_repo({{"b.yaml", objects}}, "r", "", options).manifests[0].id.name, "changed in the head");
}

}  // namespace
}  // namespace driftlint
