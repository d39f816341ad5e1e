// One `helm template` of a chart folder, as Argo CD's repo server runs it:
// the chart copied into a private folder (from a work tree or a revision
// alike), the app's value files (from any loaded repo, `$ref/...` resolved
// by the caller), `values`/`valuesObject` and `parameters`, the release name
// and namespace; CRDs included unless `skipCrds`. Each object is located at
// its template (`# Source:`), and a value a values file sets at that line.
#pragma once

#include <memory>

#include "load/loader.h"
#include "render/kustomize_build.h"
#include "render/renderer.h"

namespace driftlint {

std::unique_ptr<RenderOutput> build_chart(const RenderRequest& request, const LoadResult& load,
                                          const BuildSettings& settings);

// `helm template` arguments for a chart copied to `chart_dir`, with value
// files already copied to `value_paths` (absolute).
std::vector<std::string> helm_arguments(const RenderTool& tool, const RenderRequest& request,
                                        const std::string& chart_dir, const std::vector<std::string>& value_paths);

// The dependencies Chart.yaml names that charts/ does not hold (Argo CD
// would download them; driftlint does not).
std::vector<std::string> missing_dependencies(const std::string& chart_yaml, const std::vector<std::string>& chart_files,
                                              const std::string& folder);

// The document index -> template path map of `helm template` output (its
// "# Source: chart/templates/x.yaml" lines), as repo paths under `folder`.
std::vector<std::string> helm_sources(const std::string& output, const std::string& folder);

}  // namespace driftlint
