#include "fs/helm_charts.h"

#include <vector>

#include "base/strings.h"

namespace driftlint {

std::optional<std::string> helm_templates_dir_of(const std::string& path,
                                                 const std::function<bool(const std::string&)>& exists) {
  if (path.find("templates/") == std::string::npos) return std::nullopt;  // most paths: no folder below can be one
  std::vector<std::string_view> parts = split(path, '/');
  std::string prefix;
  bool under_charts = false;
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    std::string chart = prefix;
    if (parts[i] == "templates") {
      std::string chart_dir = chart.empty() ? "" : chart + "/";
      if (under_charts || exists(chart_dir + "Chart.yaml") || exists(chart_dir + "values.yaml")) {
        return chart_dir + "templates";
      }
    }
    if (parts[i] == "charts") under_charts = true;
    if (!prefix.empty()) prefix += '/';
    prefix += parts[i];
  }
  return std::nullopt;
}

}  // namespace driftlint
