// The Helm charts that reach a cluster without an Argo CD app naming them:
// root charts, which no app, parent chart or kustomization renders (install
// charts, serving stacks, a repo of charts published elsewhere). Each is
// rendered with its default values, and once more per `ci/*-values.yaml`
// (chart-testing's convention for the values CI installs it with), so its
// templates are judged as rendered objects instead of skipped.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "load/load_index.h"
#include "load/loader.h"
#include "render/request.h"

namespace driftlint {

struct RootCharts {
  std::vector<RenderRequest> requests;  // per chart: its defaults, then each ci/ values file, in path order
  std::vector<std::string> library;     // "repo/folder" of library charts (nothing to render)
};

// `rendered` holds the (repo, folder) of charts apps render already. A chart
// inside another chart (charts/, or any folder below one), one a sibling
// chart names as a `file://` dependency, and one a kustomization's
// `helmCharts` inflates are rendered by their parent, not on their own.
RootCharts root_charts(const LoadResult& load, const LoadIndex& index,
                       const std::set<std::pair<uint32_t, std::string>>& rendered);

}  // namespace driftlint
