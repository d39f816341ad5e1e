#include "base/huge_pages.h"

#include <cstdint>
#include <cstdlib>

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DRIFTLINT_OWN_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define DRIFTLINT_OWN_ALLOCATOR 1
#endif
#endif

namespace driftlint {

#if defined(__GLIBC__) && !defined(DRIFTLINT_OWN_ALLOCATOR)

namespace {

// What the main heap is grown by at once, to advise it in one piece: address
// space only, memory comes when it is touched. Past it the heap grows as
// before, in small pages.
constexpr int kMainHeapReserve = 256 << 20;
constexpr int kDefaultTopPad = 128 * 1024;  // glibc's M_TOP_PAD (mallopt(3))
// glibc's HEAP_MAX_SIZE on 64-bit: a thread arena's heaps are mappings of
// this size, aligned to it, grown inside it.
constexpr uintptr_t kArenaHeapSize = uintptr_t{64} << 20;

}  // namespace

void prefer_huge_pages_for_heap() {
  mallopt(M_TOP_PAD, kMainHeapReserve);
  // More than the heap holds free at start, so the heap grows, by the pad too.
  void* probe = std::malloc(1 << 20);
  mallopt(M_TOP_PAD, kDefaultTopPad);
  if (!probe) return;
  auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  uintptr_t from = reinterpret_cast<uintptr_t>(probe) & ~(page - 1);
  auto to = reinterpret_cast<uintptr_t>(sbrk(0));
  // Not when the heap could not grow and glibc mapped the probe elsewhere.
  if (from < to) madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
  std::free(probe);  // the heap keeps it (M_TRIM_THRESHOLD): later allocations come from it
}

void prefer_huge_pages_for_this_thread() {
  void* probe = std::malloc(64);
  if (!probe) return;
  auto at = reinterpret_cast<uintptr_t>(probe);
  // The main heap lies below the break; a thread arena's heaps are mappings above it.
  if (at >= reinterpret_cast<uintptr_t>(sbrk(0))) {
    madvise(reinterpret_cast<void*>(at & ~(kArenaHeapSize - 1)), kArenaHeapSize, MADV_HUGEPAGE);
  }
  std::free(probe);
}

#else

void prefer_huge_pages_for_heap() {}
void prefer_huge_pages_for_this_thread() {}

#endif

}  // namespace driftlint
