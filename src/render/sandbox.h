// How kustomize and helm run: on files a pull request wrote, so confined.
// Every run (builds and the version probes alike) gets
// - an environment of its own: HOME and TMPDIR are empty private folders
//   made for the run (0700, removed after it; in memory where
//   base/scratch.h may, else, and for a build that reaches the network,
//   under $TMPDIR or /tmp), and the XDG, Helm and plugin folders point below
//   that HOME; PATH holds the tool alone (no git, no ssh for a remote base to
//   call); LANG=C; nothing else of ours (no token, no KUBECONFIG, no cloud
//   credentials);
// - no network: namespaces of its own (base/process.h) where no interface is
//   up, probed once; where a container forbids them, proxies that point at a
//   closed port of our loopback instead, and a note says so;
// - a memory limit (address space, --render-memory), the time limit of
//   --render-timeout, and when it ends, nothing it started left running.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "base/process.h"

namespace driftlint {

constexpr uint64_t kDefaultRenderMemoryMiB = 2048;

class RenderSandbox {
 public:
  enum class Network { Probe, Isolated, ProxiesOnly };
  // `network`: Probe finds out on the first run whether namespaces can be
  // made here; the others say it (for tests). `host`: where tools are found
  // and run (a fake in tests); it must outlive the sandbox.
  explicit RenderSandbox(uint64_t max_memory_bytes = kDefaultRenderMemoryMiB << 20, Network network = Network::Probe,
                         const ProcessHost& host = this_machine())
      : max_memory_bytes_(max_memory_bytes), network_(network), host_(&host) {}

  // A program's absolute path on the host (find_program), to run here.
  std::optional<std::string> find(const std::string& program) const { return host_->find(program); }
  const ProcessHost& host() const { return *host_; }

  // Runs argv (argv[0] an absolute path, see find_program) in the sandbox.
  // `reach_network`: for a build whose remote bases the user allowed
  // (--allow-network): no network namespace, `git` beside the tool (kustomize
  // clones with it) and the system's folders after it on PATH (git's own
  // scripts need them), git over https and http only (GIT_ALLOW_PROTOCOL),
  // with the user's proxies and none of git's or our credentials.
  ProcessResult run(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                    size_t max_output = 256u << 20, bool reach_network = false) const;

  bool network_isolated() const;
  uint64_t max_memory_bytes() const { return max_memory_bytes_; }
  // What the run should know: why the network was not isolated, or nothing
  // (also when no tool ran here: a warm run starts no probe for the note).
  std::optional<std::string> note() const;

 private:
  uint64_t max_memory_bytes_;
  mutable Network network_;
  const ProcessHost* host_;
  mutable std::once_flag probe_;
  mutable std::atomic<bool> used_{false};  // a tool meant to be offline was started here
};

// Proxies that lead nowhere: the closed discard port of our loopback.
constexpr const char* kNowhereProxy = "http://127.0.0.1:9";

// The environment of one run whose private folders are under `root`, for a
// tool whose link is in `root`/bin (exposed for tests).
std::vector<std::pair<std::string, std::string>> sandbox_environment(const std::string& root, bool network_isolated);

}  // namespace driftlint
