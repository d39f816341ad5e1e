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

// A kind (apiVersion and kind), the rest of its object below metadata, and
// where its pod specs are.
struct LocationCase {
  const char* head;
  const char* spec;
  std::vector<std::string> locations;
};

void expect_locations(const std::vector<LocationCase>& cases) {
  for (const LocationCase& c : cases) {
    SCOPED_TRACE(c.head);
    Kept keep;
    auto views = views_of(std::string("apiVersion: ") + c.head + "\nmetadata: {name: x}\n" + c.spec + "\n", keep);
    std::vector<std::string> locations;
    for (const PodTemplateView& v : views) {
      locations.push_back(v.location);
      EXPECT_FALSE(v.containers.empty()) << v.location;
    }
    EXPECT_EQ(locations, c.locations);
  }
}

// The locations of every kind the table names, and of a kind found by shape.
TEST(PodTemplatesTest, FindsPodSpecsOfGpuPlatformKinds) {
  expect_locations({
      {"batch.volcano.sh/v1alpha1\nkind: Job", "spec: {tasks: [{template: {spec: {containers: [{name: a}]}}}]}",
       {"spec.tasks[0].template.spec"}},
      {"batch.volcano.sh/v1alpha1\nkind: CronJob",
       "spec: {jobTemplate: {spec: {tasks: [{template: {spec: {containers: [{name: a}]}}}]}}}",
       {"spec.jobTemplate.spec.tasks[0].template.spec"}},
      {"kubeflow.org/v1\nkind: PyTorchJob",
       "spec: {pytorchReplicaSpecs: {Master: {template: {spec: {containers: [{name: a}]}}}, "
       "Worker: {template: {spec: {containers: [{name: b}]}}}}}",
       {"spec.pytorchReplicaSpecs.Master.template.spec", "spec.pytorchReplicaSpecs.Worker.template.spec"}},
      {"trainer.kubeflow.org/v1alpha1\nkind: TrainJob", "spec: {trainer: {image: x, resourcesPerNode: {limits: {nvidia.com/gpu: 1}}}}",
       {"spec.trainer"}},
      {"jobset.x-k8s.io/v1alpha2\nkind: JobSet",
       "spec: {replicatedJobs: [{template: {spec: {template: {spec: {containers: [{name: a}]}}}}}]}",
       {"spec.replicatedJobs[0].template.spec.template.spec"}},
      {"ray.io/v1\nkind: RayJob",
       "spec: {rayClusterSpec: {headGroupSpec: {template: {spec: {containers: [{name: h}]}}}, "
       "workerGroupSpecs: [{template: {spec: {containers: [{name: w}]}}}]}, "
       "submitterPodTemplate: {spec: {containers: [{name: s}]}}}",
       {"spec.rayClusterSpec.headGroupSpec.template.spec", "spec.rayClusterSpec.workerGroupSpecs[0].template.spec",
        "spec.submitterPodTemplate.spec"}},
      {"ray.io/v1\nkind: RayService",
       "spec: {rayClusterConfig: {headGroupSpec: {template: {spec: {containers: [{name: h}]}}}}}",
       {"spec.rayClusterConfig.headGroupSpec.template.spec"}},
      {"leaderworkerset.x-k8s.io/v1\nkind: LeaderWorkerSet",
       "spec: {leaderWorkerTemplate: {leaderTemplate: {spec: {containers: [{name: l}]}}, "
       "workerTemplate: {spec: {containers: [{name: w}]}}}}",
       {"spec.leaderWorkerTemplate.leaderTemplate.spec", "spec.leaderWorkerTemplate.workerTemplate.spec"}},
      {"kueue.x-k8s.io/v1beta1\nkind: Workload", "spec: {podSets: [{template: {spec: {containers: [{name: a}]}}}]}",
       {"spec.podSets[0].template.spec"}},
      {"argoproj.io/v1alpha1\nkind: Sensor",
       "spec: {template: {container: {image: s}}, triggers: [{template: {k8s: {source: {resource: "
       "{apiVersion: batch/v1, kind: Job, spec: {template: {spec: {containers: [{name: a}]}}}}}}}}]}",
       {"spec.template", "spec.triggers[0].template.k8s.source.resource.spec.template.spec"}},
      {"example.com/v1\nkind: Deployment", "spec: {template: {spec: {containers: [{name: a, image: x}]}}}",
       {"spec.template.spec"}},
      {"apps.kruise.io/v1alpha1\nkind: SidecarSet",
       "spec: {pools: [{name: p, template: {spec: {containers: [{name: a, image: x}]}}}]}",
       {"spec.pools[0].template.spec"}},
  });
}

// Serving, CI and data kinds (KServe, LWS's DisaggregatedSet, Tekton,
// Knative, KEDA, Spark, Kubeflow Notebook), and unknown kinds by shape below
// keys ending in Spec or Template.
TEST(PodTemplatesTest, FindsPodSpecsOfServingAndCiKinds) {
  expect_locations({
      {"disaggregatedset.x-k8s.io/v1\nkind: DisaggregatedSet",
       "spec: {roles: [{name: prefill, spec: {leaderWorkerTemplate: {workerTemplate: {spec: {containers: [{name: "
       "m}]}}}}}]}",
       {"spec.roles[0].spec.leaderWorkerTemplate.workerTemplate.spec"}},
      {"serving.kserve.io/v1beta1\nkind: InferenceService",
       "spec: {predictor: {model: {modelFormat: {name: sklearn}}, workerSpec: {containers: [{name: w}]}}, "
       "transformer: {containers: [{name: t}]}, explainer: {art: {type: SquareAttack}}}",
       {"spec.predictor", "spec.predictor.workerSpec", "spec.transformer", "spec.explainer"}},
      {"serving.kserve.io/v1alpha1\nkind: ClusterServingRuntime",
       "spec: {containers: [{name: kserve-container}], workerSpec: {containers: [{name: w}]}}",
       {"spec", "spec.workerSpec"}},
      {"serving.kserve.io/v1alpha2\nkind: LLMInferenceService",
       "spec: {template: {containers: [{name: main}]}, worker: {containers: [{name: main}]}, "
       "prefill: {template: {containers: [{name: main}]}}, router: {scheduler: {template: {containers: "
       "[{name: main}]}, tokenizer: {template: {containers: [{name: t}]}}}}}",
       {"spec.template", "spec.worker", "spec.prefill.template", "spec.router.scheduler.template",
        "spec.router.scheduler.tokenizer.template"}},
      {"tekton.dev/v1\nkind: Task", "spec: {steps: [{name: a, image: x}], sidecars: [{name: s, image: y}]}", {"spec"}},
      {"tekton.dev/v1\nkind: Pipeline",
       "spec: {tasks: [{name: ref, taskRef: {name: t}}, {name: inline, taskSpec: {steps: [{name: a, image: x}]}}], "
       "finally: [{name: notify, taskSpec: {steps: [{name: n, image: y}]}}]}",
       {"spec.tasks[inline].taskSpec", "spec.finally[notify].taskSpec"}},
      {"tekton.dev/v1\nkind: PipelineRun",
       "spec: {pipelineSpec: {tasks: [{name: a, taskSpec: {steps: [{name: a, image: x}]}}]}}",
       {"spec.pipelineSpec.tasks[a].taskSpec"}},
      {"tekton.dev/v1\nkind: TaskRun", "spec: {taskSpec: {steps: [{name: a, image: x}]}}", {"spec.taskSpec"}},
      {"serving.knative.dev/v1\nkind: Service", "spec: {template: {spec: {containers: [{image: x}]}}}",
       {"spec.template.spec"}},
      {"serving.knative.dev/v1\nkind: Revision", "spec: {containers: [{image: x}]}", {"spec"}},
      {"keda.sh/v1alpha1\nkind: ScaledJob", "spec: {jobTargetRef: {template: {spec: {containers: [{name: a}]}}}}",
       {"spec.jobTargetRef.template.spec"}},
      {"sparkoperator.k8s.io/v1beta2\nkind: SparkApplication",
       "spec: {image: spark:3.5.3, driver: {cores: 1}, executor: {gpu: {name: nvidia.com/gpu, quantity: 1}, "
       "template: {spec: {containers: [{name: e}]}}}}",
       {"spec", "spec.driver", "spec.executor"}},
      {"sparkoperator.k8s.io/v1beta2\nkind: ScheduledSparkApplication",
       "spec: {template: {driver: {image: x}}}", {"spec.template.driver"}},
      {"kubeflow.org/v1\nkind: Notebook", "spec: {template: {spec: {containers: [{name: nb}]}}}",
       {"spec.template.spec"}},
      {"inference.example.com/v1\nkind: ModelServer",
       "spec: {workerSpec: {containers: [{name: w, image: x}]}, roles: [{routerTemplate: {spec: {containers: "
       "[{name: r, image: y}]}}}]}",
       {"spec.workerSpec", "spec.roles[0].routerTemplate.spec"}},
  });
}

TEST(PodTemplatesTest, ListsInitEphemeralAndTrainerContainers) {
  Kept keep;
  auto pod = views_of(
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers: [{name: i, image: a}]\n"
      "  containers: [{name: c, image: b, resources: {claims: [{name: gpu}]}}]\n"
      "  ephemeralContainers: [{name: e, image: c}]\n",
      keep);
  ASSERT_EQ(pod.size(), 1u);
  ASSERT_EQ(pod[0].containers.size(), 3u);
  EXPECT_EQ(pod[0].containers[0].list, "initContainers");
  EXPECT_EQ(pod[0].containers[1].claims.size(), 1u);
  EXPECT_EQ(pod[0].containers[2].list, "ephemeralContainers");
  EXPECT_EQ(pod[0].containers[2].image.text(), "c");
  auto train = views_of(
      "apiVersion: trainer.kubeflow.org/v1alpha1\nkind: TrainJob\nmetadata: {name: t}\nspec:\n"
      "  trainer: {image: x, command: [torchrun], resourcesPerNode: {limits: {nvidia.com/gpu: 8}}}\n",
      keep);
  ASSERT_EQ(train.size(), 1u);
  EXPECT_EQ(train[0].containers[0].limits.get("nvidia.com/gpu").as_int(), 8);
  EXPECT_EQ(train[0].containers[0].command_line(), "torchrun");
}

TEST(PodTemplatesTest, ServingAndDataKindsSayWhatTheirPodSpecsCanSet) {
  Kept keep;
  auto runtime = views_of(
      "apiVersion: serving.kserve.io/v1alpha1\nkind: ServingRuntime\nmetadata: {name: r}\n"
      "spec: {containers: [{name: c, image: x, resources: {limits: {nvidia.com/gpu: 1}}}]}\n",
      keep);
  ASSERT_EQ(runtime.size(), 1u);
  EXPECT_FALSE(runtime[0].sets_runtime_class);  // ServingRuntimePodSpec has no runtimeClassName
  auto isvc = views_of(
      "apiVersion: serving.kserve.io/v1beta1\nkind: InferenceService\nmetadata: {name: i}\n"
      "spec: {predictor: {runtimeClassName: nvidia, model: {resources: {limits: {nvidia.com/gpu: 1}}}}}\n",
      keep);
  ASSERT_EQ(isvc.size(), 1u);
  EXPECT_TRUE(isvc[0].sets_runtime_class);
  ASSERT_EQ(isvc[0].containers.size(), 1u);
  EXPECT_EQ(isvc[0].containers[0].list, "model");
  EXPECT_EQ(isvc[0].containers[0].limits.get("nvidia.com/gpu").as_int(), 1);
  auto spark = views_of(
      "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\nmetadata: {name: s}\n"
      "spec: {executor: {gpu: {name: nvidia.com/gpu, quantity: 1}}}\n",
      keep);
  ASSERT_EQ(spark.size(), 1u);
  EXPECT_FALSE(spark[0].pod_spec.valid());  // without `template` the class cannot be set
  EXPECT_EQ(spark[0].containers[0].accelerator.get("quantity").as_int(), 1);
  auto task = views_of(
      "apiVersion: tekton.dev/v1\nkind: Task\nmetadata: {name: t}\nspec:\n  steps:\n  - name: s\n    image: x\n"
      "    computeResources: {limits: {nvidia.com/gpu: 1}}\n    script: sleep infinity\n",
      keep);
  ASSERT_EQ(task.size(), 1u);
  EXPECT_EQ(task[0].containers[0].command_line(), "sleep infinity");
  EXPECT_EQ(task[0].containers[0].limits.get("nvidia.com/gpu").as_int(), 1);
}

// Only a `containers` list whose every entry has a name and an image is a
// pod spec below a key named like a template.
TEST(PodTemplatesTest, ShapesThatOnlyLookLikePodSpecsAreNot) {
  Kept keep;
  EXPECT_TRUE(views_of("apiVersion: example.com/v1\nkind: LogPolicy\nmetadata: {name: l}\n"
                       "spec: {selectorSpec: {containers: [app, sidecar]}, matchTemplate: {containers: "
                       "[{name: a}]}, scrape: {containers: [{name: app, image: x}]}, template: {spec: "
                       "{containers: [{name: a, image: x}, {image: y}]}}}\n",
                       keep)
                  .empty());
}

TEST(PodTemplatesTest, OtherKindsHaveNone) {
  Kept keep;
  EXPECT_TRUE(views_of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {spec: x}\n", keep).empty());
  // A policy's pod-shaped patch or pattern is not a pod.
  EXPECT_TRUE(views_of("apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata: {name: c}\n"
                       "spec: {rules: [{mutate: {patchStrategicMerge: {spec: {template: {spec: {containers: "
                       "[{image: x}]}}}}}}]}\n",
                       keep)
                  .empty());
  // An Argo CD ApplicationSet's template holds an Application, not a pod.
  EXPECT_TRUE(views_of("apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: c}\n"
                       "spec: {template: {spec: {project: default}}}\n",
                       keep)
                  .empty());
}

// An empty group is the core group only under `apiVersion: v1`; without an
// apiVersion, or with a templated one, the kind is not Kubernetes' own for
// sure, and a pod template is searched for by shape.
TEST(PodTemplatesTest, OnlyTheCoreGroupsKindsAreReadByTheTableAlone) {
  Kept keep;
  const std::string workload = "kind: Trainer\nmetadata: {name: t}\nspec: {template: {spec: {containers: [{name: c, image: i}]}}}\n";
  EXPECT_EQ(views_of(workload, keep).size(), 1u);
  EXPECT_EQ(views_of("apiVersion: \"{{inputs.parameters.api}}\"\n" + workload, keep).size(), 1u);
  EXPECT_TRUE(views_of("apiVersion: v1\n" + workload, keep).empty());
  EXPECT_TRUE(views_of("apiVersion: networking.k8s.io/v1\n" + workload, keep).empty());
  EXPECT_EQ(views_of("apiVersion: extensions/v1beta1\n" + workload, keep).size(), 1u);
}

TEST(PodTemplatesTest, AnArgoResourceTemplatesManifestIsReadAsTheObjectItCreates) {
  Kept keep;
  auto views = views_of(
      "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: w}\nspec:\n  templates:\n"
      "  - name: launch\n    resource:\n      action: create\n      manifest: |\n"
      "        apiVersion: batch/v1\n        kind: Job\n        metadata: {name: j}\n        spec:\n"
      "          template:\n            spec:\n              containers:\n              - name: train\n"
      "                image: busybox\n",
      keep);
  ASSERT_EQ(views.size(), 1u);
  EXPECT_EQ(views[0].location, "spec.templates[launch].resource.manifest: spec.template.spec");
  EXPECT_EQ(views[0].template_name, "launch");
  ASSERT_TRUE(views[0].embedded);
  ASSERT_EQ(views[0].containers.size(), 1u);
  EXPECT_EQ(views[0].containers[0].image.text(), "busybox");
  EXPECT_EQ(views[0].containers[0].image.position().line, 18u);  // the file's line
}

}  // namespace
}  // namespace driftlint
