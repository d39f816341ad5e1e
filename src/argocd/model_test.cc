#include "argocd/model.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "load/memory_repo.h"
#include "snapshot/snapshot.h"

namespace driftlint {
namespace {

LoadResult load(std::map<std::string, std::string> files, const std::string& url) {
  return load_memory_repo(std::move(files), "infra", url);
}

std::vector<std::string> app_names(const ArgoModel& model) {
  std::vector<std::string> out;
  for (const Application& a : model.apps) out.push_back(a.name);
  std::sort(out.begin(), out.end());
  return out;
}

bool deployed(const LoadResult& l, const ArgoModel& m, const std::string& path) {
  for (size_t f = 0; f < l.files.size(); ++f) {
    if (l.files[f].path == path) return !m.file_apps[f].empty();
  }
  ADD_FAILURE() << "no file " << path;
  return false;
}

TEST(ArgoModelTest, TrackingIds) {
  auto parsed = parse_tracking_id("users:/ConfigMap:argo/sem");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->first, "users");
  EXPECT_EQ(parsed->second, object_key("", "ConfigMap", "argo", "sem"));
  EXPECT_EQ(parse_tracking_id("app:apps/Deployment:ns/x")->second, object_key("apps", "Deployment", "ns", "x"));
  EXPECT_FALSE(parse_tracking_id("no-colons"));
  EXPECT_FALSE(parse_tracking_id("a:b:c"));
}

TEST(ArgoModelTest, DirectoryGlobsCrossSlashesLikeArgoCd) {
  EXPECT_TRUE(directory_glob_match("*.yaml", "a.yaml"));
  EXPECT_TRUE(directory_glob_match("*.yaml", "sub/a.yaml"));
  EXPECT_TRUE(directory_glob_match("{config.json,env-usw2/*}", "env-usw2/x/y.yaml"));
  EXPECT_FALSE(directory_glob_match("*.json", "a.yaml"));
}

TEST(ArgoModelTest, ApplicationSetsAndDirectoriesDecideWhatIsDeployed) {
  LoadResult l = load({{"argocd/apps.yaml", R"(
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: teams}
spec:
  goTemplate: true
  generators:
  - git:
      repoURL: git@git.example:org/infra.git
      directories: [{path: 'teams/*'}, {path: teams/old, exclude: true}]
  template:
    metadata: {name: 'team-{{.path.basename}}'}
    spec:
      source: {repoURL: 'https://git.example/org/infra.git', path: '{{.path.path}}'}
      destination: {namespace: '{{.path.basename}}'}
      syncPolicy: {automated: {selfHeal: true}}
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: flat}
spec:
  source:
    repoURL: https://git.example/org/infra.git/
    path: flat
    directory: {include: '*.yaml', exclude: 'skip-*'}
  destination: {namespace: flat}
)"},
                       {"teams/a/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"},
                       {"teams/old/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: old}\n"},
                       {"teams/.hidden/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: h}\n"},
                       {"flat/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: f}\n"},
                       {"flat/skip-me.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: s}\n"},
                       {"flat/sub/deep.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: d}\n"},
                       {"flat/c.json", "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"j\"}}"}},
                      "https://git.example/org/infra");
  ArgoModel m = build_argo_model(l, nullptr, ArgoModelOptions{});
  EXPECT_EQ(app_names(m), (std::vector<std::string>{"flat", "team-a"}));
  EXPECT_TRUE(deployed(l, m, "teams/a/cm.yaml"));
  EXPECT_FALSE(deployed(l, m, "teams/old/cm.yaml"));     // exclude wins
  EXPECT_FALSE(deployed(l, m, "teams/.hidden/cm.yaml"));  // dot folders are skipped
  EXPECT_TRUE(deployed(l, m, "flat/cm.yaml"));
  EXPECT_FALSE(deployed(l, m, "flat/skip-me.yaml"));
  EXPECT_FALSE(deployed(l, m, "flat/sub/deep.yaml"));  // no recurse
  EXPECT_FALSE(deployed(l, m, "flat/c.json"));         // not included
  const Application* team = m.find_app("team-a");
  ASSERT_NE(team, nullptr);
  EXPECT_TRUE(team->automated && team->self_heal);
  EXPECT_EQ(team->application_set, "teams");
  // Namespaces default to the destination.
  auto it = std::find_if(m.desired.begin(), m.desired.end(), [](const DesiredObject& d) { return d.id.name == "a"; });
  ASSERT_NE(it, m.desired.end());
  EXPECT_EQ(it->id.ns, "a");
}

TEST(ArgoModelTest, KustomizationsDeployWhatTheyReference) {
  LoadResult l = load({{"apps.yaml", "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: k}\n"
                                     "spec: {source: {repoURL: 'https://git.example/org/infra.git', path: overlay}}\n"},
                       {"overlay/kustomization.yaml", "resources: [../base, extra.yaml]\npatches: [{path: patch.yaml}]\n"},
                       {"overlay/extra.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: e}\n"},
                       {"overlay/patch.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n"},
                       {"overlay/unused.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: u}\n"},
                       {"base/kustomization.yaml", "resources: [cm.yaml]\n"},
                       {"base/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n"}},
                      "https://git.example/org/infra.git");
  ArgoModel m = build_argo_model(l, nullptr, ArgoModelOptions{});
  EXPECT_TRUE(deployed(l, m, "overlay/extra.yaml"));
  EXPECT_TRUE(deployed(l, m, "overlay/patch.yaml"));
  EXPECT_TRUE(deployed(l, m, "base/cm.yaml"));
  EXPECT_FALSE(deployed(l, m, "overlay/unused.yaml"));
  // A tree in memory cannot be rendered: drift of its objects is not judged, and a note says so.
  EXPECT_TRUE(std::none_of(m.desired.begin(), m.desired.end(), [](const DesiredObject& d) { return d.app == 0; }));
  ASSERT_FALSE(m.notes.empty());
  EXPECT_NE(m.notes[0].find("not rendered"), std::string::npos) << m.notes[0];
}

// Who owns a live object, by each tracking method of argocd-cm.
class OwnershipTest : public ::testing::Test {
 protected:
  OwnershipTest()
      : snapshot_(load_snapshot_text(R"(
apiVersion: v1
kind: List
items:
- apiVersion: argoproj.io/v1alpha1
  kind: Application
  metadata: {name: users, namespace: argocd}
  spec: {source: {repoURL: https://git.example/org/iam.git, path: users}, destination: {namespace: argo}}
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: annotated
    namespace: argo
    annotations: {argocd.argoproj.io/tracking-id: 'users:/ConfigMap:argo/annotated'}
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: copied
    namespace: other
    annotations: {argocd.argoproj.io/tracking-id: 'users:/ConfigMap:argo/annotated'}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: helm-labelled, namespace: argo, labels: {app.kubernetes.io/instance: users}}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: custom-labelled, namespace: argo, labels: {team.example/app: users}}
)", "snapshot.yaml")) {}

  std::string owner(const std::string& name, const ArgoCdSettings& settings) {
    ArgoCdConfig config;
    config.settings = settings;
    ArgoModelOptions options;
    options.config = &config;
    ArgoModel model = build_argo_model(load_, &snapshot_.snapshot, options);
    for (const Manifest& m : snapshot_.snapshot.objects) {
      if (m.id.name != name) continue;
      std::optional<LiveOwner> o = model.owner_of(m);
      return o ? o->app + " by " + o->how : "nobody";
    }
    return "missing";
  }

  SnapshotLoad snapshot_;
  LoadResult load_ = load({}, "https://git.example/org/infra.git");
};

TEST_F(OwnershipTest, AnnotationTrackingIsTheDefaultAndIgnoresTheInstanceLabel) {
  ArgoCdSettings s;
  EXPECT_EQ(owner("annotated", s), "users by tracking-id annotation");
  EXPECT_EQ(owner("helm-labelled", s), "nobody");  // a Helm release label is not Argo CD's
  EXPECT_EQ(owner("copied", s), "nobody");         // the annotation names another object
  s.tracking = TrackingMethod::AnnotationAndLabel;
  EXPECT_EQ(owner("helm-labelled", s), "nobody");
  EXPECT_EQ(owner("annotated", s), "users by tracking-id annotation");
}

TEST_F(OwnershipTest, LabelTrackingReadsTheInstanceLabelKey) {
  ArgoCdSettings s;
  s.tracking = TrackingMethod::Label;
  EXPECT_EQ(owner("helm-labelled", s), "users by app.kubernetes.io/instance label");
  EXPECT_EQ(owner("annotated", s), "nobody");
  s.instance_label_key = "team.example/app";
  EXPECT_EQ(owner("custom-labelled", s), "users by team.example/app label");
  EXPECT_EQ(owner("helm-labelled", s), "nobody");
}

TEST_F(OwnershipTest, AnInstallationIdMustMatch) {
  ArgoCdSettings s;
  s.installation_id = "blue";
  EXPECT_EQ(owner("annotated", s), "nobody");
}

}  // namespace
}  // namespace driftlint
