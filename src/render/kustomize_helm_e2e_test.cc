// kustomize's helmCharts as Argo CD builds them with argocd-cm's
// `kustomize.buildOptions: --enable-helm`, end to end through `driftlint
// check`, with a stand-in for helm 3 (kustomize before 5.8.1 cannot run helm
// 4, and the machine may have neither): the chart and its values are copied
// into the build's folder, kustomize runs the helm driftlint found by its
// path, and the rendered objects are judged. The stand-in names what it runs
// by path: the render sandbox's PATH holds the tool alone.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "base/process.h"
#include "testing/cli_driver.h"

namespace driftlint {
namespace {

namespace fs = std::filesystem;

class KustomizeHelmE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!program_available("kubectl")) GTEST_SKIP() << "kubectl is not installed (ci/setup installs it)";
    fs::path bin = work_.make_folder("bin");
    work_.write("bin/helm",
                "#!/bin/sh\n"
                "if [ \"$1\" = version ]; then echo v3.17.1+gstandin; exit 0; fi\n"
                "echo \"$@\" >> \"${0%/*}/args\"\n"
                "for a in \"$@\"; do [ -d \"$a/templates\" ] && /bin/cat \"$a\"/templates/*.yaml; done\n"
                "exit 0\n");
    fs::permissions(bin / "helm", fs::perms::owner_all);
    work_.write("repo/apps.yaml",
                "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: web, namespace: argocd}\n"
                "spec:\n  project: default\n  source: {repoURL: 'https://git.example/org/repo.git', path: app}\n"
                "  destination: {namespace: web}\n");
    work_.write("repo/app/kustomization.yaml", "helmCharts:\n- name: web\n  releaseName: web\n  valuesFile: values-prod.yaml\n");
    work_.write("repo/app/values-prod.yaml", "replicas: 2\n");
    work_.write("repo/app/charts/web/Chart.yaml", "apiVersion: v2\nname: web\nversion: 0.1.0\n");
    work_.write("repo/app/charts/web/values.yaml", "replicas: 1\n");
    work_.write("repo/app/charts/web/templates/pod.yaml",
                "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n"
                "  - name: web\n    image: registry.example/web:latest\n");
    work_.write("driftlint.yaml", "repos:\n- {name: repo, source: repo, url: 'https://git.example/org/repo.git'}\n");
  }

  void argocd_cm(const std::string& build_options) {
    work_.write("repo/argocd/argocd-cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: argocd-cm, namespace: argocd}\n"
                                              "data:\n  kustomize.buildOptions: '" + build_options + "'\n");
  }

  Outcome check() {
    std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
    setenv("PATH", (work_.path_of("bin").string() + ":" + old_path).c_str(), 1);
    Outcome r = run_driftlint({"check", "--config", "driftlint.yaml", "--no-cache", "--enable", "image-not-latest",
                               "--enable", "render-failed", "--fail-on", "none"},
                              work_);
    setenv("PATH", old_path.c_str(), 1);
    return r;
  }

  Workspace work_;
};

TEST_F(KustomizeHelmE2eTest, EnableHelmInflatesTheLocalChartWithTheHelmFound) {
  argocd_cm("--enable-helm");
  Outcome r = check();
  EXPECT_NE(r.err.find("note: Argo CD's config: argocd-cm (namespace argocd) from repo repo: argocd/argocd-cm.yaml, "
                       "a plain manifest"),
            std::string::npos)
      << r.err;
  std::string args = work_.read("bin/args");
  EXPECT_EQ(args.rfind("template web ", 0), 0u) << args;
  EXPECT_NE(args.find("/app/charts/web "), std::string::npos) << args;  // the chart, in the build's own folder
  EXPECT_NE(r.out.find("image-not-latest"), std::string::npos) << r.out << r.err;  // the rendered Pod is judged
  EXPECT_EQ(r.out.find("render-failed"), std::string::npos) << r.out;
}

TEST_F(KustomizeHelmE2eTest, WithoutEnableHelmTheBuildFailsAsInArgoCd) {
  argocd_cm("--load-restrictor LoadRestrictionsRootOnly");
  Outcome r = check();
  EXPECT_NE(r.out.find("must specify --enable-helm"), std::string::npos) << r.out << r.err;
  EXPECT_FALSE(fs::exists(work_.path_of("bin/args")));
}

TEST_F(KustomizeHelmE2eTest, WithoutAnArgocdCmChartsAreInflated) {
  Outcome r = check();
  EXPECT_NE(r.err.find("no argocd-cm found in the repos or the snapshot"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("image-not-latest"), std::string::npos) << r.out << r.err;
}

TEST_F(KustomizeHelmE2eTest, PluginsAreWithheldAndRemoteChartsNotFetched) {
  argocd_cm("--enable-helm --enable-alpha-plugins");
  work_.write("repo/app/kustomization.yaml",
              "helmCharts:\n- name: web\n  releaseName: web\n- {name: ingress-nginx, repo: 'https://kubernetes.github.io/ingress-nginx', version: 4.11.0}\n");
  Outcome r = check();
  EXPECT_NE(r.err.find("withheld --enable-alpha-plugins (they run plugins, functions or another program, which "
                       "driftlint never does)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("was not rendered: it pulls the Helm chart 'ingress-nginx from "
                       "https://kubernetes.github.io/ingress-nginx' (helmCharts), which driftlint does not fetch"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(work_.path_of("bin/args")));
  EXPECT_EQ(r.out.find("render-failed"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace driftlint
