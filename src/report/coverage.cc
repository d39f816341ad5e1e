#include "report/coverage.h"

#include <algorithm>
#include <array>

#include "fs/repo_path.h"

namespace driftlint {

size_t Coverage::incomplete_apps() const {
  size_t n = 0;
  for (const App& a : apps) n += a.state == AppState::Failed || a.state == AppState::NotRendered;
  return n;
}

bool template_rendered(const Coverage* c, uint32_t repo, const SkippedPath& skipped) {
  return c && skipped.not_rendered && basename_of(skipped.path) == "templates" &&
         c->rendered_charts.count({repo, parent_of(skipped.path)});
}

size_t templates_not_rendered(const LoadResult& load, const Coverage* c) {
  return static_cast<size_t>(std::count_if(load.skipped.begin(), load.skipped.end(), [&](const auto& s) {
    return s.second.not_rendered && !template_rendered(c, s.first, s.second);
  }));
}

const char* app_state_name(Coverage::AppState state) {
  switch (state) {
    case Coverage::AppState::Rendered:
      return "rendered";
    case Coverage::AppState::Files:
      return "plain files";
    case Coverage::AppState::NotLoaded:
      return "repo not loaded";
    case Coverage::AppState::NotRendered:
      return "not rendered";
    case Coverage::AppState::Failed:
      return "failed";
  }
  return "";
}

std::string app_set_line(const Coverage::AppSet& s) {
  auto count = [](size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
  std::string line = "ApplicationSet '" + s.name + "': " + std::to_string(s.generators_expanded) + " of " +
                     count(s.generators, "generator", "generators") + " expanded, " + count(s.apps, "app", "apps") +
                     " generated";
  if (s.clusters) line += ", " + count(s.clusters_matched, "cluster", "clusters") + " matched";
  return s.complete ? line : line + " (incomplete: the notes say why)";
}

std::string coverage_line(const Coverage& c) {
  std::string line = "coverage: ";
  if (!c.apps.empty()) {
    std::array<size_t, 5> by_state{};
    for (const Coverage::App& a : c.apps) ++by_state[static_cast<size_t>(a.state)];
    line += std::to_string(c.apps.size()) + (c.apps.size() == 1 ? " app:" : " apps:");
    std::string parts;
    for (size_t s = 0; s < by_state.size(); ++s) {
      if (!by_state[s]) continue;
      parts += (parts.empty() ? " " : ", ") + std::to_string(by_state[s]) + " " +
               app_state_name(static_cast<Coverage::AppState>(s));
    }
    line += parts + "; ";
  }
  size_t builds = c.builds_rendered + c.builds_failed + c.builds_not_rendered;
  line += std::to_string(builds) + (builds == 1 ? " build" : " builds");
  std::string parts;
  for (auto [n, what] : {std::pair{c.builds_rendered, "rendered"}, std::pair{c.builds_failed, "failed"},
                         std::pair{c.builds_not_rendered, "not rendered"}}) {
    if (n) parts += (parts.empty() ? ": " : ", ") + std::to_string(n) + " " + what;
  }
  line += parts;
  line += "; " + std::to_string(c.objects_rendered) + (c.objects_rendered == 1 ? " object" : " objects") +
          " judged as rendered, " + std::to_string(c.objects_as_files) + " as files";
  return line;
}

}  // namespace driftlint
