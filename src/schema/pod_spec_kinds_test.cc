// pod_templates reads Kubernetes' own kinds by its table and searches no other
// of their objects by shape (model/pod_templates.cc): checked here against
// the bundled OpenAPI documents of every release, so a kind a new release
// adds with a PodSpec fails this test until the table has it.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "model/pod_templates.h"
#include "schema/kubernetes_schemas.h"
#include "yaml/parser.h"

namespace driftlint {
namespace {

// Where each kind that holds a PodSpec has it, as YAML around `containers`.
const std::map<std::string, std::string>& pod_objects() {
  static const std::map<std::string, std::string> objects = {
      {"Pod", "spec: {containers: [{name: c, image: i}]}"},
      {"PodTemplate", "template: {spec: {containers: [{name: c, image: i}]}}"},
      {"CronJob", "spec: {jobTemplate: {spec: {template: {spec: {containers: [{name: c, image: i}]}}}}}"},
  };
  return objects;
}
const std::string kTemplated = "spec: {template: {spec: {containers: [{name: c, image: i}]}}}";

size_t templates_of(const std::string& api_version, const std::string& kind, const std::string& body) {
  std::string group = api_version.find('/') == std::string::npos ? "" : api_version.substr(0, api_version.find('/'));
  yaml::ParsedFile parsed = yaml::parse_yaml("apiVersion: " + api_version + "\nkind: " + kind + "\n" + body + "\n");
  return pod_templates_of(parsed.documents.at(0).root, group, kind).size();
}

TEST(PodSpecKindsTest, KubernetesKindsHoldPodTemplatesExactlyWhereTheirSchemasDo) {
  size_t with = 0, without = 0;
  for (const std::string& version : KubernetesSchemas::versions()) {
    const KubernetesSchemas& schemas = *KubernetesSchemas::of(version);
    for (const std::string& served : schemas.kinds()) {
      std::string api_version = served.substr(0, served.find(':'));
      std::string kind = served.substr(served.find(':') + 1);
      if (kind.ends_with("List")) continue;
      std::optional<std::string> definition = schemas.definition_of(api_version, kind);
      ASSERT_TRUE(definition) << served;
      bool holds = schemas.definitions_reached(*definition).contains("io.k8s.api.core.v1.PodSpec");
      auto shape = pod_objects().find(kind);
      const std::string& body = shape != pod_objects().end() ? shape->second : kTemplated;
      if (holds) {
        ++with;
        EXPECT_EQ(templates_of(api_version, kind, body), 1u)
            << served << " (" << version << ") holds a PodSpec: pod_templates must read it by its table";
      } else {
        ++without;
        // Shaped like a workload, but the API server prunes what the schema does not have.
        EXPECT_EQ(templates_of(api_version, kind, kTemplated), 0u) << served << " (" << version << ") holds no PodSpec";
      }
    }
  }
  EXPECT_GT(with, 9u);  // the nine kinds, in every release
  EXPECT_GT(without, 100u);
}

TEST(PodSpecKindsTest, OldExtensionsWorkloadsAndCustomResourcesAreStillFoundByShape) {
  EXPECT_EQ(templates_of("extensions/v1beta1", "Deployment", kTemplated), 1u);
  EXPECT_EQ(templates_of("example.com/v1", "Trainer", kTemplated), 1u);
}

}  // namespace
}  // namespace driftlint
