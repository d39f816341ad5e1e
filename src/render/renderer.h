// Renders kustomizations and Helm charts the way Argo CD's repo server does,
// behind one interface so the Argo CD model can be tested without kubectl.
// ToolRenderer runs the real tools on a private copy of each build's closure
// (a work tree and a git revision render alike), once per distinct build per
// run, in parallel, and keeps outputs in the cache so a warm run renders
// nothing.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/progress.h"
#include "load/load_index.h"
#include "load/loader.h"
#include "model/manifest.h"
#include "render/chart_fetch.h"
#include "render/render_budget.h"
#include "render/render_cache.h"
#include "render/render_times.h"
#include "render/request.h"
#include "render/sandbox.h"
#include "render/tools.h"

namespace driftlint {

struct RenderOutput {
  enum class Status {
    Rendered,
    Failed,      // the tool refused the build: `message` is its own message (trimmed)
    NotRendered  // driftlint did not render it (no tool, a remote base): `message` says why
  };
  Status status = Status::NotRendered;
  std::string message;
  uint32_t repo = 0;
  std::string folder;
  std::string anchor_path;  // the kustomization or Chart.yaml a failure is reported at
  yaml::Position anchor_position;  // its line and column when known (else 1:1)
  std::vector<Manifest> objects;  // Rendered: each with provenance, in output order
  std::vector<std::string> origin_paths;  // per object: the file of the resource it was built from
  // Repo files the build reads; those read as objects (resources, templates),
  // and those read as patches (never objects of their own).
  std::set<std::string> files, object_files, patch_files;
  // Kustomize: the kustomization folders the root reads as resources or
  // bases (not components), built on their own when the root fails.
  std::vector<std::string> included;
  std::shared_ptr<Provenance> provenance;  // shared by the objects; its `apps` are filled by the Argo CD model
  std::shared_ptr<const yaml::ParsedFile> parsed;
  bool from_cache = false;
  std::optional<std::chrono::milliseconds> tool_time;  // how long the tool ran, when it ran
  std::string caveat;  // Rendered, with something left unchecked (a note says it): "" for none

  bool rendered() const { return status == Status::Rendered; }
};

class Renderer {
 public:
  virtual ~Renderer() = default;
  // One output per request, in request order; a build already rendered in
  // this run (same identity) is not rendered again. Outputs live as long as
  // the renderer.
  virtual std::vector<const RenderOutput*> render(const std::vector<RenderRequest>& requests) = 0;
  // What the run should know (which tools, how many renders, from the cache).
  virtual std::vector<std::string> notes() const { return {}; }
};

struct ToolRendererOptions {
  std::string kubectl = "kubectl";  // "" never renders kustomizations
  std::string helm = "helm";        // "" never renders charts
  std::chrono::milliseconds timeout{120'000};
  unsigned jobs = 1;
  uint64_t max_file_size = 64ull << 20;
  std::string cache_dir;  // "" keeps no rendered output between runs
  RenderMemory* memory = nullptr;  // without a cache_dir: outputs kept for the run's other revisions
  Progress* progress = nullptr;  // builds N/M (from the cache K)
  uint64_t max_memory_bytes = kDefaultRenderMemoryMiB << 20;  // of each tool run (--render-memory)
  std::shared_ptr<RenderBudget> budget;  // all tool runs together (--render-budget); null: no limit
  bool render = true;     // false (--no-render): nothing is rendered, and the outputs say so
  ChartFetchOptions fetch;  // charts from Helm repositories and OCI registries (--allow-network)
  // Where the tools are found and run; tests give a fake (and say whether it isolates).
  const ProcessHost* host = &this_machine();
  RenderSandbox::Network network = RenderSandbox::Network::Probe;
};

class ToolRenderer : public Renderer {
 public:
  ToolRenderer(const LoadResult& load, ToolRendererOptions options);
  std::vector<const RenderOutput*> render(const std::vector<RenderRequest>& requests) override;
  std::vector<std::string> notes() const override;

 private:
  std::unique_ptr<RenderOutput> render_one(const RenderRequest& request) const;
  std::unique_ptr<RenderOutput> render_kustomization(const RenderRequest& request) const;
  std::unique_ptr<RenderOutput> render_chart(const RenderRequest& request) const;
  const std::optional<RenderTool>& kustomize() const;
  const std::optional<RenderTool>& helm() const;

  const LoadResult& load_;
  const LoadIndex& index_;
  ToolRendererOptions options_;
  // The longest first (render_times.h): builds never timed, then by their last time.
  void order_longest_first(std::vector<const RenderRequest*>& todo) const;

  std::map<std::string, std::unique_ptr<RenderOutput>> done_;  // by identity
  RenderTimes times_;
  RenderSandbox sandbox_;
  mutable std::once_flag kustomize_probe_, helm_probe_;
  mutable std::optional<RenderTool> kustomize_, helm_;
};

}  // namespace driftlint
