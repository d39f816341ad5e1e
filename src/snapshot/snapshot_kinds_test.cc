#include "snapshot/snapshot_kinds.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "snapshot/capture.h"

namespace driftlint {
namespace {

bool has(const std::vector<std::string>& kinds, const std::string& kind) {
  return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

TEST(SnapshotKindsTest, DefaultHoldsWorkloadsAndServicesNeverSecrets) {
  const std::vector<std::string>& kinds = default_snapshot_kinds();
  for (const char* kind : {"deployments.apps", "statefulsets.apps", "daemonsets.apps", "services", "jobs.batch",
                           "cronjobs.batch", "applications.argoproj.io", "configmaps"}) {
    EXPECT_TRUE(has(kinds, kind)) << kind;
  }
  EXPECT_TRUE(std::none_of(kinds.begin(), kinds.end(), [](const std::string& k) { return is_secret_kind(k); }));
}

TEST(SnapshotKindsTest, KindsReplaceOrAddToTheDefault) {
  Expected<std::vector<std::string>> replaced = parse_snapshot_kinds("configmaps, nodes");
  ASSERT_TRUE(replaced);
  EXPECT_EQ(*replaced, (std::vector<std::string>{"configmaps", "nodes"}));
  Expected<std::vector<std::string>> added = parse_snapshot_kinds("+ingresses.networking.k8s.io,-nodes");
  ASSERT_TRUE(added);
  EXPECT_EQ(added->size(), default_snapshot_kinds().size());
  EXPECT_TRUE(has(*added, "ingresses.networking.k8s.io"));
  EXPECT_FALSE(has(*added, "nodes"));
  EXPECT_FALSE(parse_snapshot_kinds("+pods,nodes"));  // signed and unsigned mixed
  EXPECT_FALSE(parse_snapshot_kinds(","));
}

TEST(SnapshotKindsTest, RbacRulesGroupResourcesByApiGroup) {
  EXPECT_EQ(snapshot_rbac_rules({"configmaps", "deployments.apps", "services", "secrets", "jobs.batch", "statefulsets.apps"}),
            "rules:\n  # What `driftlint snapshot` reads: get and list only, and no Secrets\n"
            "  # (`driftlint snapshot --print-rbac` prints this list).\n"
            "  - apiGroups: [\"\"]\n    resources: [configmaps, services]\n    verbs: [get, list]\n"
            "  - apiGroups: [apps]\n    resources: [deployments, statefulsets]\n    verbs: [get, list]\n"
            "  - apiGroups: [batch]\n    resources: [jobs]\n    verbs: [get, list]\n");
}

// The CronWorkflow template's ClusterRole is the default list's RBAC.
TEST(SnapshotKindsTest, CronWorkflowTemplateRbacMatchesTheDefaultKinds) {
  std::ifstream in(std::filesystem::path(DRIFTLINT_SOURCE_DIR) / "ci/templates/drift-report-cronworkflow.yaml");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("kind: ClusterRole\nmetadata:\n  name: driftlint-read\n" +
                            snapshot_rbac_rules(default_snapshot_kinds()) + "---\n"),
            std::string::npos)
      << "regenerate the ClusterRole's rules with `driftlint snapshot --print-rbac`";
}

TEST(SnapshotKindsTest, CaptureStripsSecretsManagedFieldsAndPodStatus) {
  auto pod = nlohmann::json::parse(R"({"kind": "Pod", "metadata": {"name": "p", "managedFields": [{}]},
                                       "spec": {"containers": []}, "status": {"podIP": "10.0.0.1"}})");
  strip_captured(pod);
  EXPECT_FALSE(pod.contains("status"));
  EXPECT_FALSE(pod["metadata"].contains("managedFields"));
  EXPECT_TRUE(pod.contains("spec"));
  auto secret = nlohmann::json::parse(R"({"kind": "Secret", "data": {"k": "dg=="}, "stringData": {"k": "v"}})");
  strip_captured(secret);
  EXPECT_FALSE(secret.contains("data"));
  EXPECT_FALSE(secret.contains("stringData"));
  auto deployment = nlohmann::json::parse(R"({"kind": "Deployment", "status": {"replicas": 2}})");
  strip_captured(deployment);
  EXPECT_TRUE(deployment.contains("status"));
}

}  // namespace
}  // namespace driftlint
