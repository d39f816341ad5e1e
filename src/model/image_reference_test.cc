#include "model/image_reference.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

TEST(ImageReferenceTest, SplitsNameTagAndDigest) {
  auto r = parse_image_reference("registry.example:5000/team/api:2026.11");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->name, "registry.example:5000/team/api");
  EXPECT_EQ(r->tag, "2026.11");
  EXPECT_FALSE(r->unpinned());
  r = parse_image_reference("registry.example:5000/team/api");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->tag, "");
  EXPECT_TRUE(r->unpinned());
  r = parse_image_reference("nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->unpinned());
  EXPECT_TRUE(parse_image_reference("busybox:latest")->unpinned());
  EXPECT_TRUE(parse_image_reference("rayproject/ray:latest-gpu")->unpinned());
  EXPECT_FALSE(parse_image_reference("[::1]:5000/a/b:1")->unpinned());
}

TEST(ImageReferenceTest, MovingTagsFollowABranchOrAChannel) {
  for (const char* tag : {"latest", "main", "master", "nightly", "edge", "dev", "latest-gpu", "gpu-latest",
                          "Latest", "latest_cuda12"}) {
    EXPECT_TRUE(is_moving_tag(tag)) << tag;
  }
  for (const char* tag : {"1.0", "v2.40.0-gpu", "dev-20260101", "main-3f2a1c9", "2.6.2", "nightly-2026-11-30",
                          "stable-1.2", "py3-latestish"}) {
    EXPECT_FALSE(is_moving_tag(tag)) << tag;
  }
  EXPECT_TRUE(parse_image_reference("vllm/vllm-openai:nightly")->unpinned());
  EXPECT_FALSE(parse_image_reference("vllm/vllm-openai:nightly@sha256:0123456789abcdef0123456789abcdef")->unpinned());
}

TEST(ImageReferenceTest, PlaceholdersAreNotReferences) {
  for (const char* text : {"FILLED BY THE OPERATOR", "${HISTORY_SERVER_IMAGE}", "IMAGE_URL", "{{.Image}}",
                           "{{inputs.parameters.image}}", "registry.example/app:${TAG}", "", "a b",
                           "registry.example/App:1", "app:", "app:-x"}) {
    EXPECT_FALSE(parse_image_reference(text)) << text;
  }
}

}  // namespace
}  // namespace driftlint
