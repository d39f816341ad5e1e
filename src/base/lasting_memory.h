// Memory for what a run keeps to its end: the trees of the files it parsed.
// Handed out a thread at a time from blocks of 2 MB pages, it is touched a
// huge page at a time, not 4 KB at a time, and never mixed into glibc's
// per-thread arenas, whose short-lived blocks (a parser's buffers, a file's
// text) are then taken again from memory already touched. On the 2-core
// benchmark machine a -j2 run faulted in 7,100 pages against 1,200 at -j1
// (docs/performance.md): each fault there costs about 10 µs.
#pragma once

#include <cstddef>
#include <memory>

namespace driftlint {

// Requests up to this share the calling thread's current block (a quarter
// of its 2 MB); a larger one has memory of its own.
inline constexpr size_t kLastingSharedBytes = (size_t{2} << 20) / 4;

struct LastingBytes {
  char* data = nullptr;  // aligned to 16 bytes; null when no memory was left
  // Holds the block `data` is in; the bytes live as long as any holder.
  std::shared_ptr<const void> keep;
};

// `bytes` of fresh memory (uninitialised), shared or not as
// kLastingSharedBytes says. In a build with a sanitizer's allocator every
// request is an allocation of its own, so that its bounds are checked.
LastingBytes lasting_bytes(size_t bytes);

// Gives back the untouched pages of the block this thread is filling (its
// later requests fault them in again, 4 KB at a time): for the thread that
// loaded a run's files, once they are loaded. A thread that ends gives its
// back by itself.
void release_untouched_lasting_memory();

// Fresh private memory of `bytes` (rounded up to whole pages) that starts on
// a 2 MB boundary and is advised for transparent huge pages; freed with
// munmap(p, bytes). Null when the address space is exhausted. Safe in a
// signal handler (only mmap, munmap and madvise).
char* map_huge_pages(size_t bytes);

}  // namespace driftlint
