// One kustomize build: the closure read from the repo's file tree, the root
// kustomization edited with the app's options, everything copied into a
// private folder, the tool run there (or the output taken from the cache),
// and each object of the output traced to the lines that set it.
#pragma once

#include <functional>
#include <memory>

#include "fs/file_tree.h"
#include "render/chart_fetch.h"
#include "render/closure.h"
#include "render/render_budget.h"
#include "render/render_cache.h"
#include "render/renderer.h"
#include "render/sandbox.h"
#include "render/tools.h"

namespace driftlint {

struct BuildSettings {
  const RenderTool* tool = nullptr;  // null: not rendered (and said why)
  const RenderSandbox* sandbox = nullptr;  // where the tool runs (required with a tool)
  RenderBudget* budget = nullptr;          // null: no limit on all builds together
  std::string no_tool_reason;        // why the tool is null, when it is not missing ("rendering is turned off")
  // helm, for kustomize's helmCharts (--enable-helm): its absolute path is
  // passed as --helm-command. Null: charts are not inflated (and said why).
  const RenderTool* helm = nullptr;
  std::string helm_path;
  // Finds helm (probing it) when a build has helmCharts; empty: `helm` as set.
  std::function<const RenderTool*()> find_helm;
  std::chrono::milliseconds timeout{120'000};
  uint64_t max_file_size = 64ull << 20;
  const RenderCache* cache = nullptr;
  const ChartFetchOptions* fetch = nullptr;  // charts and remote bases from these hosts (null: the network is off)
  bool reach_network = false;  // the tool may reach the network (remote bases the user allowed)
  ParsedFileSource loaded;  // the run's own parse of a repo file (empty: each is read and parsed)
  // A repo file's blob id when the run knows it (the parse cache's), else
  // "": such a file is in a build's identity by id, and read only to run it.
  std::function<std::string(const std::string& path)> content_id;
};

std::unique_ptr<RenderOutput> build_kustomization(const RenderRequest& request, const FileTree& tree,
                                                  const BuildSettings& settings);

// Parses a build's output and traces its objects (shared with tests that
// feed output by hand). `output` is what kustomize printed.
void read_kustomize_output(const std::string& output, const KustomizeClosure& closure, const RenderRequest& request,
                           const FileTree& tree, uint64_t max_file_size, RenderOutput& out,
                           const ParsedFileSource& loaded = {});

}  // namespace driftlint
