// What drives kustomize and helm, without them: a fake ProcessHost answers
// the version probes and the builds, and records what each run was given
// (its arguments, its environment, the files of its private copy).
#include "render/renderer.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <mutex>
#include <thread>

#include "base/strings.h"
#include "load/memory_repo.h"
#include "load/parse_cache.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

// One run of a tool as the fake saw it.
struct SeenRun {
  std::vector<std::string> argv;
  ProcessOptions options;
  std::set<std::string> copied;  // the files of the build's private copy, relative to it
};

class FakeTools : public ProcessHost {
 public:
  // What a build prints; given the run (its copy's files already listed).
  std::function<ProcessResult(const SeenRun&)> build = [](const SeenRun&) { return printed(""); };
  bool kustomize_installed = true;
  std::string folder = "/fake";  // where the tools are found (no files: their version probes are not cached)
  std::string kustomize_version = "v5.7.1";

  static ProcessResult printed(std::string out, int exit_code = 0, std::string err = "") {
    ProcessResult r;
    r.started = true;
    r.exit_code = exit_code;
    r.out = std::move(out);
    r.err = std::move(err);
    return r;
  }

  ProcessResult run(const std::vector<std::string>& argv, const ProcessOptions& options) const override {
    if (argv.size() > 1 && argv[1] == "version") {
      return printed(argv[0] == folder + "/helm" ? "v4.1.4+g05fa379\n" : kustomize_version + "\n");
    }
    SeenRun seen{argv, options, {}};
    for (const std::string& arg : argv) {
      if (arg.find("/driftlint-render-") != std::string::npos) seen.copied = files_under(copy_root(arg));
    }
    std::lock_guard lock(mutex_);
    builds.push_back(seen);
    return build(seen);
  }
  std::optional<std::string> find(const std::string& program) const override {
    if (program == "helm" || (program == "kustomize" && kustomize_installed)) return folder + "/" + program;
    return std::nullopt;
  }
  bool can_isolate() const override {
    ++isolation_probes;
    return isolates;
  }

  bool isolates = true;
  mutable std::atomic<int> isolation_probes{0};
  mutable std::vector<SeenRun> builds;  // every run but the version probes

 private:
  // An argument below the build's private copy, a folder named
  // driftlint-render-* (render/workspace.h).
  static fs::path copy_root(fs::path folder) {
    while (folder.has_parent_path() && folder.filename().string().rfind("driftlint-render-", 0) != 0) folder = folder.parent_path();
    return folder;
  }
  static std::set<std::string> files_under(const fs::path& root) {
    std::set<std::string> out;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator(); ++it) {
      if (it->is_regular_file()) out.insert(fs::relative(it->path(), root).generic_string());
    }
    return out;
  }
  mutable std::mutex mutex_;
};

LoadResult load(std::map<std::string, std::string> files) { return load_memory_repo(std::move(files), "infra"); }

RenderRequest kustomize(const std::string& folder) {
  RenderRequest r;
  r.kind = RenderKind::Kustomize;
  r.folder = folder;
  return r;
}

const std::map<std::string, std::string> kOverlay = {
    {"apps/dev/kustomization.yaml", "resources: [../base]\nnamePrefix: dev-\n"},
    {"apps/base/kustomization.yaml", "resources: [deployment.yaml]\n"},
    {"apps/base/deployment.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n"},
    {"apps/base/unrelated.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n"},
    {"secrets/token.txt", "not for the tool\n"},
};

constexpr const char* kBuilt = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: dev-api\n";

class RendererTest : public ::testing::Test {
 protected:
  ToolRendererOptions options() {
    ToolRendererOptions o;
    o.host = &tools_;
    o.network = RenderSandbox::Network::Isolated;
    return o;
  }
  FakeTools tools_;
  Workspace work_;
};

TEST_F(RendererTest, RunsTheToolOnACopyOfTheClosureAloneAndAnchorsWhatItPrints) {
  tools_.build = [](const SeenRun&) { return FakeTools::printed(kBuilt); };
  LoadResult l = load(kOverlay);
  ToolRenderer renderer(l, options());
  const RenderOutput& out = *renderer.render({kustomize("apps/dev")}).at(0);
  ASSERT_EQ(out.status, RenderOutput::Status::Rendered) << out.message;
  ASSERT_EQ(tools_.builds.size(), 1u);
  const SeenRun& run = tools_.builds[0];
  EXPECT_EQ(run.argv[0], "/fake/kustomize");
  EXPECT_TRUE(run.argv[2].ends_with("/apps/dev")) << run.argv[2];
  // Only what the build reads is copied: not the unrelated manifest, not the secret.
  EXPECT_EQ(run.copied, (std::set<std::string>{"apps/dev/kustomization.yaml", "apps/base/kustomization.yaml",
                                               "apps/base/deployment.yaml"}));
  EXPECT_TRUE(run.options.isolate);
  EXPECT_FALSE(run.options.inherit_environment);
  EXPECT_EQ(run.options.max_address_space, kDefaultRenderMemoryMiB << 20);
  ASSERT_EQ(out.objects.size(), 1u);
  EXPECT_EQ(out.objects[0].id.name, "dev-api");
  EXPECT_EQ(l.files[out.objects[0].file].path, "apps/base/deployment.yaml");  // reported where it is written
}

TEST_F(RendererTest, TheToolsEnvironmentHoldsNoneOfOurs) {
  setenv("DRIFTLINT_TEST_SECRET", "s3cr3t", 1);
  LoadResult l = load(kOverlay);
  ToolRenderer renderer(l, options());
  renderer.render({kustomize("apps/dev")});
  unsetenv("DRIFTLINT_TEST_SECRET");
  ASSERT_EQ(tools_.builds.size(), 1u);
  std::map<std::string, std::string> env(tools_.builds[0].options.environment.begin(),
                                         tools_.builds[0].options.environment.end());
  EXPECT_FALSE(env.count("DRIFTLINT_TEST_SECRET"));
  EXPECT_FALSE(env.count("KUBECONFIG"));
  EXPECT_TRUE(env["PATH"].ends_with("/bin")) << env["PATH"];
  EXPECT_EQ(env["PATH"].find(':'), std::string::npos) << "PATH holds the tool's folder alone: " << env["PATH"];
  EXPECT_EQ(env["LANG"], "C");
}

TEST_F(RendererTest, TheSameBuildAskedTwiceRunsOnce) {
  tools_.build = [](const SeenRun&) { return FakeTools::printed(kBuilt); };
  LoadResult l = load(kOverlay);
  ToolRenderer renderer(l, options());
  std::vector<const RenderOutput*> outs = renderer.render({kustomize("apps/dev"), kustomize("apps/dev")});
  renderer.render({kustomize("apps/dev")});
  EXPECT_EQ(tools_.builds.size(), 1u);
  EXPECT_EQ(outs[0], outs[1]);
}

TEST_F(RendererTest, AFailedBuildIsCachedWithItsMessageAndNotRunAgain) {
  tools_.build = [](const SeenRun& run) {
    return FakeTools::printed("", 1, "Error: accumulating resources: '" + run.argv[2] + "/../base/missing.yaml': no such thing\n");
  };
  LoadResult l = load(kOverlay);
  ToolRendererOptions o = options();
  o.cache_dir = work_.path_of("cache").string();
  std::string first;
  {
    ToolRenderer renderer(l, o);
    const RenderOutput& out = *renderer.render({kustomize("apps/dev")}).at(0);
    EXPECT_EQ(out.status, RenderOutput::Status::Failed);
    EXPECT_FALSE(out.from_cache);
    EXPECT_EQ(out.message.find("driftlint-"), std::string::npos) << "the private copy's folder leaks: " << out.message;
    first = out.message;
  }
  ToolRenderer again(l, o);
  const RenderOutput& out = *again.render({kustomize("apps/dev")}).at(0);
  EXPECT_EQ(tools_.builds.size(), 1u);
  EXPECT_EQ(out.status, RenderOutput::Status::Failed);
  EXPECT_TRUE(out.from_cache);
  EXPECT_EQ(out.message, first);
  ASSERT_FALSE(again.notes().empty());
  EXPECT_NE(again.notes().back().find("1 failed build from the cache"), std::string::npos) << again.notes().back();
}

// The note says how the tools that ran here were confined; a warm run ran
// none, and forks no probe to say so.
TEST_F(RendererTest, AWarmRunProbesNoIsolationAndNotesNone) {
  tools_.build = [](const SeenRun&) { return FakeTools::printed(kBuilt); };
  tools_.isolates = false;
  LoadResult l = load(kOverlay);
  ToolRendererOptions o = options();
  o.network = RenderSandbox::Network::Probe;
  o.cache_dir = work_.path_of("cache").string();
  tools_.folder = work_.path_of("bin").string();  // programs: their probes are kept (render/probe_cache.h)
  fs::create_directories(tools_.folder);
  for (const char* tool : {"kustomize", "helm"}) fs::copy_file("/bin/true", tools_.folder + "/" + tool);
  {
    ToolRenderer cold(l, o);
    ASSERT_TRUE(cold.render({kustomize("apps/dev")}).at(0)->rendered());
    EXPECT_NE(join(cold.notes(), "\n").find("without network isolation"), std::string::npos) << join(cold.notes(), "\n");
  }
  int probes = tools_.isolation_probes;
  ToolRenderer warm(l, o);
  ASSERT_TRUE(warm.render({kustomize("apps/dev")}).at(0)->from_cache);
  for (const std::string& note : warm.notes()) EXPECT_EQ(note.find("network isolation"), std::string::npos) << note;
  EXPECT_EQ(tools_.isolation_probes, probes);
  EXPECT_EQ(tools_.builds.size(), 1u);
}

TEST_F(RendererTest, ATimedOutBuildIsNotCachedAsAFailure) {
  tools_.build = [](const SeenRun&) {
    ProcessResult r = FakeTools::printed("");
    r.timed_out = true;
    return r;
  };
  LoadResult l = load(kOverlay);
  ToolRendererOptions o = options();
  o.cache_dir = work_.path_of("cache").string();
  o.timeout = std::chrono::milliseconds(5000);
  for (int run = 0; run < 2; ++run) {
    ToolRenderer renderer(l, o);
    const RenderOutput& out = *renderer.render({kustomize("apps/dev")}).at(0);
    EXPECT_EQ(out.status, RenderOutput::Status::Failed);
    EXPECT_NE(out.message.find("timed out after 5 s"), std::string::npos) << out.message;
  }
  EXPECT_EQ(tools_.builds.size(), 2u);  // a time limit is this run's circumstance: tried again
}

TEST_F(RendererTest, OutputPastTheBoundIsAFailureNotAHalfReadBuild) {
  tools_.build = [](const SeenRun&) {
    ProcessResult r = FakeTools::printed(kBuilt);
    r.truncated = true;
    return r;
  };
  LoadResult l = load(kOverlay);
  ToolRenderer renderer(l, options());
  const RenderOutput& out = *renderer.render({kustomize("apps/dev")}).at(0);
  EXPECT_EQ(out.status, RenderOutput::Status::Failed);
  EXPECT_TRUE(out.objects.empty());
  EXPECT_EQ(out.message, "its output is over 256 MiB");
}

TEST_F(RendererTest, ASpentBudgetRunsNothingAndSaysSo) {
  LoadResult l = load(kOverlay);
  ToolRendererOptions o = options();
  o.budget = std::make_shared<RenderBudget>(std::chrono::seconds(0));
  ToolRenderer renderer(l, o);
  const RenderOutput& out = *renderer.render({kustomize("apps/dev")}).at(0);
  EXPECT_EQ(out.status, RenderOutput::Status::NotRendered);
  EXPECT_NE(out.message.find("--render-budget"), std::string::npos) << out.message;
  EXPECT_TRUE(tools_.builds.empty());
}

TEST_F(RendererTest, WithNoToolNothingRunsAndTheOutputSaysWhy) {
  tools_.kustomize_installed = false;  // and no kubectl either
  LoadResult l = load(kOverlay);
  ToolRenderer renderer(l, options());
  const RenderOutput& out = *renderer.render({kustomize("apps/dev")}).at(0);
  EXPECT_EQ(out.status, RenderOutput::Status::NotRendered);
  EXPECT_NE(out.message.find("kustomize is not installed"), std::string::npos) << out.message;
  EXPECT_TRUE(tools_.builds.empty());
}

TEST_F(RendererTest, AnEntryLeavingTheRepoIsRefusedBeforeAnyToolRuns) {
  LoadResult l = load({{"apps/dev/kustomization.yaml", "resources: [../../../etc/passwd]\n"}});
  ToolRenderer renderer(l, options());
  const RenderOutput& out = *renderer.render({kustomize("apps/dev")}).at(0);
  EXPECT_EQ(out.status, RenderOutput::Status::Failed);
  EXPECT_EQ(out.message.rfind("refused: ", 0), 0u) << out.message;
  EXPECT_TRUE(tools_.builds.empty());
}

TEST_F(RendererTest, AChartRunsHelmTemplateOnACopyOfTheChartWithItsValueFiles) {
  tools_.build = [](const SeenRun&) {
    return FakeTools::printed("---\n# Source: serving/templates/deployment.yaml\napiVersion: apps/v1\nkind: Deployment\n"
                              "metadata:\n  name: serving\n");
  };
  LoadResult l = load({
      {"serving/Chart.yaml", "apiVersion: v2\nname: serving\nversion: 1.0.0\n"},
      {"serving/values.yaml", "replicas: 1\n"},
      {"serving/values-gpu.yaml", "gpu: true\n"},
      {"serving/templates/deployment.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n"},
  });
  RenderRequest r;
  r.kind = RenderKind::Helm;
  r.folder = "serving";
  r.helm.release_name = "serving";
  r.helm.value_files.push_back({0, "serving/values-gpu.yaml"});
  ToolRenderer renderer(l, options());
  const RenderOutput& out = *renderer.render({r}).at(0);
  ASSERT_EQ(out.status, RenderOutput::Status::Rendered) << out.message;
  ASSERT_EQ(tools_.builds.size(), 1u);
  const std::vector<std::string>& argv = tools_.builds[0].argv;
  EXPECT_EQ(argv[0], "/fake/helm");
  EXPECT_EQ(argv[1], "template");
  EXPECT_NE(std::find(argv.begin(), argv.end(), "serving"), argv.end());
  EXPECT_TRUE(std::any_of(argv.begin(), argv.end(), [](const std::string& a) { return a.ends_with("values-gpu.yaml"); }));
  EXPECT_EQ(tools_.builds[0].copied, (std::set<std::string>{"serving/Chart.yaml", "serving/values.yaml",
                                                              "serving/values-gpu.yaml",
                                                              "serving/templates/deployment.yaml"}));
  ASSERT_EQ(out.objects.size(), 1u);
  EXPECT_EQ(out.objects[0].id.name, "serving");
  EXPECT_EQ(l.files[out.objects[0].file].path, "serving/templates/deployment.yaml");  // at the template that made it
}

TEST_F(RendererTest, BuildsThatRanLongestLastTimeAreHandedOutFirst) {
  std::map<std::string, std::string> files;
  for (const char* app : {"a", "b", "slow", "c"}) {
    files[std::string("apps/") + app + "/kustomization.yaml"] = "resources: [cm.yaml]\n";
    files[std::string("apps/") + app + "/cm.yaml"] = std::string("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ") + app + "\n";
  }
  LoadResult l = load(files);
  tools_.build = [](const SeenRun& run) {
    if (run.argv[2].ends_with("/slow")) std::this_thread::sleep_for(std::chrono::milliseconds(40));
    return FakeTools::printed("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n");
  };
  ToolRendererOptions o = options();
  o.cache_dir = work_.path_of("cache").string();
  std::vector<RenderRequest> requests = {kustomize("apps/a"), kustomize("apps/b"), kustomize("apps/slow"), kustomize("apps/c")};
  auto order = [&] {
    std::vector<std::string> folders;
    for (const SeenRun& run : tools_.builds) folders.push_back(run.argv[2].substr(run.argv[2].rfind('/') + 1));
    tools_.builds.clear();
    return folders;
  };
  ToolRenderer(l, o).render(requests);
  EXPECT_EQ(order(), (std::vector<std::string>{"a", "b", "slow", "c"}));  // never timed: as asked
  tools_.kustomize_version = "v5.8.0";  // another tool: nothing from the cache, every build runs again
  ToolRenderer(l, o).render(requests);
  std::vector<std::string> second = order();
  ASSERT_EQ(second.size(), 4u);
  EXPECT_EQ(second[0], "slow");
}

// A tree that counts the reads of each path.
class CountingTree : public MemoryTree {
 public:
  using MemoryTree::MemoryTree;
  Expected<FileContent> read(const std::string& path, uint64_t max_bytes) const override {
    std::lock_guard lock(mutex_);
    ++reads[path];
    return MemoryTree::read(path, max_bytes);
  }
  mutable std::map<std::string, int> reads;

 private:
  mutable std::mutex mutex_;
};

TEST_F(RendererTest, AFileTheRunKnowsByBlobIdIsReadOnlyWhenItsBuildRuns) {
  RepoInput repo;
  repo.name = "infra";
  repo.source = "memory";
  auto tree = std::make_shared<CountingTree>(kOverlay);
  repo.tree = tree;
  LoadResult l = load_repos({repo}, LoadOptions{});
  for (LoadedFile& f : l.files) f.content_id = content_id_of(kOverlay.at(f.path));  // as the parse cache would
  tools_.build = [](const SeenRun&) { return FakeTools::printed(kBuilt); };
  ToolRendererOptions o = options();
  o.cache_dir = work_.path_of("cache").string();
  ToolRenderer(l, o).render({kustomize("apps/dev")});
  ASSERT_EQ(tools_.builds.size(), 1u);
  EXPECT_EQ(tools_.builds[0].copied.count("apps/base/deployment.yaml"), 1u);  // read to run
  tree->reads.clear();
  ToolRenderer again(l, o);
  const RenderOutput& warm = *again.render({kustomize("apps/dev")}).at(0);
  EXPECT_TRUE(warm.from_cache);
  EXPECT_EQ(tools_.builds.size(), 1u);
  EXPECT_EQ(tree->reads["apps/base/deployment.yaml"], 0) << "the warm build's identity needs no read of it";
  ASSERT_EQ(warm.objects.size(), 1u);
}

TEST_F(RendererTest, AFileChangedSinceItWasLoadedIsNotBuiltUnderItsOldIdentity) {
  LoadResult l = load(kOverlay);
  for (LoadedFile& f : l.files) f.content_id = content_id_of(kOverlay.at(f.path));
  for (LoadedFile& f : l.files) {
    if (f.path == "apps/base/deployment.yaml") f.content_id = content_id_of("what it held when it was loaded");
  }
  ToolRendererOptions o = options();
  o.cache_dir = work_.path_of("cache").string();
  ToolRenderer renderer(l, o);
  const RenderOutput& out = *renderer.render({kustomize("apps/dev")}).at(0);
  EXPECT_EQ(out.status, RenderOutput::Status::NotRendered);
  EXPECT_EQ(out.message, "apps/base/deployment.yaml changed while driftlint ran; run it again");
  EXPECT_TRUE(tools_.builds.empty());
  EXPECT_FALSE(fs::exists(work_.path_of("cache/render-v1"))) << "nothing cached";
}

}  // namespace
}  // namespace driftlint
