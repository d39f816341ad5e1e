#include "render/chart_dependencies.h"

#include <algorithm>
#include <tuple>

#include "base/tar_gz.h"
#include "fs/repo_path.h"
#include "git/url.h"
#include "yaml/parser.h"

namespace driftlint {

namespace {

constexpr int kMaxDependencyDepth = 16;

// The `file://` dependencies of the chart at `folder` (copied at `copy`):
// (name, repo folder), the folder resolved in the repo, or an error.
Expected<std::vector<std::pair<std::string, std::string>>> file_dependencies(const std::map<std::string, std::string>& files,
                                                                              const std::string& folder,
                                                                              const std::string& copy) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const char* name : {"Chart.yaml", "requirements.yaml"}) {
    auto it = files.find(join_path(copy, name));
    if (it == files.end()) continue;
    yaml::ParsedFile parsed = yaml::parse_yaml(it->second);
    if (parsed.documents.empty()) continue;
    for (yaml::Node d : parsed.documents[0].root.get("dependencies").elements()) {
      std::string repository(d.get("repository").text()), dependency(d.get("name").text());
      if (!repository.starts_with("file://") || dependency.empty()) continue;
      std::optional<std::string> target = resolve_in_repo(folder, repository.substr(7));
      if (!target) return Error{"its dependency " + dependency + " (" + repository + ") is outside the repo"};
      out.emplace_back(dependency, *target);
    }
  }
  return out;
}

bool vendored(const std::map<std::string, std::string>& files, const std::string& charts, const std::string& name) {
  auto it = files.lower_bound(charts + "/" + name);
  for (; it != files.end() && it->first.starts_with(charts + "/" + name); ++it) {
    std::string_view rest = std::string_view(it->first).substr(charts.size() + 1 + name.size());
    if (rest.starts_with("/") || (rest.starts_with("-") && rest.ends_with(".tgz"))) return true;
  }
  return false;
}

}  // namespace

std::string link_file_dependencies(const std::string& chart, const FileTree& tree, uint64_t max_bytes, size_t max_files,
                                   std::map<std::string, std::string>& files, std::map<std::string, std::string>& linked) {
  std::vector<std::tuple<std::string, std::string, int>> charts{{chart, chart, 0}};
  while (!charts.empty()) {
    auto [folder, copy, depth] = charts.back();
    charts.pop_back();
    Expected<std::vector<std::pair<std::string, std::string>>> dependencies = file_dependencies(files, folder, copy);
    if (!dependencies) return dependencies.error().message;
    for (const auto& [name, target] : *dependencies) {
      std::string charts_folder = join_path(copy, "charts");
      if (vendored(files, charts_folder, name)) continue;
      if (depth >= kMaxDependencyDepth) return "its file:// dependencies nest deeper than " + std::to_string(kMaxDependencyDepth);
      std::optional<std::vector<std::string>> found = tree.files_under(target, max_files);
      if (!found || files.size() + found->size() > max_files) {
        return "the chart and its dependencies have more than " + std::to_string(max_files) + " files";
      }
      if (std::find(found->begin(), found->end(), join_path(target, "Chart.yaml")) == found->end()) {
        return "its dependency " + name + " (file://) names " + (target.empty() ? "." : target) + ", which holds no Chart.yaml";
      }
      std::string copy_folder = join_path(charts_folder, name);
      for (const std::string& path : *found) {
        Expected<FileContent> content = tree.read(path, max_bytes);
        if (!content || content->too_large) continue;
        files[join_path(copy_folder, path.substr(target.empty() ? 0 : target.size() + 1))] = std::move(content->text);
      }
      linked[copy_folder] = target;
      charts.emplace_back(target, copy_folder, depth + 1);
    }
  }
  return {};
}

namespace {

// Chart.lock's versions by dependency name.
std::map<std::string, std::string> locked_versions(const std::map<std::string, std::string>& files, const std::string& chart) {
  std::map<std::string, std::string> out;
  auto it = files.find(join_path(chart, "Chart.lock"));
  if (it == files.end()) it = files.find(join_path(chart, "requirements.lock"));
  if (it == files.end()) return out;
  yaml::ParsedFile parsed = yaml::parse_yaml(it->second);
  if (parsed.documents.empty()) return out;
  for (yaml::Node d : parsed.documents[0].root.get("dependencies").elements()) {
    out[std::string(d.get("name").text())] = std::string(d.get("version").text());
  }
  return out;
}

bool from_repository(std::string_view repository) {
  return repository.starts_with("https://") || repository.starts_with("http://") || repository.starts_with("oci://");
}

}  // namespace

std::string add_repository_dependencies(const std::string& chart, const FetchChart& fetch, uint64_t max_inflated,
                                        size_t max_files, std::map<std::string, std::string>& files,
                                        std::map<std::string, SourcePlace>& fetched, bool& network_off) {
  network_off = false;
  std::map<std::string, std::string> locked = locked_versions(files, chart);
  std::vector<std::pair<ChartReference, SourcePlace>> wanted;
  for (const char* name : {"Chart.yaml", "requirements.yaml"}) {
    auto it = files.find(join_path(chart, name));
    if (it == files.end()) continue;
    yaml::ParsedFile parsed = yaml::parse_yaml(it->second);
    if (parsed.documents.empty()) continue;
    for (yaml::Node d : parsed.documents[0].root.get("dependencies").elements()) {
      std::string repository(d.get("repository").text()), dependency(d.get("name").text());
      if (!from_repository(repository) || dependency.empty() || !is_clean_repo_path(dependency) ||
          dependency.find('/') != std::string::npos || vendored(files, join_path(chart, "charts"), dependency)) {
        continue;
      }
      auto lock = locked.find(dependency);
      std::string version = lock != locked.end() ? lock->second : std::string(d.get("version").text());
      wanted.push_back({{repository, dependency, version}, SourcePlace{0, join_path(chart, name), d.position()}});
    }
  }
  for (const auto& [ref, place] : wanted) {
    std::string what = ref.chart + " " + ref.version + " from " + redact_url(ref.repo_url);
    bool off = false;
    Expected<std::string> package = fetch(ref, off);
    if (!package) {
      network_off = off;
      return off ? "its dependency " + what + " is not vendored in charts/ and not fetched: " + package.error().message +
                       " (--allow-network " + chart_host(ref.repo_url) + " fetches it)"
                 : "its dependency " + what + " cannot be fetched: " + package.error().message;
    }
    std::string prefix = ref.chart + "/";
    auto entries = files_in_tar_gz(*package, max_inflated, [&](std::string_view n) { return n.starts_with(prefix); });
    if (!entries) return "its dependency " + what + ": the package cannot be read: " + entries.error().message;
    if (files.size() + entries->size() > max_files) return "the chart and its dependencies have more than " + std::to_string(max_files) + " files";
    for (auto& [name, text] : *entries) {
      if (!is_clean_repo_path(name)) return "its dependency " + what + " holds a path that leaves the chart";
      files[join_path(join_path(chart, "charts"), name)] = std::move(text);
    }
    fetched[join_path(join_path(chart, "charts"), ref.chart)] = place;
  }
  return {};
}

}  // namespace driftlint
