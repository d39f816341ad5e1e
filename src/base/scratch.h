// Where a run makes its short-lived private folders: a build's copy of its
// closure and the tool's HOME and TMPDIR (render/workspace.h,
// render/sandbox.h), each made and removed once per build. A tool that may
// download (a remote base's clone) gets them where the user's TMPDIR (else
// /tmp) is, never in the memory folder chosen for speed: pages of a memory
// file system count against no limit of the tool's (--render-memory).
#pragma once

#include <cstdint>
#include <string>

namespace driftlint {

// $TMPDIR when set; else /dev/shm when it is a memory file system we may
// write with room to spare (kScratchRoomBytes free), since on a disk each
// folder made and removed costs milliseconds of journal, and a run of 300
// builds makes 600 of them; else /tmp. Decided once per run.
const std::string& scratch_root();

// $TMPDIR when set, else /tmp: never chosen for speed.
const std::string& disk_scratch_root();

constexpr uint64_t kScratchRoomBytes = 1ull << 30;

// The choice above for a given $TMPDIR (null: unset) and memory folder (for tests).
std::string choose_scratch_root(const char* tmpdir, const std::string& memory_folder);

}  // namespace driftlint
