#include "argocd/collect_apps.h"

#include <algorithm>
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

// Where a definition the model does not keep (a second Application or
// ApplicationSet of one name) deploys from: each source's repo and path. Argo
// CD keeps whichever copy was applied last, so the files of both count as deployed.
void shadowed_reach(const Application& app, const ArgoModel& model, std::vector<AppSetReach>& out) {
  for (const AppSource& source : app.sources) {
    int repo = model.repo_for_url(source.repo_url);
    if (repo < 0 || (!source.path && source.has_chart)) continue;
    std::string prefix = source.path ? normalize_app_path(*source.path) : std::string();
    if (!prefix.empty()) prefix += "/";
    AppSetReach r{repo, prefix, app.name};
    if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(std::move(r));
  }
}

void from_repos(const LoadResult& load, const std::vector<const Manifest*>& rendered, ArgoModel& model,
                std::vector<AppSetReach>& shadowed) {
  std::vector<const Manifest*> all;
  for (const Manifest& m : load.manifests) all.push_back(&m);
  all.insert(all.end(), rendered.begin(), rendered.end());
  for (size_t i = 0; i < all.size(); ++i) {
    const Manifest& m = *all[i];
    if (!is_argo_kind(m.id, "Application") || m.id.name.empty()) continue;
    Application app = parse_application(m.root);
    (i < load.manifests.size() ? app.repo_manifest : app.rendered_manifest) = &m;
    if (model.app_index.count(app.name)) {
      // A second definition (duplicate-app, or duplicate-resource in one file): its files count too.
      shadowed_reach(app, model, shadowed);
      continue;
    }
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
    app.rendered_manifest = model.apps[it->second].rendered_manifest;
    model.apps[it->second] = std::move(app);
  }
}

// A second ApplicationSet of a name the model already has: expanded only
// for where its apps (or, incomplete, its template) deploy from.
void expand_shadowed_set(const Manifest& set, const AppSetInputs& inputs, const ArgoModel& model,
                         std::vector<AppSetReach>& reach) {
  AppSetExpansion expansion = expand_application_set(set, inputs);
  reach.insert(reach.end(), expansion.reach.begin(), expansion.reach.end());
  for (const Application& app : expansion.apps) shadowed_reach(app, model, reach);
}

void from_application_sets(const LoadResult& load, const LoadIndex& index, const Snapshot* snapshot,
                           AppSetBudget& budget, const std::vector<const Manifest*>& rendered, ArgoModel& model,
                           std::vector<AppSetReach>& reach) {
  // The live ApplicationSet wins over the repo copy of the same name, and a repo's over a rendered one.
  std::map<std::string, const Manifest*> sets;
  std::vector<const Manifest*> shadowed_sets;
  for (const Manifest& m : load.manifests) {
    if (is_argo_kind(m.id, "ApplicationSet") && !sets.emplace(m.id.name, &m).second) shadowed_sets.push_back(&m);
  }
  for (const Manifest* m : rendered) {
    if (is_argo_kind(m->id, "ApplicationSet") && !sets.emplace(m->id.name, m).second) shadowed_sets.push_back(m);
  }
  if (snapshot) {
    for (const Manifest& m : snapshot->objects) {
      if (is_argo_kind(m.id, "ApplicationSet")) sets[m.id.name] = &m;
    }
  }
  AppSetInputs inputs{load, index, snapshot, [&model](const std::string& url) { return model.repo_for_url(url); },
                      &budget};
  model.application_sets = sets.size();
  for (const auto& [name, set] : sets) {
    AppSetExpansion expansion = expand_application_set(*set, inputs);
    model.application_set_summaries.push_back({name, expansion.generators, expansion.generators_expanded,
                                               expansion.apps.size(), expansion.clusters_matched, expansion.clusters,
                                               expansion.complete});
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
  for (const Manifest* set : shadowed_sets) expand_shadowed_set(*set, inputs, model, reach);
}

}  // namespace

void collect_applications(const LoadResult& load, const LoadIndex& index, const Snapshot* snapshot,
                          AppSetBudget& budget, const std::vector<const Manifest*>& rendered, ArgoModel& model) {
  std::vector<AppSetReach> reach;
  from_repos(load, rendered, model, reach);
  if (snapshot) from_snapshot(*snapshot, model);
  from_application_sets(load, index, snapshot, budget, rendered, model, reach);
  model.unexpanded_set_files = files_in_reach(reach, load, index);
}

}  // namespace driftlint
