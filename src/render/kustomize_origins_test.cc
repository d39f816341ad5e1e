#include "render/kustomize_build.h"

#include <gtest/gtest.h>

#include "yaml/parser.h"

namespace driftlint {
namespace {

// An overlay over a base, with a strategic-merge patch, an inline JSON 6902
// patch, a transformer or two and a generator; the output is what kustomize
// prints for it with originAnnotations (taken from a real run).
const std::map<std::string, std::string> kRepo = {
    {"base/kustomization.yaml", "resources:\n- deployment.yaml\nconfigMapGenerator:\n- name: cfg\n  literals:\n  - mode=fast\n"},
    {"base/deployment.yaml",
     "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 1\n  template:\n    spec:\n"
     "      containers:\n      - name: api\n        image: registry.example/api:latest\n        ports:\n"
     "        - containerPort: 80\n"},
    {"overlays/dev/kustomization.yaml",
     "namespace: dev\nnamePrefix: dev-\nresources:\n- ../../base\npatches:\n- path: replicas.yaml\n"
     "- target: {kind: Deployment}\n  patch: |-\n    - op: replace\n      path: /spec/template/spec/containers/0/ports/0/containerPort\n"
     "      value: 8080\nimages:\n- name: registry.example/api\n  newTag: 1.4.2\n"},
    {"overlays/dev/replicas.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 2\n"},
};

const char* kOutput = R"(apiVersion: v1
data:
  mode: fast
kind: ConfigMap
metadata:
  annotations:
    config.kubernetes.io/origin: |
      configuredIn: ../../base/kustomization.yaml
      configuredBy:
        apiVersion: builtin
        kind: ConfigMapGenerator
  name: dev-cfg-2g9mb8c9h4
  namespace: dev
---
apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    config.kubernetes.io/origin: |
      path: ../../base/deployment.yaml
  name: dev-api
  namespace: dev
spec:
  replicas: 2
  template:
    spec:
      containers:
      - image: registry.example/api:1.4.2
        name: api
        ports:
        - containerPort: 8080
)";

class KustomizeOriginsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    request_.repo = 0;
    request_.folder = "overlays/dev";
    closure_ = kustomize_closure(tree_, "overlays/dev", 1 << 20);
    read_kustomize_output(kOutput, closure_, request_, tree_, 1 << 20, out_);
    ASSERT_EQ(out_.objects.size(), 2u);
  }
  std::string at(const Manifest& m, yaml::Node node) {
    std::optional<SourcePlace> p = m.provenance->origin(node);
    return p ? p->path + ":" + std::to_string(p->position.line) : "none";
  }
  MemoryTree tree_{kRepo};
  RenderRequest request_;
  KustomizeClosure closure_;
  RenderOutput out_;
};

TEST_F(KustomizeOriginsTest, EachFieldIsWhereItIsSet) {
  const Manifest& d = out_.objects[1];
  EXPECT_EQ(d.id.name, "dev-api");
  yaml::Node spec = d.root.get("spec");
  EXPECT_EQ(at(d, spec.get("replicas")), "overlays/dev/replicas.yaml:6");
  std::optional<SourcePlace> before = d.provenance->earlier(spec.get("replicas"));
  ASSERT_TRUE(before);
  EXPECT_EQ(before->path + ":" + std::to_string(before->position.line), "base/deployment.yaml:6");
  yaml::Node container = spec.path({"template", "spec", "containers"}).element(0);
  EXPECT_EQ(at(d, container.get("image")), "overlays/dev/kustomization.yaml:14");
  EXPECT_EQ(at(d, container.key_node("image")), "overlays/dev/kustomization.yaml:14");
  EXPECT_EQ(at(d, container.get("name")), "base/deployment.yaml:10");
  yaml::Node port = container.get("ports").element(0).get("containerPort");
  EXPECT_EQ(at(d, port), "overlays/dev/kustomization.yaml:11");  // the inline patch's value line
  yaml::Node metadata = d.root.get("metadata");
  EXPECT_EQ(at(d, metadata.get("namespace")), "overlays/dev/kustomization.yaml:1");
  EXPECT_EQ(at(d, metadata.get("name")), "overlays/dev/kustomization.yaml:2");  // the prefix changed it
  EXPECT_EQ(at(d, metadata.key_node("name")), "base/deployment.yaml:4");        // the object is defined there
  EXPECT_EQ(out_.origin_paths[1], "base/deployment.yaml");
}

TEST_F(KustomizeOriginsTest, GeneratedObjectsAreAtTheirGenerator) {
  const Manifest& c = out_.objects[0];
  EXPECT_EQ(out_.origin_paths[0], "base/kustomization.yaml");
  EXPECT_EQ(at(c, c.root.path({"data", "mode"})), "base/kustomization.yaml:6");
  // The annotation driftlint asked for is not part of what is applied.
  EXPECT_FALSE(c.root.path({"metadata", "annotations"}).valid());
}

TEST_F(KustomizeOriginsTest, AppOptionsAreAtTheApp) {
  yaml::ParsedFile app = yaml::parse_yaml("spec:\n  source:\n    kustomize:\n      images:\n      - registry.example/api:2.0.1\n");
  request_.kustomize.images = {"registry.example/api:2.0.1"};
  request_.kustomize.node = app.documents[0].root.path({"spec", "source", "kustomize"});
  request_.kustomize.app_path = "apps/dev.yaml";
  request_.kustomize.app_repo = 1;
  std::string output = kOutput;
  output.replace(output.find("1.4.2"), 5, "2.0.1");
  RenderOutput out;
  read_kustomize_output(output, closure_, request_, tree_, 1 << 20, out);
  const Manifest& d = out.objects[1];
  yaml::Node image = d.root.path({"spec", "template", "spec", "containers"}).element(0).get("image");
  std::optional<SourcePlace> p = d.provenance->origin(image);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->repo, 1u);
  EXPECT_EQ(p->path + ":" + std::to_string(p->position.line), "apps/dev.yaml:5");
}

}  // namespace
}  // namespace driftlint
