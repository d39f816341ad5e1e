// What Argo CD does with the repos: every Application (from the repos, the
// snapshot, and ApplicationSets expanded), which loaded repo each source is,
// which files each app deploys and as which objects, and who owns a live
// object. Built once per run by build_argo_model from small parts
// (collect_apps, appset, source_binding, deploy, app_drift); rules only read it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "argocd/application.h"
#include "argocd/appset_budget.h"
#include "argocd/argocd_config.h"
#include "drift/diff.h"
#include "load/loader.h"
#include "render/renderer.h"
#include "snapshot/snapshot.h"

namespace driftlint {

// One object an app would apply.
struct DesiredObject {
  uint32_t app = 0;
  uint32_t source = 0;
  yaml::Node object;                  // what is applied (rendered when kustomize was run)
  const Manifest* manifest = nullptr; // the repo manifest it comes from; nullptr when generated
  uint32_t file = 0;                  // where to report it (index into LoadResult::files)
  yaml::Position position;            // when `manifest` is null
  ObjectIdentity id;                  // namespace defaulted from the app's destination
  std::string key;                    // object_key(id)
};

struct LiveOwner {
  std::string app;
  std::string how;  // "tracking-id annotation", "app.kubernetes.io/instance label", "status.resources"
};

// One object's drift: a desired object and how its live copy differs.
struct ObjectDrift {
  const DesiredObject* desired = nullptr;
  std::vector<FieldDiff> diffs;
  std::vector<std::string> unjudged;  // ignoreDifferences entries that cannot be judged offline
};

struct ArgoModelOptions {
  // Renders kustomize and Helm sources; null: nothing is rendered (each
  // such source gets a note).
  Renderer* renderer = nullptr;
  bool strict_drift = false;  // report keys only the live object has
  AppSetLimits appset_limits;  // what expanding ApplicationSets may cost
  // Argo CD's own config (argocd-cm); null: a stock Argo CD 3.x's.
  const ArgoCdConfig* config = nullptr;
  // Applications and ApplicationSets that builds rendered (app-of-apps), in
  // a stable order: apps like those in the repos, after them.
  std::vector<const Manifest*> rendered_apps;
};

// A kustomize or Helm source of an app and what rendering it gave.
struct SourceRender {
  uint32_t app = 0;
  uint32_t source = 0;
  const RenderOutput* output = nullptr;  // owned by the renderer
};

struct ArgoModel {
  std::vector<Application> apps;  // each source's `bound` says which loaded repo and folder it reads
  // Per loaded file: the apps that deploy it.
  std::vector<std::vector<uint32_t>> file_apps;
  std::vector<DesiredObject> desired;
  std::vector<SourceRender> renders;  // every kustomize and Helm source, in app order
  // What Argo CD's controller refuses to generate, per ApplicationSet (render-failed).
  struct AppSetError {
    const Manifest* set = nullptr;
    std::string message;
  };
  std::vector<AppSetError> appset_errors;
  // Every desired object of a live app whose loaded revision is the live one,
  // compared with its live copy; objects another app owns are left out (they
  // are wrong-owner-repo's). Empty without a snapshot.
  std::vector<ObjectDrift> drift;
  std::vector<std::string> repo_identity;  // per loaded repo: normalize_git_url(url) or ""
  std::vector<std::string> notes;          // what could not be modelled, one line each
  // Some ApplicationSet could not be expanded completely (see notes).
  bool incomplete_application_sets = false;
  // ApplicationSets read (from the repos and the snapshot), whether or not they generated apps.
  size_t application_sets = 0;
  // Per ApplicationSet, what expanding it gave (for the coverage report), in name order.
  struct AppSetSummary {
    std::string name;
    size_t generators = 0, generators_expanded = 0, apps = 0, clusters_matched = 0;
    bool clusters = false;  // it has a clusters generator
    bool complete = true;
  };
  std::vector<AppSetSummary> application_set_summaries;
  // (app, source) of directory sources that hold .jsonnet files driftlint does not evaluate.
  std::set<std::pair<uint32_t, uint32_t>> jsonnet_sources;
  // Per loaded file: whether an ApplicationSet that could not be expanded
  // completely may deploy it (its template reaches the file's repo and
  // path), or a second definition of an app or set name the model keeps
  // only once (Argo CD keeps whichever was applied last), so that it is
  // never called undeployed.
  std::vector<bool> unexpanded_set_files;
  const Snapshot* snapshot = nullptr;      // may be null
  ArgoCdConfig config;                     // Argo CD's own settings, as chosen for the run

  bool has_apps() const { return !apps.empty(); }
  // Some Application or ApplicationSet is defined: which files are deployed can be judged.
  bool has_app_definitions() const { return has_apps() || application_sets > 0; }
  bool unexpanded_set_may_deploy(uint32_t file) const {
    return file < unexpanded_set_files.size() && unexpanded_set_files[file];
  }
  const Application* find_app(const std::string& name) const;
  // The index of an app of this model.
  uint32_t index_of(const Application& app) const { return static_cast<uint32_t>(&app - apps.data()); }
  // Who Argo CD says owns a live object: by the tracking method of
  // argocd-cm, its tracking annotation (when it names the object itself) or
  // its instance label (when an app of that name exists); else an app's
  // status.resources.
  std::optional<LiveOwner> owner_of(const Manifest& live) const;
  // Whether Argo CD leaves a desired object alone (resource.exclusions and
  // inclusions at its app's destination): it is neither applied nor compared.
  bool excluded(const DesiredObject& d) const;
  // Whether objects of this group/kind have no namespace.
  bool cluster_scoped(const std::string& group, const std::string& kind) const;
  // The loaded repo an URL names, or -1.
  int repo_for_url(const std::string& url) const;
  // Repo names an app reads (for messages): "infra_iam (https://...) path users".
  std::string describe_sources(const Application& app, const LoadResult& load) const;

  std::unordered_map<std::string, uint32_t> app_index;
  std::unordered_map<std::string, std::string> status_owner;  // object key -> app name
  std::unordered_map<std::string, bool> cluster_kinds;        // "group/Kind" -> cluster-scoped
  std::shared_ptr<Renderer> own_renderer;  // when none was given: renders nothing, holds the outputs
};

ArgoModel build_argo_model(const LoadResult& load, const Snapshot* snapshot, const ArgoModelOptions& options);

// The same in two steps around rendering, for a pipeline that renders the
// apps' builds in one batch with its own (root builds): begin_argo_model
// finds the apps and sets `requests` to the builds their sources need;
// finish_argo_model takes those requests' outputs, in order, and completes
// the model (what each app applies, ownership, drift). `options.renderer`
// is not used.
ArgoModel begin_argo_model(const LoadResult& load, const Snapshot* snapshot, const ArgoModelOptions& options,
                           std::vector<RenderRequest>& requests);
void finish_argo_model(const LoadResult& load, const std::vector<const RenderOutput*>& outputs,
                       const ArgoModelOptions& options, ArgoModel& model);

// Honours another copy of Argo CD's config that builds kustomizations the
// same way (same_build_settings): ownership, exclusions and system-level
// ignoreDifferences change, so drift is compared again.
void use_argocd_config(ArgoModel& model, ArgoCdConfig config, const ArgoModelOptions& options);

// The server URL of an app's destination ("" when it names a cluster other
// than in-cluster, whose URL is not known offline).
std::string destination_server(const Application& app);

// Parses "app:group/Kind:namespace/name" into the app name and object key.
std::optional<std::pair<std::string, std::string>> parse_tracking_id(std::string_view value);

// Whether a file at `path` (relative to the app path) is picked by a
// directory source's include/exclude globs (Argo CD matches `*` across '/').
bool directory_glob_match(const std::string& pattern, const std::string& relative_path);

}  // namespace driftlint
