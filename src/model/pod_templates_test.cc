#include "model/pod_templates.h"

#include <gtest/gtest.h>

#include "model/objects_in_file.h"
#include "yaml/parser.h"

namespace driftlint {
namespace {

// The parsed file and its objects, kept alive while the views point into them.
struct Kept {
  yaml::ParsedFile file;
  Extracted objects;
};

std::vector<PodTemplateView> views_of(const std::string& text, Kept& keep) {
  keep.file = yaml::parse_yaml(text);
  keep.objects = {};
  extract_manifests(keep.file, "a.yaml", 0, keep.objects);
  EXPECT_EQ(keep.objects.manifests.size(), 1u);
  return pod_templates(keep.objects.manifests[0]);
}

TEST(PodTemplatesTest, FindsContainersOfEveryWorkloadKind) {
  Kept keep;
  auto cron = views_of(
      "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  jobTemplate:\n    spec:\n"
      "      template:\n        spec:\n          containers:\n          - name: a\n            command: [sleep]\n"
      "            args: [infinity]\n            resources: {limits: {nvidia.com/gpu: 1}}\n",
      keep);
  ASSERT_EQ(cron.size(), 1u);
  ASSERT_EQ(cron[0].containers.size(), 1u);
  EXPECT_EQ(cron[0].containers[0].command_line(), "sleep infinity");
  EXPECT_EQ(cron[0].containers[0].limits.get("nvidia.com/gpu").as_int(), 1);

  auto deploy = views_of(
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  template:\n    spec:\n"
      "      initContainers: [{name: i}]\n      containers: [{name: a}, {name: b}]\n",
      keep);
  ASSERT_EQ(deploy.size(), 1u);
  EXPECT_EQ(deploy[0].containers.size(), 3u);

  auto cron_workflow = views_of(
      "apiVersion: argoproj.io/v1alpha1\nkind: CronWorkflow\nmetadata: {name: w}\nspec:\n  workflowSpec:\n"
      "    templates:\n    - name: steps\n      steps: []\n    - name: run\n      container: {image: x}\n"
      "    - name: py\n      script: {image: python, source: print(1)}\n"
      "    - name: set\n      containerSet: {containers: [{name: a}, {name: b}]}\n",
      keep);
  ASSERT_EQ(cron_workflow.size(), 3u);
  EXPECT_EQ(cron_workflow[0].template_name, "run");
  EXPECT_EQ(cron_workflow[1].containers[0].command_line(), "print(1)");
  EXPECT_EQ(cron_workflow[2].containers.size(), 2u);
  EXPECT_EQ(cron_workflow[2].location, "spec.workflowSpec.templates[set]");
}

TEST(PodTemplatesTest, OtherKindsHaveNone) {
  Kept keep;
  EXPECT_TRUE(views_of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {spec: x}\n", keep).empty());
  // A Deployment in an unexpected group is not a workload.
  EXPECT_TRUE(views_of("apiVersion: example.com/v1\nkind: Deployment\nmetadata: {name: c}\n"
                       "spec: {template: {spec: {containers: [{name: a}]}}}\n",
                       keep)
                  .empty());
}

}  // namespace
}  // namespace driftlint
