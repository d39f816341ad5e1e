#include "render/origin_annotations.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(OriginAnnotationsTest, TakenOutWithTheMapTheyLeaveEmpty) {
  std::string output =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  annotations:\n    config.kubernetes.io/origin: |\n"
      "      configuredIn: ../../base/kustomization.yaml\n      configuredBy:\n        kind: ConfigMapGenerator\n"
      "  name: cfg\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  annotations:\n    keep: \"yes\"\n"
      "    config.kubernetes.io/origin: |\n      path: ../../base/deployment.yaml\n  name: api\nspec:\n  replicas: 2\n";
  StrippedOutput s = strip_origin_annotations(output);
  EXPECT_EQ(s.text,
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n---\napiVersion: apps/v1\nkind: Deployment\n"
            "metadata:\n  annotations:\n    keep: \"yes\"\n  name: api\nspec:\n  replicas: 2\n");
  ASSERT_EQ(s.origins.size(), 2u);
  EXPECT_EQ(s.origins[0], "configuredIn: ../../base/kustomization.yaml\nconfiguredBy:\n  kind: ConfigMapGenerator\n");
  EXPECT_EQ(s.origins[1], "path: ../../base/deployment.yaml\n");
}

TEST(OriginAnnotationsTest, OutputWithoutThemIsUnchanged) {
  std::string output = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n";
  StrippedOutput s = strip_origin_annotations(output);
  EXPECT_EQ(s.text, output);
  EXPECT_EQ(s.origins, std::vector<std::string>{""});
}

}  // namespace
}  // namespace driftlint
