#include "render/tools.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "render/helm_build.h"

namespace driftlint {
namespace {

TEST(RenderToolsTest, KustomizeVersionsInEveryFormat) {
  EXPECT_EQ(kustomize_version_in("v5.4.3\n"), "v5.4.3");
  EXPECT_EQ(kustomize_version_in("Client Version: v1.32.4\nKustomize Version: v5.5.0\n"), "v5.5.0");
  EXPECT_EQ(kustomize_version_in("{Version:kustomize/v4.5.7 GitCommit:56d82a8 BuildDate:2022-08-02T16:35:54Z}"), "v4.5.7");
  EXPECT_EQ(kustomize_version_in("nothing"), "");
}

TEST(RenderToolsTest, MessagesLoseTheLogPrefixAndThePrivateFolder) {
  std::string klog =
      "E1204 01:15:27.070631   17523 run.go:72] \"command failed\" err=\"accumulating resources: accumulation "
      "err='accumulating resources from '../default': '/tmp/ws/config/default' must resolve to a file': recursed "
      "accumulation of path '/tmp/ws/config/default': accumulating resources from 'crd.yaml': evalsymlink failure on "
      "'/tmp/ws/config/default/crd.yaml' : lstat /tmp/ws/config/default/crd.yaml: no such file or directory': must "
      "build at directory: not a valid directory\"";
  EXPECT_EQ(clean_tool_message(klog, "/tmp/ws"),
            "accumulating resources from 'crd.yaml': 'config/default/crd.yaml': no such file or directory'");
  EXPECT_EQ(clean_tool_message("error: no kustomization in /tmp/ws/app", "/tmp/ws"), "no kustomization in app");
}

TEST(RenderToolsTest, MultiLineLogMessagesAreJoined) {
  ProcessResult r;
  r.started = true;
  r.exit_code = 1;
  r.err = "E1204 01:23:51.284115    1046 run.go:72] \"command failed\" err=<\n\ttrouble configuring builtin "
          "PatchTransformer with config: `\n\tpath: replicas.yaml\n\t`: failed to get the patch file from "
          "path(replicas.yaml): evalsymlink failure on '/tmp/ws/a/replicas.yaml' : lstat /tmp/ws/a/replicas.yaml: no "
          "such file or directory\n >\n";
  std::string message = tool_failure(r, "kustomize", std::chrono::seconds(1), "/tmp/ws");
  EXPECT_NE(message.find("failed to get the patch file from path(replicas.yaml): 'a/replicas.yaml': no such file"),
            std::string::npos)
      << message;
  EXPECT_EQ(message.find("/tmp/ws"), std::string::npos);
  r.timed_out = true;
  EXPECT_EQ(tool_failure(r, "kustomize", std::chrono::seconds(120), "/tmp/ws"),
            "kustomize timed out after 120 s (--render-timeout)");
}

TEST(RenderToolsTest, DeprecationWarningsBeforeTheErrorAreNotTheReason) {
  // What kubectl kustomize prints for NVIDIA gpu-operator's config/manifests:
  // warnings about the kustomizations it reads, then why it failed.
  ProcessResult r;
  r.started = true;
  r.exit_code = 1;
  r.err = "# Warning: 'bases' is deprecated. Please use 'resources' instead. Run 'kustomize edit fix' to update "
          "your Kustomization automatically.\n# Warning: 'patchesStrategicMerge' is deprecated.\n"
          "E1204 08:10:17.021761   15639 run.go:72] \"command failed\" err=\"accumulating resources: "
          "accumulation err='accumulating resources from '../manager': '/tmp/ws/config/manager' must resolve to a "
          "file': recursed accumulation of path '/tmp/ws/config/manager': loading KV pairs: env source files: "
          "[.env]: evalsymlink failure on '/tmp/ws/config/manager/.env' : lstat /tmp/ws/config/manager/.env: no "
          "such file or directory\"\n";
  EXPECT_EQ(tool_failure(r, "kustomize", std::chrono::seconds(1), "/tmp/ws"),
            "'loading KV pairs: env source files: [.env]: 'config/manager/.env': no such file or directory'");
  r.err = "# Warning: 'bases' is deprecated.\n";
  EXPECT_EQ(tool_failure(r, "kustomize", std::chrono::seconds(1), "/tmp/ws"), "'# Warning: 'bases' is deprecated.'");
}

TEST(HelmBuildTest, ArgumentsAsArgoCdPassesThem) {
  RenderTool helm{{"helm", "template"}, "v3.14.0", "helm v3.14.0"};
  RenderRequest r;
  r.kind = RenderKind::Helm;
  r.helm.release_name = "api";
  r.helm.ns = "prod";
  r.helm.parameters = {{"image.tag", "2.0.1", false}, {"port", "8080", true}};
  r.helm.api_versions = {"monitoring.coreos.com/v1"};
  std::vector<std::string> argv = helm_arguments(helm, r, "/ws/chart", {"/ws/chart/values-prod.yaml"});
  std::vector<std::string> expected = {"helm", "template", "/ws/chart", "--name-template", "api", "--namespace", "prod",
                                       "--values", "/ws/chart/values-prod.yaml", "--set", "image.tag=2.0.1",
                                       "--set-string", "port=8080", "--api-versions", "monitoring.coreos.com/v1",
                                       "--include-crds"};
  EXPECT_EQ(argv, expected);
  r.helm.skip_crds = true;
  std::vector<std::string> skipped = helm_arguments(helm, r, "/ws/chart", {});
  EXPECT_EQ(std::count(skipped.begin(), skipped.end(), "--include-crds"), 0);
}

TEST(HelmBuildTest, SourcesAndDependencies) {
  std::string output = "---\n# Source: api/templates/service.yaml\nkind: Service\n---\n# Source: api/charts/db/templates/sts.yaml\nkind: StatefulSet\n";
  EXPECT_EQ(helm_sources(output, "charts/api"),
            (std::vector<std::string>{"charts/api/templates/service.yaml", "charts/api/charts/db/templates/sts.yaml"}));
  std::string chart = "apiVersion: v2\nname: api\ndependencies:\n- {name: db, version: 1.0.0, repository: https://charts.example}\n"
                      "- {name: cache, version: 2.0.0, repository: https://charts.example}\n";
  EXPECT_EQ(missing_dependencies(chart, {"c/charts/db-1.0.0.tgz", "c/Chart.yaml"}, "c"), std::vector<std::string>{"cache"});
}

}  // namespace
}  // namespace driftlint
