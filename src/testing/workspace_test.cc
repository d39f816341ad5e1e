#include "testing/workspace.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

namespace driftlint {
namespace {

namespace fs = std::filesystem;

TEST(WorkspaceTest, IsNamedAfterTheProcessAndTheTestAndRemovedAfterIt) {
  fs::path path;
  {
    Workspace workspace;
    path = workspace.path();
    EXPECT_TRUE(fs::is_directory(path));
    EXPECT_TRUE(fs::is_empty(path));
    std::string name = path.filename().string();
    EXPECT_NE(name.find(std::to_string(::getpid())), std::string::npos) << name;
    EXPECT_NE(name.find("WorkspaceTest.IsNamedAfterTheProcessAndTheTestAndRemovedAfterIt"), std::string::npos) << name;
    workspace.write("a/b/c.txt", "text");
  }
  EXPECT_FALSE(fs::exists(path));
}

TEST(WorkspaceTest, WritesMakeTheirFoldersAndReplaceWhatWasThere) {
  Workspace workspace;
  workspace.write("deep/er/file.txt", std::string("a\0b", 3));
  EXPECT_EQ(workspace.read("deep/er/file.txt"), std::string("a\0b", 3));
  workspace.write("deep/er/file.txt", "x");
  EXPECT_EQ(workspace.read("deep/er/file.txt"), "x");
  EXPECT_EQ(workspace.read("missing.txt"), "");
  EXPECT_EQ(workspace.make_folder("made/here"), workspace.path_of("made/here"));
  EXPECT_TRUE(fs::is_directory(workspace.path() / "made" / "here"));
}

}  // namespace
}  // namespace driftlint
