#include "render/root_charts.h"

#include <algorithm>

#include "fs/repo_path.h"

namespace driftlint {

namespace {

using Place = std::pair<uint32_t, std::string>;

yaml::Node first_document(const LoadedFile& file) {
  return file.parsed.documents.empty() ? yaml::Node() : file.parsed.documents[0].root;
}

bool is_chart_file(const LoadedFile& file) { return basename_of(file.path) == "Chart.yaml"; }

// The `dependencies` of a chart: Chart.yaml's (apiVersion v2), else requirements.yaml's (v1).
yaml::Node dependencies_of(const LoadResult& load, const LoadIndex& index, uint32_t repo, const std::string& folder,
                           yaml::Node chart) {
  yaml::Node list = chart.get("dependencies");
  if (list.is_sequence() && list.size() > 0) return list;
  if (auto f = index.file(repo, join_path(folder, "requirements.yaml"))) {
    return first_document(load.files[*f]).get("dependencies");
  }
  return {};
}

// Charts another chart reads as a `file://` dependency, and folders a
// kustomization's `helmCharts` inflates charts from (its chartHome).
struct RenderedByParents {
  std::set<Place> dependencies;
  std::set<Place> chart_homes;
};

RenderedByParents rendered_by_parents(const LoadResult& load, const LoadIndex& index) {
  RenderedByParents out;
  for (const LoadedFile& file : load.files) {
    if (!is_chart_file(file)) continue;
    std::string folder = parent_of(file.path);
    for (yaml::Node d : dependencies_of(load, index, file.repo, folder, first_document(file)).elements()) {
      std::string repository(d.get("repository").text());
      if (!repository.starts_with("file://")) continue;
      if (auto target = resolve_in_repo(folder, repository.substr(7))) out.dependencies.insert({file.repo, *target});
    }
  }
  for (const BuildFile& b : load.build_files) {
    if (b.root.get("helmCharts").size() == 0) continue;
    const LoadedFile& file = load.files[b.file];
    std::string home(b.root.get("helmGlobals").get("chartHome").text());
    if (auto target = resolve_in_repo(parent_of(file.path), home.empty() ? "charts" : home)) {
      out.chart_homes.insert({file.repo, *target});
    }
  }
  return out;
}

// Whether a folder above `folder` holds a chart (a subchart, vendored or not)
// or is a kustomization's chart home.
bool inside_a_parent(const LoadIndex& index, uint32_t repo, const std::string& folder, const RenderedByParents& parents) {
  for (std::string dir = folder; !dir.empty();) {
    dir = parent_of(dir);
    if (parents.chart_homes.count({repo, dir})) return true;
    if (index.file(repo, join_path(dir, "Chart.yaml"))) return true;
  }
  return false;
}

// Helm's release names are DNS labels of at most 53 characters; a chart's own
// name usually is one (`helm install NAME ./chart` names it so).
std::string release_name_for(std::string_view chart_name) {
  bool valid = !chart_name.empty() && chart_name.size() <= 53 && chart_name.front() != '-' && chart_name.back() != '-' &&
               std::all_of(chart_name.begin(), chart_name.end(),
                           [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
  return valid ? std::string(chart_name) : "release-name";
}

// The chart-testing values files: ci/*-values.yaml, in path order.
std::vector<std::string> ci_values_files(const LoadIndex& index, uint32_t repo, const std::string& folder) {
  std::vector<std::string> out;
  std::string ci = join_path(folder, "ci");
  index.for_each_file_under(repo, ci, [&](std::string_view path, uint32_t) {
    if (parent_of(path) == ci && (path.ends_with("-values.yaml") || path.ends_with("-values.yml"))) out.emplace_back(path);
  });
  return out;
}

}  // namespace

RootCharts root_charts(const LoadResult& load, const LoadIndex& index, const std::set<Place>& rendered) {
  RootCharts out;
  RenderedByParents parents = rendered_by_parents(load, index);
  for (const LoadedFile& file : load.files) {
    if (!is_chart_file(file)) continue;
    std::string folder = parent_of(file.path);
    Place place{file.repo, folder};
    if (rendered.count(place) || parents.dependencies.count(place) || parents.chart_homes.count(place) ||
        inside_a_parent(index, file.repo, folder, parents)) {
      continue;
    }
    yaml::Node chart = first_document(file);
    if (chart.get("type").text() == "library") {
      out.library.push_back(load.repos[file.repo].name + "/" + (folder.empty() ? "." : folder));
      continue;
    }
    RenderRequest defaults;
    defaults.kind = RenderKind::Helm;
    defaults.repo = file.repo;
    defaults.folder = folder;
    defaults.helm.release_name = release_name_for(chart.get("name").text());
    out.requests.push_back(defaults);
    for (const std::string& values : ci_values_files(index, file.repo, folder)) {
      RenderRequest variant = defaults;
      variant.helm.value_files.push_back({file.repo, values});
      out.requests.push_back(std::move(variant));
    }
  }
  return out;
}

}  // namespace driftlint
