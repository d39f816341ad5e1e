#include "base/heap.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace driftlint {
namespace {

// The VmFlags line of the mapping holding `address` (/proc/self/smaps): "hg"
// is the kernel's mark of MADV_HUGEPAGE.
std::string vm_flags_at(const void* address) {
  auto at = reinterpret_cast<uintptr_t>(address);
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    unsigned long from = 0, to = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &from, &to) == 2 && line.find(':') > line.find(' ')) {
      inside = from <= at && at < to;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return {};
}

bool kernel_has_transparent_huge_pages() {
  return std::filesystem::exists("/sys/kernel/mm/transparent_hugepage/enabled");
}

TEST(HeapTest, TheMainHeapIsAdvisedToItsEnd) {
  if (!kTunesHeap || !kernel_has_transparent_huge_pages()) GTEST_SKIP() << "no advice in this build or kernel";
  ASSERT_TRUE(tune_heap());
  const char* last = static_cast<const char*>(sbrk(0)) - 1;
  EXPECT_NE(vm_flags_at(last).find(" hg"), std::string::npos) << vm_flags_at(last);
}

}  // namespace
}  // namespace driftlint
