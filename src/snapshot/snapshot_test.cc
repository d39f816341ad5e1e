#include "snapshot/snapshot.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(SnapshotTest, ReadsKubectlListsTypedListsAndSingleObjects) {
  SnapshotLoad list = load_snapshot_text(R"({"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""},
    "items": [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a", "namespace": "x"}},
              {"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ClusterQueue", "metadata": {"name": "q"}}]})",
                                         "list.json");
  EXPECT_TRUE(list.errors.empty());
  ASSERT_EQ(list.snapshot.objects.size(), 2u);
  EXPECT_NE(list.snapshot.find(object_key("", "ConfigMap", "x", "a")), nullptr);
  EXPECT_NE(list.snapshot.find(object_key("kueue.x-k8s.io", "ClusterQueue", "", "q")), nullptr);
  EXPECT_TRUE(list.snapshot.has_kind("kueue.x-k8s.io", "ClusterQueue"));
  EXPECT_TRUE(list.snapshot.cluster_scoped("kueue.x-k8s.io", "ClusterQueue"));
  EXPECT_FALSE(list.snapshot.cluster_scoped("", "ConfigMap"));

  // What the API server itself returns: items without kind or apiVersion.
  SnapshotLoad typed = load_snapshot_text(
      "apiVersion: v1\nkind: ConfigMapList\nitems:\n- metadata: {name: b, namespace: y}\n  data: {k: v}\n", "typed.yaml");
  ASSERT_EQ(typed.snapshot.objects.size(), 1u);
  EXPECT_EQ(typed.snapshot.objects[0].id.kind, "ConfigMap");
  EXPECT_EQ(typed.snapshot.objects[0].id.api_version, "v1");

  SnapshotLoad single = load_snapshot_text("apiVersion: v1\nkind: Namespace\nmetadata: {name: research}\n", "ns.yaml");
  ASSERT_EQ(single.snapshot.objects.size(), 1u);
  EXPECT_EQ(single.snapshot.objects[0].id.name, "research");
}

TEST(SnapshotTest, MalformedInputNamesFileAndPosition) {
  SnapshotLoad broken = load_snapshot_text("{\"kind\": \"List\", \"items\": [\n  {\"kind\": \"ConfigMap\",,]}\n", "cluster.json");
  ASSERT_EQ(broken.errors.size(), 1u);
  EXPECT_EQ(broken.errors[0].rfind("snapshot cluster.json:2:", 0), 0u) << broken.errors[0];
  SnapshotLoad empty = load_snapshot_text("just: a map\n", "x.yaml");
  EXPECT_TRUE(empty.errors.empty());
  ASSERT_EQ(empty.notes.size(), 1u);
  EXPECT_NE(empty.notes[0].find("no Kubernetes objects"), std::string::npos);
  SnapshotLoad missing = load_snapshots({"/no/such/snapshot.json"}, LoadOptions{});
  ASSERT_EQ(missing.errors.size(), 1u);
  EXPECT_NE(missing.errors[0].find("no such file"), std::string::npos);
}

TEST(SnapshotTest, ReadsTheCapturesContextAndTime) {
  SnapshotLoad load = load_snapshot_text(
      "apiVersion: v1\nkind: List\nmetadata:\n  annotations:\n    driftlint.io/context: gpu-prod\n"
      "    driftlint.io/captured-at: '2026-12-04T12:00:00Z'\nitems: []\n",
      "cluster.yaml");
  EXPECT_EQ(load.snapshot.contexts, std::vector<std::string>{"gpu-prod"});
  EXPECT_EQ(load.snapshot.captured_at, 1796385600);
  SnapshotLoad plain = load_snapshot_text("apiVersion: v1\nkind: List\nitems: []\n", "plain.yaml");
  EXPECT_TRUE(plain.snapshot.contexts.empty());
  EXPECT_EQ(plain.snapshot.captured_at, std::nullopt);
}

}  // namespace
}  // namespace driftlint
