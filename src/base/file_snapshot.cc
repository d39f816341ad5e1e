#include "base/file_snapshot.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <string>
#include <string_view>

#include "base/lasting_memory.h"

namespace driftlint {

namespace {

// One entry per snapshot mapped under a lease, read by the SIGIO handler:
// a fixed table of atomics, since a handler may interrupt anything (even
// malloc) and must not take locks.
enum SlotState : int { kFree, kClaimed, kLeased, kCopying, kCopied };
struct Slot {
  std::atomic<int> state{kFree};
  std::atomic<bool> poked{false};  // a signal came while the slot was busy or not ready
  int fd = -1;                      // these three: written while kClaimed, read after kLeased
  char* address = nullptr;
  size_t size = 0;
};
constexpr int kSlots = 64;  // a run maps one pack per repo; beyond that, copies
Slot g_slots[kSlots];
struct sigaction g_previous_handler;

// Someone wants to write or truncate the file (the kernel holds them back
// until the lease is released): put a private copy where the mapping was,
// then let them go. Safe in a signal handler: system calls, memcpy, atomics.
void swap_for_private_copy(Slot& slot) {
  char* copy = map_huge_pages(slot.size);
  if (copy != nullptr) {
    std::memcpy(copy, slot.address, slot.size);
    ::mprotect(copy, slot.size, PROT_READ);
    // One step: a thread reading meanwhile sees the old pages or the copy,
    // the same bytes either way.
    if (::mremap(copy, slot.size, slot.size, MREMAP_MAYMOVE | MREMAP_FIXED, slot.address) != MAP_FAILED) {
      ::fcntl(slot.fd, F_SETLEASE, F_UNLCK);
      slot.state.store(kCopied);
      return;
    }
    ::munmap(copy, slot.size);
  }
  // No memory for a copy: keep the lease, so the writer waits until this
  // run ends (or /proc/sys/fs/lease-break-time, 45 s by default, passes).
  slot.state.store(kLeased);
}

// Copies the slot if its lease is being broken. Called by the handler for
// every slot on every SIGIO (SIGIO does not queue: two breaks at once arrive
// as one signal) and once by the owner when the slot is ready (a break
// before that found nothing to copy). `poked` is set before the slot is
// claimed and looked at after it is let go, so that a signal arriving while
// another caller holds the slot is never lost.
void copy_if_breaking(Slot& slot) {
  slot.poked.store(true);
  for (;;) {
    int leased = kLeased;
    if (!slot.state.compare_exchange_strong(leased, kCopying)) return;  // not ours to look at now
    slot.poked.store(false);
    if (::fcntl(slot.fd, F_GETLEASE) != F_RDLCK) {  // a lease being broken reads F_UNLCK
      swap_for_private_copy(slot);
      return;
    }
    slot.state.store(kLeased);
    if (!slot.poked.load()) return;
  }
}

void pass_on(int signal, siginfo_t* info, void* context) {
  const struct sigaction& p = g_previous_handler;
  if (p.sa_flags & SA_SIGINFO) {
    if (p.sa_sigaction != nullptr) p.sa_sigaction(signal, info, context);
  } else if (p.sa_handler != SIG_DFL && p.sa_handler != SIG_IGN) {
    p.sa_handler(signal);
  }
}

void on_sigio(int signal, siginfo_t* info, void* context) {
  int saved_errno = errno;
  for (Slot& slot : g_slots) copy_if_breaking(slot);
  if (info->si_code != POLL_MSG) pass_on(signal, info, context);  // not a lease break
  errno = saved_errno;
}

void install_handler_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_sigaction = on_sigio;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGIO, &action, &g_previous_handler);
  });
}

// Only where every writer goes through this kernel does a lease hear of
// every change: not on network or FUSE file systems, whose other clients
// (or host) change files without breaking it.
bool leases_see_every_writer(int fd) {
  struct statfs fs;
  if (::fstatfs(fd, &fs) != 0) return false;
  switch (static_cast<unsigned long>(fs.f_type)) {
    case EXT4_SUPER_MAGIC:  // also ext2 and ext3
    case XFS_SUPER_MAGIC:
    case BTRFS_SUPER_MAGIC:
    case TMPFS_MAGIC:
    case OVERLAYFS_SUPER_MAGIC:
    case F2FS_SUPER_MAGIC:
      return true;
    default:
      return false;
  }
}

int claim_slot() {
  for (int i = 0; i < kSlots; ++i) {
    int free = kFree;
    if (g_slots[i].state.compare_exchange_strong(free, kClaimed)) return i;
  }
  return -1;
}

// Takes the slot back from the handler (waiting while it copies) and closes
// its file, which ends the lease.
void release_slot(int index) {
  Slot& slot = g_slots[index];
  for (;;) {
    int state = slot.state.load();
    if (state == kCopying) {
      sched_yield();  // the handler, on another thread
      continue;
    }
    if (state == kClaimed || slot.state.compare_exchange_weak(state, kClaimed)) break;
  }
  if (slot.fd >= 0) ::close(slot.fd);
  slot.fd = -1;
  slot.state.store(kFree);
}

Expected<size_t> size_of(int fd) {
  struct stat st;
  if (::fstat(fd, &st) != 0) return Error{std::strerror(errno)};
  if (st.st_size == 0) return Error{"empty"};
  return static_cast<size_t>(st.st_size);
}

}  // namespace

bool FileSnapshot::is_private_copy() const { return slot_ < 0 || g_slots[slot_].state.load() == kCopied; }

FileSnapshot::~FileSnapshot() {
  if (slot_ >= 0) release_slot(slot_);
  ::munmap(const_cast<char*>(address_), size_);
}

Expected<std::shared_ptr<const FileSnapshot>> FileSnapshot::take(int fd, Mode mode) {
  if (mode == Mode::MapUnderLease && leases_see_every_writer(fd)) {
    auto mapped = map_under_lease(fd);
    if (!mapped || *mapped) return mapped;
  }
  auto copy = read_copy(fd);
  ::close(fd);
  return copy;
}

Expected<std::shared_ptr<const FileSnapshot>> FileSnapshot::map_under_lease(int fd) {
  install_handler_once();
  int index = claim_slot();
  if (index < 0) return std::shared_ptr<const FileSnapshot>();
  Slot& slot = g_slots[index];
  // Fails for another user's file, or one open for writing right now.
  // The kernel tells the thread that took the lease that it is being broken;
  // that thread may end long before the mapping does (a worker that opened
  // the pack), so the whole process is told instead.
  struct f_owner_ex process = {F_OWNER_PID, ::getpid()};
  if (::fcntl(fd, F_SETSIG, SIGIO) != 0 || ::fcntl(fd, F_SETLEASE, F_RDLCK) != 0 ||
      ::fcntl(fd, F_SETOWN_EX, &process) != 0) {
    ::fcntl(fd, F_SETLEASE, F_UNLCK);
    slot.state.store(kFree);
    return std::shared_ptr<const FileSnapshot>();
  }
  slot.fd = fd;  // the slot owns it now
  Expected<size_t> size = size_of(fd);  // under the lease, so it holds
  if (!size) {
    release_slot(index);
    return size.error();
  }
  void* address = ::mmap(nullptr, *size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  if (address == MAP_FAILED) {
    Error error{std::string("cannot be mapped: ") + std::strerror(errno)};
    release_slot(index);
    return error;
  }
  slot.address = static_cast<char*>(address);
  slot.size = *size;
  slot.state.store(kLeased);
  copy_if_breaking(slot);
  return std::shared_ptr<const FileSnapshot>(new FileSnapshot(slot.address, *size, index));
}

Expected<std::shared_ptr<const FileSnapshot>> FileSnapshot::read_copy(int fd) {
  Expected<size_t> size = size_of(fd);
  if (!size) return size.error();
  char* copy = map_huge_pages(*size);
  if (copy == nullptr) return Error{std::string("cannot be read: ") + std::strerror(errno)};
  size_t done = 0;
  while (done < *size) {
    ssize_t n = ::pread(fd, copy + done, *size - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::munmap(copy, *size);
      return Error{n < 0 ? std::string("cannot be read: ") + std::strerror(errno) : "truncated while read"};
    }
    done += static_cast<size_t>(n);
  }
  ::mprotect(copy, *size, PROT_READ);
  return std::shared_ptr<const FileSnapshot>(new FileSnapshot(copy, *size, -1));
}

}  // namespace driftlint
