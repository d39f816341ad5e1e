#include "plan/sync_options.h"

#include <gtest/gtest.h>

#include <memory>

#include "yaml/parser.h"

namespace driftlint {
namespace {

ObjectOptions options_of(const char* text) {
  yaml::ParsedFile f = yaml::parse_yaml(text);
  return read_object_options(f.documents[0].root);
}

TEST(SyncOptionsTest, ObjectAnnotationsAsArgoCdReadsThem) {
  ObjectOptions o = options_of(
      "metadata:\n  annotations:\n    argocd.argoproj.io/sync-options: ' Prune=false , Replace=true,Force=true '\n"
      "    argocd.argoproj.io/compare-options: IgnoreExtraneous\n    argocd.argoproj.io/sync-wave: '-3'\n");
  EXPECT_TRUE(o.has("Prune", "false"));
  EXPECT_TRUE(o.has("Replace", "true"));
  EXPECT_TRUE(o.has("Force", "true"));
  EXPECT_FALSE(o.option("ServerSideApply"));
  EXPECT_TRUE(o.ignore_extraneous);
  EXPECT_EQ(o.wave, -3);
  EXPECT_FALSE(o.is_hook());
}

TEST(SyncOptionsTest, HooksPhasesAndDeletePolicies) {
  ObjectOptions argo = options_of("metadata:\n  annotations:\n    argocd.argoproj.io/hook: PreSync,PostSync\n");
  EXPECT_TRUE(argo.is_hook());
  EXPECT_EQ(argo.hooks, (std::vector<std::string>{"PreSync", "PostSync"}));
  EXPECT_EQ(argo.delete_policies, (std::vector<std::string>{"BeforeHookCreation"}));  // the default
  // Helm's hooks are mapped (pre-* to PreSync, post-* to PostSync), its weight is the wave.
  ObjectOptions helm = options_of(
      "metadata:\n  annotations:\n    helm.sh/hook: pre-install,pre-upgrade\n    helm.sh/hook-weight: '7'\n"
      "    helm.sh/hook-delete-policy: hook-succeeded\n");
  EXPECT_EQ(helm.hooks, (std::vector<std::string>{"PreSync"}));
  EXPECT_EQ(helm.wave, 7);
  EXPECT_EQ(helm.delete_policies, (std::vector<std::string>{"HookSucceeded"}));
  // An Argo CD hook wins over Helm's; crd-install is no hook; a Helm test hook never runs.
  EXPECT_EQ(options_of("metadata:\n  annotations:\n    argocd.argoproj.io/hook: Sync\n    helm.sh/hook: post-install\n").hooks,
            std::vector<std::string>{"Sync"});
  EXPECT_FALSE(options_of("metadata:\n  annotations:\n    helm.sh/hook: crd-install\n").is_hook());
  EXPECT_EQ(options_of("metadata:\n  annotations:\n    helm.sh/hook: pre-delete\n").hooks, std::vector<std::string>{"PreDelete"});
  ObjectOptions test = options_of("metadata:\n  annotations:\n    helm.sh/hook: test\n");
  EXPECT_TRUE(test.is_hook());
  EXPECT_TRUE(test.hooks.empty());
  ObjectOptions skip = options_of("metadata:\n  annotations:\n    argocd.argoproj.io/hook: Skip\n");
  EXPECT_TRUE(skip.skipped());
  EXPECT_FALSE(skip.is_hook());
}

// An Application read from a repo (the copy the plan reads its policy from).
struct RepoApp {
  yaml::ParsedFile file;
  Manifest manifest;
  Application app;
};

std::unique_ptr<RepoApp> app_from(const char* text) {
  auto a = std::make_unique<RepoApp>();
  a->file = yaml::parse_yaml(text);
  a->manifest.root = a->file.documents[0].root;
  a->app = parse_application(a->manifest.root);
  a->app.repo_manifest = &a->manifest;
  return a;
}

TEST(SyncOptionsTest, AppPolicyAndFinalizer) {
  auto app = app_from(
      "metadata:\n  name: a\n  finalizers: [resources-finalizer.argocd.argoproj.io/background]\nspec:\n  syncPolicy:\n"
      "    automated: {prune: true, allowEmpty: true}\n    syncOptions: [CreateNamespace=true, PrunePropagationPolicy=orphan]\n"
      "    retry: {limit: 3}\n");
  AppSyncPolicy p = read_sync_policy(app->app);
  EXPECT_TRUE(p.auto_sync());
  EXPECT_TRUE(p.prune && p.allow_empty && p.retry);
  EXPECT_FALSE(p.self_heal);
  EXPECT_TRUE(p.option_is("CreateNamespace", "true"));
  EXPECT_EQ(p.option("PrunePropagationPolicy"), "orphan");
  EXPECT_EQ(p.finalizer, "resources-finalizer.argocd.argoproj.io/background");
  EXPECT_EQ(describe_sync_policy(p), "auto-sync (prune, allowEmpty)");
  auto off = app_from("spec:\n  syncPolicy:\n    automated: {enabled: false, prune: true}\n");
  AppSyncPolicy disabled = read_sync_policy(off->app);
  EXPECT_FALSE(disabled.auto_sync());
  EXPECT_EQ(describe_sync_policy(disabled), "manual sync");
}

TEST(SyncOptionsTest, RollingSyncTurnsAutoSyncOffAndFindsTheStep) {
  yaml::ParsedFile set_file = yaml::parse_yaml(
      "apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: regions}\nspec:\n"
      "  syncPolicy: {applicationsSync: create-update, preserveResourcesOnDeletion: true}\n"
      "  strategy:\n    type: RollingSync\n    rollingSync:\n      steps:\n"
      "      - matchExpressions: [{key: env, operator: In, values: [dev]}]\n"
      "      - matchExpressions: [{key: env, operator: NotIn, values: [dev, lab]}]\n");
  Manifest set;
  set.root = set_file.documents[0].root;
  auto prod = app_from("metadata:\n  name: p\n  labels: {env: prod}\nspec:\n  syncPolicy:\n    automated: {}\n");
  prod->app.application_set = "regions";
  prod->app.application_set_manifest = &set;
  AppSyncPolicy p = read_sync_policy(prod->app);
  EXPECT_TRUE(p.rolling_sync);
  EXPECT_FALSE(p.auto_sync());
  EXPECT_EQ(p.rolling_step, 2);
  EXPECT_EQ(p.applications_sync, "create-update");
  EXPECT_TRUE(p.preserve_resources);
}

}  // namespace
}  // namespace driftlint
