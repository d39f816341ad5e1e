// What the kernel says of this process's memory, for tests of how it is
// asked for (base/heap.h, base/lasting_memory.h).
#pragma once

#include <string>

namespace driftlint {

// The VmFlags line of the mapping holding `address` (/proc/self/smaps): "hg"
// is the kernel's mark of MADV_HUGEPAGE. Empty when no mapping holds it.
std::string vm_flags_at(const void* address);

// Whether this kernel has transparent huge pages at all.
bool kernel_has_transparent_huge_pages();

}  // namespace driftlint
