#include "load/loader.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>

#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

LoadResult load_memory(std::map<std::string, std::string> files, unsigned jobs = 1) {
  RepoInput repo;
  repo.name = "mem";
  repo.source = "memory";
  repo.tree = std::make_shared<MemoryTree>(std::move(files));
  LoadOptions options;
  options.jobs = jobs;
  return load_repos({repo}, options);
}

TEST(LoaderTest, ExpandsListsAndTopLevelSequences) {
  LoadResult r = load_memory({
      {"list.yaml", "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n"
                    "- {apiVersion: v1, kind: Secret, metadata: {name: b, namespace: x}}\n"},
      {"typed.json", R"({"apiVersion":"v1","kind":"ConfigMapList","items":[{"metadata":{"name":"c"}}]})"},
      {"seq.yaml", "- {apiVersion: v1, kind: Namespace, metadata: {name: d}}\n- just a string\n"},
  });
  ASSERT_EQ(r.manifests.size(), 4u);
  EXPECT_EQ(r.manifests[0].id.kind, "ConfigMap");
  EXPECT_EQ(r.manifests[0].id.name, "a");
  EXPECT_EQ(r.manifests[1].id.ns, "x");
  EXPECT_EQ(r.manifests[2].id.kind, "Namespace");
  EXPECT_EQ(r.manifests[3].id.kind, "ConfigMap");  // filled in from ConfigMapList
  EXPECT_EQ(r.manifests[3].id.api_version, "v1");
  EXPECT_EQ(r.manifests[3].id.name, "c");
}

TEST(LoaderTest, SkipsNonObjectsAndBuildFiles) {
  LoadResult r = load_memory({
      {"values.yaml", "replicaCount: 2\nimage: {tag: x}\n"},
      {"app/kustomization.yaml", "resources: [a.yaml]\n"},
      {"app/kustomize.yaml", "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: []\n"},
      {"app/a.yaml", "---\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n"},
      {"flux.yaml", "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: apps}\n"},
  });
  ASSERT_EQ(r.manifests.size(), 2u);
  EXPECT_EQ(r.manifests[0].id.group, "apps");
  EXPECT_EQ(r.manifests[0].id.version, "v1");
  EXPECT_EQ(r.manifests[1].id.kind, "Kustomization");  // Flux's is a real object
  EXPECT_EQ(r.build_files.size(), 2u);
  EXPECT_EQ(r.documents, 5u);
}

TEST(LoaderTest, BrokenFileDoesNotStopTheOthers) {
  LoadResult r = load_memory({
      {"a.yaml", "kind: ConfigMap\napiVersion: v1\nmetadata: {name: a}\n"},
      {"b.yaml", "kind: [\n"},
      {"c.yaml", "kind: ConfigMap\napiVersion: v1\nmetadata: {name: c}\n"},
  });
  EXPECT_EQ(r.manifests.size(), 2u);
  EXPECT_TRUE(r.files[1].parsed.error);
}

TEST(LoaderTest, TemplatesAreSkippedAsNotRenderedNeverParsed) {
  LoadResult r = load_memory({
      {"a-template.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
                          "  - image: {{.Image}}\n"},
      {"b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata: {x: \"{{ .NotAnAction }}\"}\n"},
      {"c.yaml", "kind: [\n"},
  });
  ASSERT_EQ(r.files.size(), 3u);
  EXPECT_TRUE(r.files[0].template_action);
  EXPECT_FALSE(r.files[0].parsed.error);
  EXPECT_FALSE(r.files[1].template_action);
  EXPECT_TRUE(r.files[2].parsed.error);  // plain YAML that is broken stays broken
  ASSERT_EQ(r.manifests.size(), 1u);
  EXPECT_EQ(r.manifests[0].id.name, "b");
  ASSERT_EQ(r.skipped.size(), 1u);
  EXPECT_EQ(r.skipped[0].second.path, "a-template.yaml");
  EXPECT_TRUE(r.skipped[0].second.not_rendered);
  EXPECT_EQ(r.skipped[0].second.reason, "a template (Go, Jinja or Terraform; line 6: {{.Image}}), not rendered: not checked");
}

TEST(LoaderTest, ParallelLoadGivesTheSameResult) {
  std::map<std::string, std::string> files;
  for (int i = 0; i < 200; ++i) {
    files["f" + std::to_string(i) + ".yaml"] =
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c" + std::to_string(i) + "}\n";
  }
  LoadResult one = load_memory(files, 1);
  LoadResult four = load_memory(files, 4);
  ASSERT_EQ(one.manifests.size(), four.manifests.size());
  for (size_t i = 0; i < one.manifests.size(); ++i) {
    EXPECT_EQ(one.manifests[i].id.name, four.manifests[i].id.name);
    EXPECT_EQ(one.manifests[i].file, four.manifests[i].file);
  }
}

TEST(LoaderTest, ManifestContainingFindsTheDocument) {
  LoadResult r = load_memory({{"a.yaml",
                               "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n"
                               "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n"}});
  ASSERT_EQ(r.manifests.size(), 2u);
  EXPECT_EQ(r.manifest_containing(0, {7, 3})->id.name, "b");
  EXPECT_EQ(r.manifest_containing(0, {2, 1})->id.name, "a");
}

class DiskTreeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    workspace_.write("chart/Chart.yaml", "name: chart\n");
    workspace_.write("chart/templates/deploy.yaml", "{{- if .Values.x }}\n");
    workspace_.write("charts/sub/templates/svc.yaml", "{{ .Values }}\n");
    workspace_.write(".git/objects/x.yaml", "kind: [\n");
    workspace_.write("apps/templates/wf.yaml", "kind: WorkflowTemplate\n");
    workspace_.write("apps/a.yml", "kind: ConfigMap\n");
    workspace_.write("apps/readme.md", "# no\n");
    fs::create_directory_symlink(workspace_.path_of("apps"), workspace_.path_of("apps/loop"));
  }
  std::string root() const { return workspace_.path().string(); }
  Workspace workspace_;
};

TEST_F(DiskTreeTest, WalksManifestsSkipsGitAndChartTemplatesAndLinkLoops) {
  DiskTree tree(root());
  FileListing listing = tree.list();
  // Chart.yaml is listed (it has no kind, so it yields no object); the loop is not followed.
  EXPECT_EQ(listing.files,
            (std::vector<std::string>{"apps/a.yml", "apps/templates/wf.yaml", "chart/Chart.yaml"}));
  ASSERT_EQ(listing.skipped.size(), 2u);
  EXPECT_EQ(listing.skipped[0].path, "chart/templates");
  EXPECT_EQ(listing.skipped[1].path, "charts/sub/templates");
  EXPECT_TRUE(listing.errors.empty());
}

// Shared among threads, the walk lists what one thread lists, in the same order.
TEST_F(DiskTreeTest, AWalkOnManyThreadsListsWhatOneListsInTheSameOrder) {
  for (int team = 0; team < 12; ++team) {
    std::string folder = "clusters/c" + std::to_string(team % 3) + "/team" + std::to_string(team);
    for (int app = 0; app < 5; ++app) {
      workspace_.write(folder + "/app" + std::to_string(app) + "/deploy.yaml", "kind: ConfigMap\n");
    }
    workspace_.write(folder + "/chart/Chart.yaml", "name: c\n");
    workspace_.write(folder + "/chart/templates/x.yaml", "{{ . }}\n");
    fs::create_symlink("missing.yaml", workspace_.path_of(folder + "/broken.yaml"));
    fs::create_symlink("../../../apps/a.yml", workspace_.path_of(folder + "/linked.yaml"));
  }
  DiskTree tree(root());
  FileListing one = tree.list_on(1);
  auto paths = [](const std::vector<SkippedPath>& skipped) {
    std::vector<std::string> out;
    for (const SkippedPath& s : skipped) out.push_back(s.path + ": " + s.reason);
    return out;
  };
  EXPECT_EQ(one.files.size(), 3u + 12 * 7);
  EXPECT_EQ(one.errors.size(), 12u);  // the broken links
  for (unsigned threads : {2u, 3u, 8u}) {
    FileListing many = tree.list_on(threads);
    EXPECT_EQ(many.files, one.files) << threads;
    EXPECT_EQ(paths(many.skipped), paths(one.skipped)) << threads;
    EXPECT_EQ(many.errors, one.errors) << threads;
  }
}

TEST_F(DiskTreeTest, OversizedFileIsMarkedNotRead) {
  workspace_.write("apps/big.yaml", std::string(3 << 20, '#'));
  DiskTree tree(root());
  auto content = tree.read("apps/big.yaml", 1 << 20);
  ASSERT_TRUE(content);
  EXPECT_TRUE(content->too_large);
  EXPECT_TRUE(content->text.empty());
  EXPECT_EQ(content->size, 3u << 20);
}

// A tree whose listing is taken just before a file disappears, as when an
// editor or `git checkout` removes it while driftlint walks the repo.
class VanishingTree : public DiskTree {
 public:
  VanishingTree(const std::string& root, fs::path victim) : DiskTree(root), victim_(std::move(victim)) {}
  FileListing list_on(unsigned threads) const override {
    FileListing listing = DiskTree::list_on(threads);
    fs::remove(victim_);
    return listing;
  }

 private:
  fs::path victim_;
};

TEST_F(DiskTreeTest, FileThatVanishesMidWalkIsAClearErrorAndTheRestLoads) {
  RepoInput repo;
  repo.name = "r";
  repo.source = root();
  repo.tree = std::make_shared<VanishingTree>(root(), workspace_.path_of("apps/a.yml"));
  LoadResult r = load_repos({repo}, LoadOptions{});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_NE(r.errors[0].find("apps/a.yml: vanished while driftlint was reading"), std::string::npos) << r.errors[0];
  EXPECT_EQ(r.manifests.size(), 1u);  // apps/templates/wf.yaml still loads
}

TEST_F(DiskTreeTest, A200MegabyteFileIsRefusedWithoutReadingIt) {
  fs::resize_file(workspace_.path_of("apps/a.yml"), 200ull << 20);  // sparse: no disk used
  DiskTree tree(root());
  auto content = tree.read("apps/a.yml", 64ull << 20);
  ASSERT_TRUE(content);
  EXPECT_TRUE(content->too_large);
  EXPECT_EQ(content->size, 200ull << 20);
  // Raised past its size it is read, and its NUL bytes are a syntax error.
  RepoInput repo;
  repo.name = "r";
  repo.source = root();
  repo.tree = std::make_shared<DiskTree>(root());
  LoadOptions options;
  options.max_file_size = 256ull << 20;
  LoadResult r = load_repos({repo}, options);
  const LoadedFile* big = nullptr;
  for (const LoadedFile& f : r.files) {
    if (f.path == "apps/a.yml") big = &f;
  }
  ASSERT_NE(big, nullptr);
  ASSERT_TRUE(big->parsed.error);
  EXPECT_EQ(big->parsed.error->position.line, 2u);  // after "kind: ConfigMap\n", the zeros
  EXPECT_NE(big->parsed.error->message.find("control characters"), std::string::npos);
}

TEST_F(DiskTreeTest, FifosAreNotListedSoNothingBlocksOnThem) {
  ASSERT_EQ(mkfifo(workspace_.path_of("apps/pipe.yaml").c_str(), 0600), 0);
  fs::create_symlink(workspace_.path_of("apps/pipe.yaml"), workspace_.path_of("apps/link-to-pipe.yaml"));
  DiskTree tree(root());
  FileListing listing = tree.list();
  for (const std::string& f : listing.files) EXPECT_EQ(f.find("pipe"), std::string::npos) << f;
}

// The shared corpus (7,800 real files, some malformed) must load without a
// crash or hang, the same way with one thread and with several.
TEST(CorpusTest, LoadsTheWholeCorpus) {
  fs::path corpus = fs::path(DRIFTLINT_SOURCE_DIR) / ".." / "shared" / "corpus";
  if (!fs::is_directory(corpus)) GTEST_SKIP() << "no corpus at " << corpus;
  RepoInput repo;
  repo.name = "corpus";
  repo.source = corpus.string();
  repo.tree = std::make_shared<DiskTree>(corpus.string());
  LoadOptions options;
  options.jobs = 2;
  LoadResult r = load_repos({repo}, options);
  EXPECT_GT(r.files.size(), 7000u);
  EXPECT_GT(r.manifests.size(), 15000u);
  EXPECT_TRUE(r.errors.empty());
  size_t broken = 0;
  for (const LoadedFile& f : r.files) broken += f.parsed.error ? 1 : 0;
  EXPECT_LT(broken, 20u);
  EXPECT_GE(broken, 1u);  // the corpus holds malformed files on purpose
}

}  // namespace
}  // namespace driftlint
