#include "base/lasting_memory.h"

#include <gtest/gtest.h>

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <thread>

#include "base/heap.h"
#include "testing/memory_maps.h"

namespace driftlint {
namespace {

constexpr size_t kTwoMegabytes = size_t{2} << 20;

TEST(LastingMemoryTest, HugePagesStartOnA2MbBoundaryAndAreAdvised) {
  size_t bytes = 3 * kTwoMegabytes + 5;
  char* p = map_huge_pages(bytes);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % kTwoMegabytes, 0u);
  std::memset(p, 1, bytes);  // every byte is writable
  if (kernel_has_transparent_huge_pages()) EXPECT_NE(vm_flags_at(p).find(" hg"), std::string::npos) << vm_flags_at(p);
  EXPECT_EQ(::munmap(p, bytes), 0);
}

TEST(LastingMemoryTest, SmallRequestsAreAlignedAndApart) {
  LastingBytes a = lasting_bytes(10);
  LastingBytes b = lasting_bytes(100);
  ASSERT_NE(a.data, nullptr);
  ASSERT_NE(b.data, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a.data) % 16, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(b.data) % 16, 0u);
  std::memset(a.data, 'a', 10);
  std::memset(b.data, 'b', 100);
  EXPECT_EQ(std::string(a.data, 10), std::string(10, 'a'));
  if (kTunesHeap) {
    EXPECT_EQ(b.data, a.data + 16);  // taken one after the other from one block
    EXPECT_EQ(a.keep.get(), b.keep.get());
  }
}

TEST(LastingMemoryTest, TheBytesOutliveTheThreadThatTookThem) {
  LastingBytes kept;
  std::thread([&] {
    kept = lasting_bytes(64);
    std::memset(kept.data, 7, 64);
  }).join();
  ASSERT_NE(kept.data, nullptr);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(kept.data[i], 7);
}

TEST(LastingMemoryTest, AFullBlockMakesWayForANewOne) {
  if (!kTunesHeap) GTEST_SKIP() << "a sanitizer's build allocates each request on its own";
  LastingBytes first = lasting_bytes(kTwoMegabytes / 4);
  const void* block = first.keep.get();
  int in_block = 1;
  for (;;) {
    LastingBytes next = lasting_bytes(kTwoMegabytes / 4);
    ASSERT_NE(next.data, nullptr);
    if (next.keep.get() != block) break;
    ++in_block;
  }
  EXPECT_LE(in_block, 4);  // a 2 MB block holds four of them at most
  std::memset(first.data, 0, kTwoMegabytes / 4);
}

TEST(LastingMemoryTest, ALargeRequestHasMemoryOfItsOwn) {
  LastingBytes small = lasting_bytes(32);
  LastingBytes large = lasting_bytes(3 * kTwoMegabytes);
  ASSERT_NE(large.data, nullptr);
  EXPECT_NE(large.keep.get(), small.keep.get());
  std::memset(large.data, 0xff, 3 * kTwoMegabytes);
}

}  // namespace
}  // namespace driftlint
