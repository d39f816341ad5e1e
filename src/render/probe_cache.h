// What a tool's version probe printed (`kubectl version --client`, `helm
// version --short`), kept in the cache folder by the program's path and the
// identity of its file (size, modification time, inode: ccache's default
// check of a compiler), so a warm run starts no tool at all: the probes were
// half of a warm run's CPU. A program that is not an ELF binary (a script: a
// shim that picks a version elsewhere) is probed every run.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "base/process.h"

namespace driftlint {

class ProbeCache {
 public:
  explicit ProbeCache(std::string cache_dir);  // "": every probe runs

  // What `argv` printed (argv[0] an absolute path): kept, or from `run`
  // (and kept when it succeeded).
  ProcessResult probe(const std::vector<std::string>& argv, const std::function<ProcessResult()>& run) const;

 private:
  std::string folder_;
};

// The key of a probe: argv and its program file's identity; "" when the
// program is not an ELF binary, or cannot be read (exposed for tests).
std::string probe_key(const std::vector<std::string>& argv);

}  // namespace driftlint
