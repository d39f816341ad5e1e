// Asks the kernel to back the heap with transparent huge pages (2 MB) where
// it gives them only on request (transparent_hugepage "madvise", the default
// of Debian's and most distributions' kernels). A run touches tens of
// megabytes of fresh memory, page by page, and on virtual machines each 4 KB
// fault is dear: on the 2-core benchmark machine a cold run of 20,000
// manifests spent a sixth of its time faulting (docs/performance.md). glibc
// does the same with GLIBC_TUNABLES=glibc.malloc.hugetlb=1, which a program
// cannot set for itself once started.
//
// Only a hint: where it cannot be given (another C library, a sanitizer's
// allocator, a kernel without THP), nothing changes but the speed.
#pragma once

namespace driftlint {

// The main heap: call once, first thing in main, after the mallopt settings.
void prefer_huge_pages_for_heap();

// The heap of the calling thread's malloc arena (glibc gives threads arenas
// of their own): call when a worker thread starts.
void prefer_huge_pages_for_this_thread();

}  // namespace driftlint
