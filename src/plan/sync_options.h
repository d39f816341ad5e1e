// Argo CD's sync options as they apply to one app and one object: the app's
// syncPolicy (automated, prune, selfHeal, allowEmpty, syncOptions), the
// deletion finalizer, what the ApplicationSet that generates it adds
// (RollingSync, applicationsSync, preserveResourcesOnDeletion), and an
// object's annotations (sync-options, compare-options, sync-wave, hooks and
// their delete policies, Helm's hook annotations as Argo CD maps them).
// docs/plan.md cites the Argo CD documentation and code for each.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "argocd/application.h"
#include "yaml/tree.h"

namespace driftlint {

inline constexpr const char* kResourcesFinalizer = "resources-finalizer.argocd.argoproj.io";

struct AppSyncPolicy {
  bool automated = false;  // auto-sync on (`automated` present and not `enabled: false`)
  bool prune = false;
  bool self_heal = false;
  bool allow_empty = false;
  bool retry = false;  // syncPolicy.retry
  // spec.syncPolicy.syncOptions, "Name" -> "value" (the last one wins).
  std::map<std::string, std::string> options;
  bool managed_namespace_metadata = false;
  std::string finalizer;  // the resources finalizer the Application carries, "" when none

  // From the ApplicationSet that generates the app.
  std::string application_set;
  bool rolling_sync = false;
  int rolling_step = 0;            // 1-based step that selects the app; 0: none
  std::string applications_sync;   // spec.syncPolicy.applicationsSync, "" when unset
  bool preserve_resources = false;  // spec.syncPolicy.preserveResourcesOnDeletion

  // The value of a sync option ("" when unset).
  std::string option(const std::string& name) const;
  bool option_is(const std::string& name, const std::string& value) const { return option(name) == value; }
  // Whether auto-sync runs (RollingSync turns it off).
  bool auto_sync() const { return automated && !rolling_sync; }
};

// The Application's spec as the plan reads it: the copy in the repos (what
// the parent applies next), else the one an ApplicationSet renders, else the
// live one.
yaml::Node application_root(const Application& app);

AppSyncPolicy read_sync_policy(const Application& app);

// "auto-sync (prune, selfHeal)", "manual sync", "RollingSync step 2 (auto-sync off)".
std::string describe_sync_policy(const AppSyncPolicy& policy);

struct ObjectOptions {
  // argocd.argoproj.io/sync-options, "Name" -> "value".
  std::map<std::string, std::string> options;
  bool ignore_extraneous = false;  // compare-options: IgnoreExtraneous
  int wave = 0;                    // sync-wave, else helm.sh/hook-weight, else 0
  // PreSync, Sync, PostSync, SyncFail, PreDelete, PostDelete, Skip (Argo CD's
  // annotation, else Helm's hooks mapped onto them).
  std::vector<std::string> hooks;
  // A hook: never applied as a resource, run in its phases (none for a Helm
  // hook Argo CD does not map, such as `test`: it never runs).
  bool hook = false;
  std::vector<std::string> delete_policies;  // HookSucceeded, HookFailed, BeforeHookCreation (the default)
  bool helm_keep = false;                    // helm.sh/resource-policy: keep

  std::optional<std::string> option(const std::string& name) const;
  bool has(const std::string& name, const std::string& value) const;
  bool is_hook() const { return hook; }
  // `Skip` alone: never applied.
  bool skipped() const;
};

ObjectOptions read_object_options(yaml::Node object);

// Splits "a, b=c ,d" as Argo CD reads annotation lists (commas, spaces trimmed).
std::vector<std::string> annotation_csv(std::string_view value);

}  // namespace driftlint
