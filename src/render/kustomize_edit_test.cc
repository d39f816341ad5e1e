#include "render/kustomize_edit.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "yaml/parser.h"

namespace driftlint {
namespace {

nlohmann::json edit(const std::string& kustomization, const KustomizeOptions& options) {
  yaml::ParsedFile parsed = yaml::parse_yaml(kustomization);
  return nlohmann::json::parse(edited_kustomization(parsed.documents[0].root, options));
}

TEST(KustomizeEditTest, ImageArgumentsAsKustomizeEditSetsThem) {
  ImageOverride a = parse_image_override("registry.example/api:2.0.1");
  EXPECT_EQ(a.name, "registry.example/api");
  EXPECT_EQ(a.new_tag, "2.0.1");
  ImageOverride b = parse_image_override("api=registry.example:5000/team/api:1.2");
  EXPECT_EQ(b.name, "api");
  EXPECT_EQ(b.new_name, "registry.example:5000/team/api");
  EXPECT_EQ(b.new_tag, "1.2");
  ImageOverride c = parse_image_override("registry.example:5000/api@sha256:abc");
  EXPECT_EQ(c.name, "registry.example:5000/api");
  EXPECT_EQ(c.digest, "sha256:abc");
  EXPECT_TRUE(c.new_tag.empty());
}

TEST(KustomizeEditTest, AppOptionsOverrideAndExtendTheKustomization) {
  KustomizeOptions o;
  o.name_prefix = "prod-";
  o.ns = "prod";
  o.images = {"api:2.0.1", "worker=registry.example/worker:3"};
  o.replicas = {{"api", "4"}};
  o.common_labels = {{"team", "ml"}};
  o.components = {"../../components/gpu"};
  nlohmann::json k = edit("namespace: dev\nimages: [{name: api, newTag: '1.0'}]\nresources: [../../base]\n", o);
  EXPECT_EQ(k["namespace"], "prod");
  EXPECT_EQ(k["namePrefix"], "prod-");
  ASSERT_EQ(k["images"].size(), 2u);
  EXPECT_EQ(k["images"][0]["newTag"], "2.0.1");
  EXPECT_EQ(k["images"][1]["newName"], "registry.example/worker");
  EXPECT_EQ(k["replicas"][0]["count"], 4);
  EXPECT_EQ(k["commonLabels"]["team"], "ml");
  EXPECT_EQ(k["components"][0], "../../components/gpu");
  EXPECT_EQ(k["buildMetadata"], nlohmann::json::array({"originAnnotations"}));
}

TEST(KustomizeEditTest, OriginAnnotationsAreAskedForOnce) {
  nlohmann::json k = edit("buildMetadata: [originAnnotations]\n", KustomizeOptions{});
  EXPECT_EQ(k["buildMetadata"].size(), 1u);
}

}  // namespace
}  // namespace driftlint
