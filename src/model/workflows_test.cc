#include "model/workflows.h"

#include <gtest/gtest.h>

#include "model/objects_in_file.h"
#include "model/kueue.h"
#include "model/kyverno.h"
#include "yaml/parser.h"

namespace driftlint {
namespace {

struct Parsed {
  yaml::ParsedFile file;
  Extracted extracted;
};

Parsed parse(const char* text) {
  Parsed p{yaml::parse_yaml(text), {}};
  extract_manifests(p.file, "x.yaml", 0, p.extracted);
  return p;
}

GpuResourceMatcher gpus() { return *GpuResourceMatcher::create({"nvidia\\.com/gpu", "nvidia\\.com/mig-.+"}); }

TEST(WorkflowViewTest, GpuCountsComeFromLiteralsAndParameters) {
  Parsed p = parse(R"(
apiVersion: argoproj.io/v1alpha1
kind: CronWorkflow
metadata: {name: c, namespace: argo}
spec:
  workflowSpec:
    synchronization:
      semaphore: {configMapKeyRef: {name: s, key: k}}
      semaphores:
      - {configMapKeyRef: {name: s, key: '{{workflow.name}}'}}
      - {namespace: other, configMapKeyRef: {name: t, key: k}}
      - {database: {key: k}}
    arguments: {parameters: [{name: gpus, value: "1", default: "2"}]}
    templates:
    - name: a
      inputs: {parameters: [{name: count, enum: ["1", "4"]}]}
      container: {resources: {limits: {nvidia.com/gpu: "{{inputs.parameters.count}}"}, requests: {nvidia.com/gpu: "{{inputs.parameters.count}}"}}}
    - name: b
      script: {resources: {requests: {nvidia.com/mig-1g.10gb: 2}}}
    - name: c
      container: {resources: {limits: {nvidia.com/gpu: "{{workflow.parameters.gpus}}"}}}
    - name: d
      container: {resources: {limits: {nvidia.com/gpu: "{{inputs.parameters.unknown}}"}}}
)");
  ASSERT_EQ(p.extracted.manifests.size(), 1u);
  auto w = read_workflow(p.extracted.manifests[0], gpus());
  ASSERT_TRUE(w);
  ASSERT_EQ(w->semaphores.size(), 3u);  // the database semaphore has no ConfigMap
  EXPECT_EQ(w->semaphores[0].ns, "argo");
  EXPECT_TRUE(w->semaphores[1].templated);
  EXPECT_EQ(w->semaphores[2].ns, "other");
  ASSERT_EQ(w->templates.size(), 4u);
  ASSERT_EQ(w->templates[0].gpus.size(), 1u);  // limits and requests of one resource count once
  EXPECT_EQ(w->templates[0].gpus[0].values, (std::set<double>{1, 4}));
  EXPECT_EQ(w->templates[1].gpus[0].resource, "nvidia.com/mig-1g.10gb");
  EXPECT_EQ(w->templates[2].gpus[0].values, (std::set<double>{1, 2}));
  EXPECT_TRUE(w->templates[3].gpus[0].unresolved);
}

TEST(KyvernoViewTest, GpuLimitsAndMatches) {
  Parsed p = parse(R"(
apiVersion: kyverno.io/v1
kind: Policy
metadata: {name: p, namespace: team-a}
spec:
  rules:
  - name: r
    match: {resources: {kinds: [Pod, argoproj.io/v1alpha1/Workflow]}}
    validate:
      deny:
        conditions:
        - {key: '{{ request.object.spec.containers[].resources.limits."nvidia.com/gpu" }}', operator: AnyGreaterThanOrEquals, value: 4}
        - {key: '{{ request.object.metadata.name }}', operator: Equals, value: x}
)");
  auto rules = read_kyverno_rules(p.extracted.manifests[0], gpus());
  ASSERT_EQ(rules.size(), 1u);
  ASSERT_EQ(rules[0].gpu_limits.size(), 1u);
  EXPECT_EQ(rules[0].gpu_limits[0].max, 3);
  EXPECT_TRUE(rules[0].matches("Workflow", "team-a"));
  EXPECT_FALSE(rules[0].matches("Workflow", "team-b"));  // a Policy acts in its own namespace only
  EXPECT_FALSE(rules[0].matches("Deployment", "team-a"));
}

TEST(KueueViewTest, ReadsBothCohortSpellingsAndPreemptionDefaults) {
  Parsed p = parse(R"(
apiVersion: kueue.x-k8s.io/v1beta1
kind: ClusterQueue
metadata: {name: a}
spec: {cohort: pool, resourceGroups: [{flavors: [{name: f, resources: [{name: nvidia.com/gpu, nominalQuota: 8}]}]}]}
---
apiVersion: kueue.x-k8s.io/v1beta2
kind: ClusterQueue
metadata: {name: b}
spec: {cohortName: pool, preemption: {reclaimWithinCohort: Any}}
)");
  ClusterQueueView a = read_cluster_queue(p.extracted.manifests[0]);
  ClusterQueueView b = read_cluster_queue(p.extracted.manifests[1]);
  EXPECT_EQ(a.cohort, "pool");
  EXPECT_EQ(b.cohort, "pool");
  ASSERT_EQ(a.quotas.size(), 1u);
  EXPECT_EQ(*a.quotas[0].nominal, 8);
  EXPECT_EQ(a.reclaim_within_cohort, "Never");
  EXPECT_EQ(b.reclaim_within_cohort, "Any");
}

}  // namespace
}  // namespace driftlint
