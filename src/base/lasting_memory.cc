#include "base/lasting_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

#include "base/heap.h"

namespace driftlint {

namespace {

constexpr size_t kHugePage = size_t{2} << 20;
// One huge page: a thread's unused tail of its last block costs at most this.
constexpr size_t kBlockBytes = kHugePage;
constexpr size_t kAlign = 16;
static_assert(kLastingSharedBytes == kBlockBytes / 4);
// Read before main: sysconf is not safe in a signal handler.
const auto kPageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));

struct Block {
  Block(char* b, size_t s) : base(b), size(s) {}
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;
  ~Block() { ::munmap(base, size); }
  char* base;
  size_t size;
};

// The block a thread is filling and how much of it is taken. A thread that
// ends (parallel_for's workers end with their loop) gives its block's
// untouched pages back: no one else hands them out, and the trees it made
// keep the block, so its tail would be resident, unused, to the end of the
// run (1 MB a thread on average; a huge page, split, frees its pages).
struct Filling {
  Filling() = default;
  Filling(const Filling&) = delete;
  Filling& operator=(const Filling&) = delete;
  ~Filling() { release_tail(); }
  void release_tail() const {
    if (!block) return;
    size_t from = (used + kPageSize - 1) / kPageSize * kPageSize;
    if (from < block->size) ::madvise(block->base + from, block->size - from, MADV_DONTNEED);
  }
  std::shared_ptr<Block> block;
  size_t used = 0;
};

LastingBytes own_allocation(size_t bytes) {
  void* p = std::malloc(bytes == 0 ? 1 : bytes);
  if (p == nullptr) return {};
  return {static_cast<char*>(p), std::shared_ptr<const void>(p, std::free)};
}

}  // namespace

char* map_huge_pages(size_t bytes) {
  size_t size = (bytes + kPageSize - 1) / kPageSize * kPageSize;
  if (size == 0 || size > SIZE_MAX - kHugePage) return nullptr;
  // Mapped a huge page longer, then trimmed to start on a 2 MB boundary:
  // only whole, aligned 2 MB ranges can be huge pages.
  size_t span = size + kHugePage;
  void* p = ::mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  auto start = reinterpret_cast<uintptr_t>(p);
  uintptr_t aligned = (start + kHugePage - 1) & ~(uintptr_t{kHugePage} - 1);
  if (aligned > start) ::munmap(p, aligned - start);
  if (start + span > aligned + size) ::munmap(reinterpret_cast<void*>(aligned + size), start + span - aligned - size);
  ::madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
  return reinterpret_cast<char*>(aligned);
}

namespace {

Filling& this_threads_filling() {
  thread_local Filling filling;
  return filling;
}

}  // namespace

void release_untouched_lasting_memory() { this_threads_filling().release_tail(); }

LastingBytes lasting_bytes(size_t bytes) {
  if constexpr (!kTunesHeap) return own_allocation(bytes);  // a sanitizer checks each one's bounds
  if (bytes > kLastingSharedBytes) return own_allocation(bytes);
  Filling& filling = this_threads_filling();
  size_t rounded = (bytes + kAlign - 1) / kAlign * kAlign;
  if (!filling.block || filling.block->size - filling.used < rounded) {
    char* base = map_huge_pages(kBlockBytes);
    if (base == nullptr) return own_allocation(bytes);
    filling.block = std::make_shared<Block>(base, kBlockBytes);
    filling.used = 0;
  }
  char* data = filling.block->base + filling.used;
  filling.used += rounded;
  return {data, filling.block};
}

}  // namespace driftlint
