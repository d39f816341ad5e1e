#include <gtest/gtest.h>

#include "plan/sides.h"

namespace driftlint {
namespace {

PlannedObject task(const char* kind, const char* name, int wave, bool prune = false, const char* ns = "") {
  ObjectIdentity id;
  id.kind = kind;
  id.name = name;
  id.ns = ns;
  PlannedObject o = planned(id);
  o.wave = wave;
  o.prune = prune;
  return o;
}

std::vector<std::string> order(std::vector<PlannedObject> objects) {
  order_sync(objects);
  std::vector<std::string> out;
  for (const PlannedObject& o : objects) out.push_back(o.id.name + "@" + std::to_string(o.wave));
  return out;
}

using Names = std::vector<std::string>;

TEST(SyncOrderTest, WavesKindsAndNames) {
  EXPECT_EQ(order({task("Deployment", "api", 0), task("ConfigMap", "b", 0), task("ConfigMap", "a", 0), task("Queue", "q", -1),
                   task("Service", "svc", 1)}),
            (Names{"q@-1", "a@0", "b@0", "api@0", "svc@1"}));
}

TEST(SyncOrderTest, PrunesRunInReverseWavesFirstWithinAWaveAndPruneLastAtTheEnd) {
  PlannedObject last = task("ConfigMap", "last", 2, true);
  last.prune_last = true;
  // Prune waves {-1, 2, 5} swap symmetrically: -1 <-> 5, 2 stays.
  EXPECT_EQ(order({task("ConfigMap", "keep", 2), task("ConfigMap", "p-1", -1, true), task("ConfigMap", "p2", 2, true),
                   task("ConfigMap", "p5", 5, true), last}),
            (Names{"p5@-1", "p2@2", "keep@2", "p-1@5", "last@6"}));
}

TEST(SyncOrderTest, NamespacesAndCrdsMoveAheadOfWhatNeedsThem) {
  PlannedObject crd = task("CustomResourceDefinition", "queues.example.com", 3);
  crd.id.group = "apiextensions.k8s.io";
  crd.crd_of = "example.com/Queue";
  PlannedObject queue = task("Queue", "q", -1, false, "team");
  queue.id.group = "example.com";
  EXPECT_EQ(order({task("Namespace", "team", 2), queue, crd, task("ConfigMap", "c", 0, false, "team")}),
            (Names{"team@-1", "queues.example.com@-1", "q@-1", "c@0"}));
}

TEST(SyncOrderTest, KindOrderIsGitopsEngines) {
  EXPECT_LT(kind_order("Namespace"), kind_order("ConfigMap"));
  EXPECT_LT(kind_order("CustomResourceDefinition"), kind_order("Deployment"));
  EXPECT_LT(kind_order("APIService"), kind_order("Queue"));  // custom resources last
  EXPECT_EQ(kind_order("Queue"), 0);
}

}  // namespace
}  // namespace driftlint
