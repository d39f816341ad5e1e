#include "report/app_placement.h"

#include <algorithm>
#include <map>

#include "argocd/model.h"

namespace driftlint {

namespace {

std::vector<uint32_t> apps_of(const ArgoModel& argo, const Finding& f, const std::vector<uint32_t>* file_apps) {
  std::vector<uint32_t> out;
  if (f.object && f.object->kind == "Application") {
    if (const Application* app = argo.find_app(f.object->name)) return {argo.index_of(*app)};
  }
  for (const std::string& name : f.apps) {
    if (const Application* app = argo.find_app(name)) out.push_back(argo.index_of(*app));
  }
  if (out.empty() && file_apps) out = *file_apps;
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

FindingPlacement place_findings(const ReportInput& input) {
  const LoadResult& load = input.load;
  const std::vector<Finding>& findings = input.lint.findings;
  FindingPlacement out;
  out.apps.resize(findings.size());
  out.not_deployed.resize(findings.size(), false);
  const ArgoModel* argo = input.argo;
  if (!argo || !argo->has_apps()) return out;
  std::map<std::pair<std::string, std::string>, uint32_t> file_index;
  for (uint32_t f = 0; f < load.files.size(); ++f) file_index[{load.repo_name(load.files[f].repo), load.files[f].path}] = f;
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding& f = findings[i];
    std::optional<uint32_t> file;
    if (f.repo && f.path) {
      auto it = file_index.find({*f.repo, *f.path});
      if (it != file_index.end()) file = it->second;
    }
    if (f.rule == "not-deployed") {
      out.not_deployed[i] = true;
      continue;
    }
    const std::vector<uint32_t>* file_apps = file && *file < argo->file_apps.size() ? &argo->file_apps[*file] : nullptr;
    out.apps[i] = apps_of(*argo, f, file_apps);
    out.not_deployed[i] = out.apps[i].empty() && file && !argo->unexpanded_set_may_deploy(*file);
  }
  return out;
}

std::string app_destination(const Application& app) {
  if (!app.destination_server.empty()) return app.destination_server;
  if (!app.destination_name.empty()) return app.destination_name;
  return "(no destination)";
}

}  // namespace driftlint
