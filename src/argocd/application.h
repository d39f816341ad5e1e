// Argo CD Applications as driftlint reads them: where their manifests come
// from (sources), how they sync (automated, selfHeal, ignoreDifferences) and,
// from a snapshot, what they have live (revisions, resources).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/expected.h"
#include "model/manifest.h"
#include "yaml/tree.h"

namespace driftlint {

enum class SourceType { Directory, Kustomize, Helm, Plugin, Ref };

// How the loaded copy of a source's repo stands to the revision its app has live.
enum class RevisionState {
  Unknown,     // no live revision (no snapshot, or not synced yet)
  NotGit,      // the repo is not read from git: its revision cannot be compared
  Same,        // the checked commit is the live one
  Ahead,       // the checked commit contains the live one (and more)
  Behind,      // the live commit contains the checked one: the checkout is stale
  Diverged,    // neither contains the other
  NotFetched,  // the live commit is not in the local repository
};

struct SourceRevision {
  RevisionState state = RevisionState::Unknown;
  std::string live;     // the live commit id
  std::string checked;  // the loaded commit id
  size_t ahead = 0, behind = 0;
  // Files under the source's path that differ between the checked and the
  // live commit (and, for a dirty work tree, uncommitted changes there).
  std::vector<std::string> changed;
  std::string error;
  // Whether the loaded files are what the app has live, so that comparing
  // them with the cluster is meaningful.
  bool comparable() const;
};

// What this run found for a source: the loaded repo it reads, its folder
// there, and how the loaded commit stands to the live one.
struct BoundSource {
  int repo = -1;  // index into LoadResult::repos, -1 when no loaded repo matches
  // The source's path relative to the loaded repo's root; nullopt when the
  // path lies outside the loaded folder or the source has none.
  std::optional<std::string> folder;
  SourceRevision revision;
  // Why Argo CD would refuse to render the source because a path it names
  // leaves the repo (Argo CD's own words: "app path outside root", "value
  // file ... resolved to outside repository root"), and the node naming it.
  // Such a source is never read, copied or rendered.
  std::string refused;
  yaml::Node refused_node;
};

struct AppSource {
  std::string repo_url;
  std::string target_revision;      // "" means HEAD
  std::optional<std::string> path;  // as written; nullopt when absent
  bool recurse = false;
  std::string include;  // directory.include glob ("" = every file)
  std::string exclude;
  bool has_chart = false;      // a chart from a Helm repository
  bool has_helm = false;       // a helm: block
  bool has_kustomize = false;  // a kustomize: block
  bool has_plugin = false;
  std::optional<std::string> ref;  // a `ref:` source that only supplies value files
  yaml::Node path_node;            // for positions (may be invalid)
  yaml::Node node;
  BoundSource bound;  // set by the Argo CD model (bind_sources)
};

// The normalised path: no "./", no trailing "/", "" for the repo root.
std::string normalize_app_path(const std::string& path);

// An app's `path` as Argo CD's repo server takes it (util/app/path.Path):
// the clean repo-relative folder, or its error for a path that is absolute
// ("/etc: app path is absolute") or climbs out ("../..: app path outside root").
Expected<std::string> app_path_in_repo(const std::string& path);

struct IgnoreDifference {
  std::string group;  // "" core, "*" any
  std::string kind;   // "*" any
  std::string name;   // "" any
  std::string ns;     // "" any
  std::vector<std::string> json_pointers;
  std::vector<std::string> jq_path_expressions;
  std::vector<std::string> managed_fields_managers;
};

struct ResourceRef {
  std::string group, kind, ns, name;
};

struct Application {
  std::string name;
  std::string ns;  // where the Application object lives (argocd)
  std::vector<AppSource> sources;
  std::string destination_namespace;
  std::string project;             // spec.project
  std::string destination_server;  // spec.destination.server ("" when named)
  std::string destination_name;    // spec.destination.name
  bool automated = false;  // auto-sync on
  bool prune = false;
  bool self_heal = false;
  std::vector<IgnoreDifference> ignore_differences;

  // Live state (from a snapshot).
  bool live = false;
  std::string sync_status;                  // Synced, OutOfSync, Unknown, "" when absent
  std::string health_status;                // Healthy, Progressing, Degraded, ..., "" when absent
  std::vector<std::string> live_revisions;  // one per source; "" where unknown
  std::vector<ResourceRef> resources;       // status.resources

  // Where it came from.
  const Manifest* repo_manifest = nullptr;  // the Application in a loaded repo
  // The Application a build rendered (app-of-apps: a chart or kustomization
  // that makes Applications); its nodes' places are the template's or values'.
  const Manifest* rendered_manifest = nullptr;
  const Manifest* live_manifest = nullptr;  // the Application in the snapshot
  std::string application_set;              // the ApplicationSet that generates it
  const Manifest* application_set_manifest = nullptr;
  // A generated app's rendered template: its nodes (sources, paths) live
  // here and carry the positions of the set's template.
  std::shared_ptr<const yaml::Tree> generated_tree;
};

// Reads an Application (or an Application an ApplicationSet generated, from
// its rendered template). Sources, flags and ignoreDifferences keep their
// nodes for positions.
Application parse_application(yaml::Node root);

// Fills the live fields from an Application's status.
void read_application_status(yaml::Node root, Application& app);

}  // namespace driftlint
