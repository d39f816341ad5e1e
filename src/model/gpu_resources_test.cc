#include "model/gpu_resources.h"

#include <gtest/gtest.h>

namespace driftlint {
namespace {

// cpu, memory and ephemeral-storage are judged when the matcher is made, by the same patterns.
TEST(GpuResourceMatcherTest, TheConfiguredPatternsDecideEveryResourceTheCommonOnesToo) {
  Expected<GpuResourceMatcher> defaults =
      GpuResourceMatcher::create({R"(nvidia\.com/gpu)", R"(nvidia\.com/mig-.+)", R"(google\.com/tpu)"});
  ASSERT_TRUE(defaults);
  for (const char* r : {"cpu", "memory", "ephemeral-storage", "hugepages-2Mi", "cpus", ""}) {
    EXPECT_FALSE(defaults->is_gpu(r)) << r;
  }
  for (const char* r : {"nvidia.com/gpu", "nvidia.com/mig-1g.10gb", "google.com/tpu"}) {
    EXPECT_TRUE(defaults->is_gpu(r)) << r;
  }
  // Judged by the patterns even where every container names it.
  Expected<GpuResourceMatcher> odd = GpuResourceMatcher::create({"memory", "example.com/.*"});
  ASSERT_TRUE(odd);
  EXPECT_TRUE(odd->is_gpu("memory"));
  EXPECT_FALSE(odd->is_gpu("cpu"));
  EXPECT_TRUE(odd->is_gpu("example.com/npu"));
  EXPECT_FALSE(odd->is_gpu("nvidia.com/gpu"));
  EXPECT_FALSE(GpuResourceMatcher::create({})->is_gpu("cpu"));
}

}  // namespace
}  // namespace driftlint
