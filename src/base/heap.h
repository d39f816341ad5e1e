// How a run asks glibc's allocator and the kernel for memory. A run of 20,000
// manifests touches about 70 MB of fresh memory, much of it freed and taken
// again, and on virtual machines each 4 KB page fault is dear: on the 2-core
// benchmark machine they were a sixth of a cold run (docs/performance.md).
// Only hints: where they cannot be given (another C library, a sanitizer's
// allocator, a kernel without transparent huge pages) nothing changes but
// the speed.
#pragma once

#include <cstddef>  // defines __GLIBC__ where it applies

namespace driftlint {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DRIFTLINT_SANITIZER_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define DRIFTLINT_SANITIZER_ALLOCATOR 1
#endif
#endif

// Whether this build tunes the heap: glibc's allocator, not a sanitizer's.
#if defined(__GLIBC__) && !defined(DRIFTLINT_SANITIZER_ALLOCATOR)
inline constexpr bool kTunesHeap = true;
#else
inline constexpr bool kTunesHeap = false;
#endif

// Call once, first thing in main. Freed memory is kept for the next
// allocation instead of handed back to the kernel, and the main heap is
// backed by transparent huge pages (2 MB) where the kernel gives them only
// on request (transparent_hugepage "madvise", Debian's default), as
// GLIBC_TUNABLES=glibc.malloc.hugetlb=1 would, which a program cannot set for
// itself once started. True when the huge-page advice was given.
//
// Worker threads allocate from arenas of their own, whose heaps glibc makes
// writable a request at a time: a 2 MB range is seldom whole when first
// touched, so advice there changed nothing (a -j2 run faulted as often),
// and none is given. What they keep to the end of the run, the parsed trees,
// comes from base/lasting_memory.h instead, in huge pages.
bool tune_heap();

}  // namespace driftlint
