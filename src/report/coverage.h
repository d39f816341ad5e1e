// What a check rendered and judged, and what it could not: per Argo CD app,
// whether its sources were rendered, read as plain files, failed or were not
// rendered (and why); the builds and objects behind that. A clean run means
// the applied objects were checked only when every app is complete
// (--fail-on-incomplete makes that the gate).
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "load/loader.h"

namespace driftlint {

struct Coverage {
  enum class AppState { Rendered, Files, NotLoaded, NotRendered, Failed };
  struct App {
    std::string name;
    AppState state = AppState::Files;
    std::string why;  // for NotLoaded, NotRendered and Failed: the first source's reason
  };
  std::vector<App> apps;  // in the model's order
  struct AppSet {
    std::string name;
    size_t generators = 0, generators_expanded = 0, apps = 0, clusters_matched = 0;
    bool clusters = false;  // it has a clusters generator (else clusters_matched says nothing)
    bool complete = true;
  };
  std::vector<AppSet> application_sets;  // in name order
  size_t builds_rendered = 0, builds_failed = 0, builds_not_rendered = 0;
  size_t builds_from_cache = 0;  // of builds_rendered and builds_failed; not in the reports (cold and warm runs agree)
  size_t objects_rendered = 0, objects_as_files = 0;  // the applied objects rules judged
  // (repo, folder) of each chart a build rendered: its templates/ were checked.
  std::set<std::pair<uint32_t, std::string>> rendered_charts;

  // Apps whose sources could not all be rendered: what reaches the cluster was
  // not (all) checked. An app from a repo that was not given is not counted.
  size_t incomplete_apps() const;
};

// The templates the load skipped that no build rendered either (a chart's
// templates/ that a rendered build of the chart covers is checked). A null
// coverage counts every skipped template.
bool template_rendered(const Coverage* c, uint32_t repo, const SkippedPath& skipped);
size_t templates_not_rendered(const LoadResult& load, const Coverage* c);

const char* app_state_name(Coverage::AppState state);

// "ApplicationSet 'teams': 2 of 3 generators expanded, 12 apps generated, 4 clusters matched
// (incomplete: the notes say why)"; clusters only for a set with a clusters generator.
std::string app_set_line(const Coverage::AppSet& s);  // "rendered", "files", "not loaded", ...

// "coverage: 9 apps: 6 rendered, 1 plain files, 1 not rendered, 1 failed; 40 builds: 35 rendered,
// 3 failed, 2 not rendered; 1234 objects judged as rendered, 56 as files" (counts of 0 left out).
std::string coverage_line(const Coverage& c);

}  // namespace driftlint
