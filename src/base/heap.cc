#include "base/heap.h"

#include <cstdint>
#include <cstdlib>

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace driftlint {

#if defined(__GLIBC__) && !defined(DRIFTLINT_SANITIZER_ALLOCATOR)

namespace {

// What the main heap is grown by at once, to advise it in one piece: address
// space only, memory comes when it is touched. Past it the heap grows as
// before, in small pages.
constexpr int kMainHeapReserve = 256 << 20;
constexpr int kDefaultTopPad = 128 * 1024;  // glibc's M_TOP_PAD (mallopt(3))

}  // namespace

bool tune_heap() {
  // A run allocates and frees a lot of short-lived memory (file contents,
  // parser buffers) beside trees that live to the end. By default glibc hands
  // freed memory back to the kernel, and the next allocation faults it in
  // again, page by page, with the threads contending for the address space:
  // keeping it cut -j2 runs by 14 % on the benchmark machine. Peak memory
  // does not grow.
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // the most glibc allows on 64-bit
  mallopt(M_TOP_PAD, kMainHeapReserve);
  // More than the heap holds free at start (and under the threshold above,
  // so from the heap), so the heap grows, by the pad too.
  void* probe = std::malloc(1 << 20);
  mallopt(M_TOP_PAD, kDefaultTopPad);
  if (!probe) return false;
  auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  uintptr_t from = reinterpret_cast<uintptr_t>(probe) & ~(page - 1);
  auto to = reinterpret_cast<uintptr_t>(sbrk(0));
  // Not when the heap could not grow and glibc mapped the probe elsewhere.
  bool advised = from < to && madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE) == 0;
  std::free(probe);  // the heap keeps it (M_TRIM_THRESHOLD): later allocations come from it
  return advised;
}

#else

bool tune_heap() { return false; }

#endif

}  // namespace driftlint
