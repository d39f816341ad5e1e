#include "render/workspace.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "testing/workspace.h"

namespace driftlint {
namespace {

TEST(RenderWorkspaceTest, WritesOnlyCleanPathsBelowItself) {
  Expected<RenderWorkspace> copy = RenderWorkspace::create();
  ASSERT_TRUE(copy);
  EXPECT_TRUE(copy->write("a/b/kustomization.yaml", "resources: []\n"));
  EXPECT_EQ(read_whole_file(copy->path_of("a/b/kustomization.yaml")), "resources: []\n");
  std::string parent = std::filesystem::path(copy->root()).parent_path().string();
  for (const char* bad : {"../escaped.yaml", "a/../../escaped.yaml", "/tmp/escaped.yaml", "./a.yaml", "a//b", ""}) {
    Status written = copy->write(bad, "x");
    ASSERT_FALSE(written) << bad;
    EXPECT_NE(written.error().message.find("not a clean path inside it"), std::string::npos) << written.error().message;
  }
  EXPECT_FALSE(std::filesystem::exists(parent + "/escaped.yaml"));
}

TEST(RenderWorkspaceTest, NeverWritesThroughALink) {
  Workspace outside;
  Expected<RenderWorkspace> copy = RenderWorkspace::create();
  ASSERT_TRUE(copy);
  // Nothing driftlint writes is a link; one planted there is still not followed.
  ASSERT_EQ(::symlink(outside.path().c_str(), copy->path_of("out").c_str()), 0);
  ASSERT_EQ(::symlink(outside.path_of("f.yaml").c_str(), copy->path_of("f.yaml").c_str()), 0);
  EXPECT_FALSE(copy->write("out/kustomization.yaml", "x"));
  EXPECT_FALSE(copy->write("f.yaml", "x"));
  EXPECT_FALSE(std::filesystem::exists(outside.path_of("kustomization.yaml")));
  EXPECT_FALSE(std::filesystem::exists(outside.path_of("f.yaml")));
}

}  // namespace
}  // namespace driftlint
