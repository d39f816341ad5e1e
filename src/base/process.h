// Runs a program and collects what it prints, with a time limit and an output
// bound, never through a shell and never with a terminal it could prompt on;
// on request confined (no network, a memory limit, nothing that outlives it)
// for programs that read input an attacker wrote.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace driftlint {

struct ProcessOptions {
  std::string input;  // written to its standard input
  std::chrono::milliseconds timeout{30'000};
  size_t max_output = 1u << 20;  // bytes kept of stdout (and of stderr); more is cut
  // Added to ours; with `inherit_environment` false, all the program sees.
  std::vector<std::pair<std::string, std::string>> environment;
  bool inherit_environment = true;
  // The most address space (RLIMIT_AS) the program, and each program it
  // starts, may map; 0: no limit.
  uint64_t max_address_space = 0;
  // Namespaces of its own: a network with no interface up (not even our
  // loopback), and processes that all end when it ends. Made before exec and
  // never skipped: when they cannot be made, the program is not run
  // (ProcessResult::isolation_failed).
  bool isolate = false;
};

struct ProcessResult {
  bool started = false;    // false: the program could not be run (not installed)
  bool isolation_failed = false;  // `isolate` was asked and the namespaces could not be made: not run
  bool timed_out = false;  // killed at the time limit, with its process group
  int exit_code = -1;      // -1 when it did not exit normally
  int signal = 0;          // the signal that ended it, if one did
  bool truncated = false;  // stdout was longer than max_output
  std::string out;
  std::string err;
  bool ok() const { return started && !timed_out && exit_code == 0; }
};

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options = {});

// Whether `program` can be found on PATH (or is an executable path).
bool program_available(const std::string& program);
// Its absolute path: `program` itself when it holds a '/', else the first
// match on PATH; nullopt when there is none.
std::optional<std::string> find_program(const std::string& program);

// Whether ProcessOptions::isolate can work here (a container may forbid new
// namespaces): tried once in a child that does nothing else. A few ms.
bool isolation_available();

// Where programs are found and run: this machine, or in a test a fake that
// answers as a tool would, so that what drives kustomize and helm is tested
// without them (render/renderer_test.cc).
class ProcessHost {
 public:
  virtual ~ProcessHost() = default;
  virtual ProcessResult run(const std::vector<std::string>& argv, const ProcessOptions& options) const = 0;
  virtual std::optional<std::string> find(const std::string& program) const = 0;  // as find_program
  virtual bool can_isolate() const = 0;  // as isolation_available
};

// The real one: run_process, find_program and isolation_available.
const ProcessHost& this_machine();

// The absolute path `program` runs from (found on PATH unless it holds a
// '/'), or "" when it is not there: for a tool that starts it in another
// environment (kustomize's --helm-command).
std::string program_path(const std::string& program);

// This process's own binary: a rebuilt driftlint is another one, whose rules
// may judge differently. By the linker's build id (a hash of the linked
// code), so the same build installed afresh on every CI run, at another path,
// is the same binary; by device, inode, size and time when it was linked
// without one (reading 30 MB to hash it would cost more than a cache saves).
std::string executable_identity();
// The build id of the binary this process runs ("" when it has none), in hex.
std::string executable_build_id();

}  // namespace driftlint
