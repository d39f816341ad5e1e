#include "report/coverage.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(CoverageTest, OneLineCountsAppsBuildsAndObjects) {
  Coverage c;
  c.apps = {{"api", Coverage::AppState::Rendered, ""},
            {"web", Coverage::AppState::Failed, "x.yaml does not exist in the repo"},
            {"ingress", Coverage::AppState::NotRendered, "a chart from the Helm repository https://charts.example"},
            {"other", Coverage::AppState::NotLoaded, "its repo is not among the repos checked"},
            {"plain", Coverage::AppState::Files, ""}};
  c.builds_rendered = 3;
  c.builds_failed = 1;
  c.objects_rendered = 1;
  c.objects_as_files = 7;
  EXPECT_EQ(coverage_line(c),
            "coverage: 5 apps: 1 rendered, 1 plain files, 1 repo not loaded, 1 not rendered, 1 failed; "
            "4 builds: 3 rendered, 1 failed; 1 object judged as rendered, 7 as files");
  // A repo the user did not give is said, not counted against the gate.
  EXPECT_EQ(c.incomplete_apps(), 2u);
}

}  // namespace
}  // namespace driftlint
