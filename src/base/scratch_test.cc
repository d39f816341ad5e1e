#include "base/scratch.h"

#include <gtest/gtest.h>

#include "testing/workspace.h"

namespace driftlint {
namespace {

TEST(ScratchTest, TheUsersTmpdirWins) {
  EXPECT_EQ(choose_scratch_root("/var/tmp/mine", "/dev/shm"), "/var/tmp/mine");
}

TEST(ScratchTest, AFolderOnADiskIsNotTakenForMemory) {
  Workspace work;  // under the system's temp folder, on a disk here (or a tmpfs /tmp: then taken, rightly)
  std::string chosen = choose_scratch_root(nullptr, work.path().string());
  EXPECT_TRUE(chosen == "/tmp" || chosen == work.path().string()) << chosen;
  EXPECT_EQ(choose_scratch_root("", "/no/such/folder"), "/tmp");
  EXPECT_EQ(choose_scratch_root(nullptr, "/no/such/folder"), "/tmp");
}

}  // namespace
}  // namespace driftlint
