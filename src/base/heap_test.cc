#include "base/heap.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <string>

#include "testing/memory_maps.h"

namespace driftlint {
namespace {

TEST(HeapTest, TheMainHeapIsAdvisedToItsEnd) {
  if (!kTunesHeap || !kernel_has_transparent_huge_pages()) GTEST_SKIP() << "no advice in this build or kernel";
  ASSERT_TRUE(tune_heap());
  const char* last = static_cast<const char*>(sbrk(0)) - 1;
  EXPECT_NE(vm_flags_at(last).find(" hg"), std::string::npos) << vm_flags_at(last);
}

}  // namespace
}  // namespace driftlint
