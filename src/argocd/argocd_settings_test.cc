#include "argocd/argocd_settings.h"

#include <gtest/gtest.h>

#include "argocd/argocd_config.h"
#include "argocd/kustomize_build_options.h"
#include "yaml/parser.h"

namespace driftlint {
namespace {

// An argocd-cm's data from YAML text (kept alive by the returned tree).
struct Data {
  explicit Data(std::string_view text) : parsed(yaml::parse_yaml(text)) {}
  yaml::Node root() const { return parsed.documents.at(0).root; }
  yaml::Node data() const { return root().get("data"); }
  yaml::ParsedFile parsed;
};

TEST(ArgoCdSettingsTest, WithoutAnArgocdCmAStock3xInstallIsAssumed) {
  const ArgoCdSettings& s = stock_argocd_settings();
  EXPECT_EQ(s.tracking, TrackingMethod::Annotation);
  EXPECT_EQ(s.instance_label_key, "app.kubernetes.io/instance");
  EXPECT_TRUE(s.kustomize_build_options.empty());
  // upgrading/2.14-3.0.md's list, from the install manifest's argocd-cm.
  for (const char* kind : {"Endpoints", "Lease", "TokenReview", "SubjectAccessReview"}) {
    std::string group = std::string(kind) == "Lease" ? "coordination.k8s.io"
                        : std::string(kind) == "Endpoints" ? ""
                        : std::string(kind) == "TokenReview" ? "authentication.k8s.io"
                                                             : "authorization.k8s.io";
    EXPECT_TRUE(is_excluded_resource(s, group, kind, "https://kubernetes.default.svc")) << kind;
  }
  EXPECT_TRUE(is_excluded_resource(s, "discovery.k8s.io", "EndpointSlice", ""));
  EXPECT_TRUE(is_excluded_resource(s, "certificates.k8s.io", "CertificateSigningRequest", ""));
  EXPECT_TRUE(is_excluded_resource(s, "wgpolicyk8s.io", "PolicyReport", ""));
  EXPECT_TRUE(is_excluded_resource(s, "cilium.io", "CiliumEndpoint", ""));
  EXPECT_FALSE(is_excluded_resource(s, "", "ConfigMap", ""));
  EXPECT_FALSE(is_excluded_resource(s, "apps", "Deployment", ""));
}

TEST(ArgoCdSettingsTest, ReadsWhatArgocdCmSets) {
  Data cm(R"(
data:
  kustomize.buildOptions: --enable-helm --load-restrictor LoadRestrictionsNone
  kustomize.buildOptions.v4.5.7: --load-restrictor=LoadRestrictionsNone
  kustomize.path.v4.5.7: /custom-tools/kustomize_4_5_7
  application.resourceTrackingMethod: label
  application.instanceLabelKey: argocd.argoproj.io/instance
  installationID: blue
  resource.exclusions: |
    - apiGroups: ["*"]
      kinds: [Secret]
      clusters: ["https://prod.*"]
  resource.customizations.ignoreDifferences.apps_Deployment: |
    jsonPointers: [/spec/replicas]
  resource.customizations.ignoreDifferences.ConfigMap: |
    jqPathExpressions: ['.data.a']
  resource.customizations.ignoreDifferences.all: |
    managedFieldsManagers: [kube-controller-manager]
)");
  ArgoCdSettings s = read_argocd_cm(cm.data(), false);
  EXPECT_TRUE(s.problems.empty());
  EXPECT_EQ(s.kustomize_build_options, "--enable-helm --load-restrictor LoadRestrictionsNone");
  EXPECT_EQ(s.kustomize_version_options.at("v4.5.7"), "--load-restrictor=LoadRestrictionsNone");
  EXPECT_EQ(s.kustomize_versions, std::set<std::string>{"v4.5.7"});
  EXPECT_EQ(s.tracking, TrackingMethod::Label);
  EXPECT_EQ(s.instance_label_key, "argocd.argoproj.io/instance");
  EXPECT_EQ(s.installation_id, "blue");
  // The key replaces the stock list; the core exclusions stay.
  EXPECT_FALSE(is_excluded_resource(s, "", "Endpoints", ""));
  EXPECT_TRUE(is_excluded_resource(s, "", "Event", ""));
  EXPECT_TRUE(is_excluded_resource(s, "", "Secret", "https://prod.example.com"));
  EXPECT_FALSE(is_excluded_resource(s, "", "Secret", "https://kubernetes.default.svc"));
  EXPECT_TRUE(is_excluded_resource(s, "", "Secret", ""));  // a destination known only by name: any cluster
  ASSERT_EQ(s.ignore_differences.size(), 3u);  // by key: "*/*", "ConfigMap", "apps/Deployment"
  EXPECT_EQ(s.ignore_differences[0].group, "*");
  EXPECT_EQ(s.ignore_differences[0].kind, "*");
  EXPECT_EQ(s.ignore_differences[0].managed_fields_managers, std::vector<std::string>{"kube-controller-manager"});
  EXPECT_EQ(s.ignore_differences[1].group, "");
  EXPECT_EQ(s.ignore_differences[1].kind, "ConfigMap");
  EXPECT_EQ(s.ignore_differences[1].jq_path_expressions, std::vector<std::string>{".data.a"});
  EXPECT_EQ(s.ignore_differences[2].group, "apps");
  EXPECT_EQ(s.ignore_differences[2].json_pointers, std::vector<std::string>{"/spec/replicas"});
}

TEST(ArgoCdSettingsTest, ThePatchOverTheStockInstallKeepsItsDefaults) {
  Data cm("data:\n  application.resourceTrackingMethod: annotation+label\n");
  EXPECT_TRUE(is_excluded_resource(read_argocd_cm(cm.data(), true), "", "Endpoints", ""));
  // A whole argocd-cm without resource.exclusions: Argo CD's built-in default (core only).
  EXPECT_FALSE(is_excluded_resource(read_argocd_cm(cm.data(), false), "", "Endpoints", ""));
  EXPECT_EQ(read_argocd_cm(cm.data(), false).tracking, TrackingMethod::AnnotationAndLabel);
}

TEST(ArgoCdSettingsTest, InclusionsLeaveTheRestOut) {
  Data cm(R"(
data:
  resource.inclusions: |
    - apiGroups: ["", apps]
      kinds: ["*"]
      clusters: [https://kubernetes.default.svc]
)");
  ArgoCdSettings s = read_argocd_cm(cm.data(), false);
  EXPECT_FALSE(is_excluded_resource(s, "apps", "Deployment", "https://kubernetes.default.svc"));
  EXPECT_TRUE(is_excluded_resource(s, "batch", "Job", "https://kubernetes.default.svc"));
  EXPECT_FALSE(is_excluded_resource(s, "batch", "Job", "https://other.example"));  // no inclusion names it
}

TEST(ArgoCdSettingsTest, TheLegacyCustomizationsMapAndBadValues) {
  Data cm(R"(
data:
  resource.customizations: |
    admissionregistration.k8s.io/MutatingWebhookConfiguration:
      ignoreDifferences: |
        jsonPointers: [/webhooks/0/clientConfig/caBundle]
  resource.customizations.ignoreDifferences.a_b_c: 'jsonPointers: [/x]'
  resource.exclusions: '[unclosed'
  application.resourceTrackingMethod: labels
)");
  ArgoCdSettings s = read_argocd_cm(cm.data(), false);
  ASSERT_EQ(s.ignore_differences.size(), 1u);
  EXPECT_EQ(s.ignore_differences[0].group, "admissionregistration.k8s.io");
  EXPECT_EQ(s.ignore_differences[0].kind, "MutatingWebhookConfiguration");
  EXPECT_EQ(s.ignore_differences[0].json_pointers, std::vector<std::string>{"/webhooks/0/clientConfig/caBundle"});
  EXPECT_EQ(s.tracking, TrackingMethod::Annotation);
  EXPECT_EQ(s.problems.size(), 3u);
}

TEST(ArgoCdSettingsTest, GlobsCrossSlashes) {
  EXPECT_TRUE(argocd_glob_match("https://*", "https://a.example/x"));
  EXPECT_TRUE(argocd_glob_match("*.k8s.io", "events.k8s.io"));
  EXPECT_TRUE(argocd_glob_match("", ""));
  EXPECT_FALSE(argocd_glob_match("", "apps"));
  EXPECT_FALSE(argocd_glob_match("apps", "batch"));
}

TEST(KustomizeBuildOptionsTest, OnlySafeFlagsArePassed) {
  BuildOptionsReading r = read_kustomize_build_options(
      "  --enable-helm --load-restrictor LoadRestrictionsNone --helm-kube-version=1.30 --enable-alpha-plugins "
      "--enable-exec --mount type=bind,src=/,dst=/x -e SECRET --helm-command /tmp/evil -o /tmp --load_restrictor none");
  EXPECT_EQ(r.flags.args, (std::vector<std::string>{"--enable-helm", "--load-restrictor", "LoadRestrictionsNone",
                                                    "--helm-kube-version=1.30"}));
  EXPECT_EQ(r.flags.withheld, (std::vector<std::string>{"--enable-alpha-plugins", "--enable-exec", "--mount",
                                                        "type=bind,src=/,dst=/x", "-e", "SECRET", "--helm-command",
                                                        "/tmp/evil"}));
  EXPECT_EQ(r.ignored, (std::vector<std::string>{"-o", "/tmp", "--load_restrictor", "none"}));
  EXPECT_TRUE(r.flags.enable_helm());
  EXPECT_FALSE(read_kustomize_build_options("--enable-helm --enable-helm=false").flags.enable_helm());
  EXPECT_TRUE(read_kustomize_build_options("").flags.args.empty());
  std::string note = describe_build_options("--enable-helm --enable-exec", read_kustomize_build_options("--enable-helm --enable-exec"));
  EXPECT_EQ(note, "'--enable-helm --enable-exec': passed --enable-helm; withheld --enable-exec (they run plugins, "
                  "functions or another program, which driftlint never does)");
}

ConfigMapCopy copy(const Data& d, ConfigOrigin origin, std::string ns, std::string where) {
  return {d.root(), origin, std::move(ns), std::move(where)};
}

TEST(ArgoCdConfigTest, TheDeployedCopyWinsThenTheNamespaceWhereAppsLive) {
  Data label("data: {application.resourceTrackingMethod: label}\n");
  Data annotation("data: {application.resourceTrackingMethod: annotation+label}\n");
  Data helm("data: {kustomize.buildOptions: --enable-helm}\n");
  ConfigCandidates c;
  c.app_namespaces = {{"gitops", 3}};
  c.cm = {copy(label, ConfigOrigin::File, "argocd", "repo infra: base/argocd-cm.yaml"),
          copy(annotation, ConfigOrigin::Rendered, "gitops", "repo infra: overlays/prod as built"),
          copy(helm, ConfigOrigin::Rendered, "other", "repo infra: overlays/other as built")};
  ArgoCdConfig chosen = choose_argocd_config(c);
  EXPECT_TRUE(chosen.found);
  EXPECT_EQ(chosen.used, "repo infra: overlays/prod as built");
  EXPECT_EQ(chosen.settings.tracking, TrackingMethod::AnnotationAndLabel);
  ASSERT_FALSE(chosen.notes.empty());
  EXPECT_EQ(chosen.notes[0], "Argo CD's config: argocd-cm (namespace gitops) from repo infra: overlays/prod as built, "
                             "rendered; 2 other copies with other data left aside (the deployed one, then one an app "
                             "deploys, a rendered one, a plain file and a patch are preferred, in that order)");
  c.cm.push_back(copy(label, ConfigOrigin::Snapshot, "argocd", "the snapshot"));
  EXPECT_EQ(choose_argocd_config(c).used, "the snapshot");
  EXPECT_EQ(choose_argocd_config(c).settings.tracking, TrackingMethod::Label);
}

TEST(ArgoCdConfigTest, BuildFlagsPerKustomizeVersion) {
  Data cm("data:\n  kustomize.buildOptions: --enable-helm\n  kustomize.buildOptions.v4: --load-restrictor LoadRestrictionsNone\n"
          "  kustomize.path.v4: /k4\n");
  ConfigCandidates c;
  c.cm = {copy(cm, ConfigOrigin::File, "", "repo infra: argocd-cm.yaml")};
  ArgoCdConfig config = choose_argocd_config(c);
  EXPECT_EQ(kustomize_build_flags(config, "").args, std::vector<std::string>{"--enable-helm"});
  EXPECT_EQ(kustomize_build_flags(config, "v4").args,
            (std::vector<std::string>{"--load-restrictor", "LoadRestrictionsNone"}));
  EXPECT_TRUE(kustomize_build_flags(config, "v5").args.empty());
  EXPECT_FALSE(kustomize_build_flags(config, "").helm_if_charts);
  // No argocd-cm: no options, but charts are inflated.
  ArgoCdConfig none = choose_argocd_config(ConfigCandidates{});
  EXPECT_FALSE(none.found);
  EXPECT_TRUE(kustomize_build_flags(none, "").helm_if_charts);
  EXPECT_TRUE(kustomize_build_flags(none, "").args.empty());
  EXPECT_FALSE(same_build_settings(config, none));
}

}  // namespace
}  // namespace driftlint
