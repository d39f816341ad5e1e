#include "argocd/collect_apps.h"

#include <map>

#include "argocd/appset.h"

namespace driftlint {

namespace {

bool is_argo_kind(const ObjectIdentity& id, std::string_view kind) {
  return id.group == "argoproj.io" && id.kind == kind;
}

void add_app(ArgoModel& model, Application app) {
  model.app_index.emplace(app.name, static_cast<uint32_t>(model.apps.size()));
  model.apps.push_back(std::move(app));
}

void from_repos(const LoadResult& load, ArgoModel& model) {
  for (const Manifest& m : load.manifests) {
    if (!is_argo_kind(m.id, "Application") || m.id.name.empty()) continue;
    Application app = parse_application(m.root);
    app.repo_manifest = &m;
    if (model.app_index.count(app.name)) continue;  // duplicate-resource reports copies
    add_app(model, std::move(app));
  }
}

void from_snapshot(const Snapshot& snapshot, ArgoModel& model) {
  for (const Manifest& m : snapshot.objects) {
    if (!is_argo_kind(m.id, "Application") || m.id.name.empty()) continue;
    Application app = parse_application(m.root);
    read_application_status(m.root, app);
    app.live = true;
    app.live_manifest = &m;
    auto it = model.app_index.find(app.name);
    if (it == model.app_index.end()) {
      add_app(model, std::move(app));
      continue;
    }
    app.repo_manifest = model.apps[it->second].repo_manifest;
    model.apps[it->second] = std::move(app);
  }
}

void from_application_sets(const LoadResult& load, const LoadIndex& index, const Snapshot* snapshot,
                           AppSetBudget& budget, ArgoModel& model) {
  // The live ApplicationSet wins over the repo copy of the same name.
  std::map<std::string, const Manifest*> sets;
  for (const Manifest& m : load.manifests) {
    if (is_argo_kind(m.id, "ApplicationSet")) sets.emplace(m.id.name, &m);
  }
  if (snapshot) {
    for (const Manifest& m : snapshot->objects) {
      if (is_argo_kind(m.id, "ApplicationSet")) sets[m.id.name] = &m;
    }
  }
  AppSetInputs inputs{load, index, snapshot, [&model](const std::string& url) { return model.repo_for_url(url); },
                      &budget};
  std::vector<AppSetReach> reach;
  for (const auto& [name, set] : sets) {
    AppSetExpansion expansion = expand_application_set(*set, inputs);
    for (std::string& note : expansion.notes) model.notes.push_back(std::move(note));
    for (std::string& error : expansion.errors) model.appset_errors.push_back({set, std::move(error)});
    model.incomplete_application_sets = model.incomplete_application_sets || !expansion.complete;
    reach.insert(reach.end(), expansion.reach.begin(), expansion.reach.end());
    for (Application& app : expansion.apps) {
      auto it = model.app_index.find(app.name);
      if (it == model.app_index.end()) {
        add_app(model, std::move(app));
        continue;
      }
      // The generated app is live (or in a repo) already: it keeps that spec.
      model.apps[it->second].application_set = app.application_set;
      model.apps[it->second].application_set_manifest = app.application_set_manifest;
    }
  }
  model.unexpanded_set_files = files_in_reach(reach, load, index);
}

}  // namespace

void collect_applications(const LoadResult& load, const LoadIndex& index, const Snapshot* snapshot,
                          AppSetBudget& budget, ArgoModel& model) {
  from_repos(load, model);
  if (snapshot) from_snapshot(*snapshot, model);
  from_application_sets(load, index, snapshot, budget, model);
}

}  // namespace driftlint
