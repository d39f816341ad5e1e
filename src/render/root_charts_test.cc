#include "render/root_charts.h"

#include <gtest/gtest.h>

#include "load/memory_repo.h"

namespace driftlint {
namespace {

LoadResult load(std::map<std::string, std::string> files) { return load_memory_repo(std::move(files), "charts"); }

std::vector<std::string> described(const RootCharts& charts) {
  std::vector<std::string> out;
  for (const RenderRequest& r : charts.requests) {
    std::string line = r.folder + " as " + r.helm.release_name;
    for (const HelmOptions::ValueFile& v : r.helm.value_files) line += " with " + v.path;
    out.push_back(line);
  }
  return out;
}

TEST(RootChartsTest, EachChartNoParentRendersWithItsDefaultsThenEachCiValuesFile) {
  LoadResult l = load({
      {"serving/Chart.yaml", "apiVersion: v2\nname: serving\nversion: 1.0.0\n"},
      {"serving/values.yaml", "replicas: 1\n"},
      {"serving/ci/gpu-values.yaml", "gpu: true\n"},
      {"serving/ci/a-values.yaml", "replicas: 2\n"},
      {"serving/ci/notes.yaml", "not: a values file by the convention\n"},
      {"Install Chart/Chart.yaml", "apiVersion: v2\nname: Install_Chart\nversion: 1.0.0\n"},
  });
  RootCharts charts = root_charts(l, LoadIndex(l), {});
  EXPECT_EQ(described(charts), (std::vector<std::string>{"Install Chart as release-name", "serving as serving",
                                                         "serving as serving with serving/ci/a-values.yaml",
                                                         "serving as serving with serving/ci/gpu-values.yaml"}));
  EXPECT_TRUE(charts.library.empty());
}

TEST(RootChartsTest, ChartsAParentRendersAreLeftToIt) {
  LoadResult l = load({
      {"app/Chart.yaml", "apiVersion: v2\nname: app\nversion: 1.0.0\n"
                         "dependencies:\n- {name: common, version: 1.x, repository: 'file://../common'}\n"},
      {"common/Chart.yaml", "apiVersion: v2\nname: common\nversion: 1.0.0\n"},
      {"app/charts/redis/Chart.yaml", "apiVersion: v2\nname: redis\nversion: 1.0.0\n"},
      {"legacy/Chart.yaml", "apiVersion: v1\nname: legacy\nversion: 1.0.0\n"},
      {"legacy/requirements.yaml", "dependencies:\n- {name: old, version: 1, repository: 'file://../old'}\n"},
      {"old/Chart.yaml", "apiVersion: v1\nname: old\nversion: 1.0.0\n"},
      {"lib/Chart.yaml", "apiVersion: v2\nname: lib\ntype: library\nversion: 1.0.0\n"},
      {"kustomized/kustomization.yaml", "helmCharts:\n- {name: inflated}\n"},
      {"kustomized/charts/inflated/Chart.yaml", "apiVersion: v2\nname: inflated\nversion: 1.0.0\n"},
      {"by-app/Chart.yaml", "apiVersion: v2\nname: by-app\nversion: 1.0.0\n"},
  });
  RootCharts charts = root_charts(l, LoadIndex(l), {{0, "by-app"}});
  EXPECT_EQ(described(charts), (std::vector<std::string>{"app as app", "legacy as legacy"}));
  EXPECT_EQ(charts.library, std::vector<std::string>{"charts/lib"});
}

}  // namespace
}  // namespace driftlint
