#include "render/render_times.h"

#include <gtest/gtest.h>

#include "render/render_cache.h"
#include "testing/workspace.h"

namespace driftlint {
namespace {

using std::chrono::milliseconds;

TEST(RenderTimesTest, WhatIsRecordedIsReadBackByTheNextRun) {
  Workspace work;
  std::string cache = work.path_of("cache").string();
  {
    RenderTimes times(cache);
    EXPECT_FALSE(times.last("kustomize apps/a"));
    times.record("kustomize apps/a", milliseconds(1234));
    times.save();
  }
  RenderTimes again(cache);
  ASSERT_TRUE(again.last("kustomize apps/a"));
  EXPECT_EQ(*again.last("kustomize apps/a"), milliseconds(1234));
  EXPECT_FALSE(again.last("kustomize apps/b"));
}

TEST(RenderTimesTest, ADamagedFileIsIgnoredLineByLineAndAnotherFormatWhole) {
  Workspace work;
  std::string key = render_key("kustomize apps/a");
  work.write("cache/render-times-v1", "driftlint render times v1\n" + key + " 77\n" + key.substr(1) + " 5\n" +
                                          render_key("x") + " -3\n" + render_key("y") + " 12ms\n\xff\xfe\n");
  RenderTimes times(work.path_of("cache").string());
  ASSERT_TRUE(times.last("kustomize apps/a"));
  EXPECT_EQ(*times.last("kustomize apps/a"), milliseconds(77));
  EXPECT_FALSE(times.last("x"));
  EXPECT_FALSE(times.last("y"));
  work.write("cache/render-times-v1", "something else\n" + key + " 77\n");
  EXPECT_FALSE(RenderTimes(work.path_of("cache").string()).last("kustomize apps/a"));
}

TEST(RenderTimesTest, WithoutACacheNothingIsKept) {
  RenderTimes times("");
  times.record("kustomize apps/a", milliseconds(5));
  times.save();
  EXPECT_FALSE(times.last("kustomize apps/a"));
}

}  // namespace
}  // namespace driftlint
