// The programs that render: kustomize (a `kustomize` binary on PATH, else
// `kubectl kustomize`) and helm. Each is probed once per run for its
// version, which is part of a render's identity (another version may build
// the same kustomization differently) and is named in the run's notes.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "base/process.h"
#include "render/probe_cache.h"
#include "render/sandbox.h"

namespace driftlint {

struct RenderTool {
  // {"/usr/bin/kustomize", "build"}, {"/usr/bin/kubectl", "kustomize"}, {"/usr/bin/helm", "template"}: the
  // program by its absolute path (the sandbox's PATH holds nothing else)
  std::vector<std::string> command;
  std::string version;               // "v5.5.0"
  std::string description;           // "kustomize v5.5.0 (kubectl kustomize)"
};

// The kustomize to use: `kustomize` when on PATH, else `kubectl` (given; ""
// means none, not even a `kustomize`: --no-render); nullopt when neither
// answers (asked in the sandbox, as builds run).
// `probes` keeps what the version probes printed between runs (null: none kept).
std::optional<RenderTool> find_kustomize(const std::string& kubectl, const RenderSandbox& sandbox,
                                         const ProbeCache* probes = nullptr);
// helm 3 or later when on PATH (or at `helm`); nullopt otherwise.
std::optional<RenderTool> find_helm(const std::string& helm, const RenderSandbox& sandbox, const ProbeCache* probes = nullptr);

// Reads "v5.5.0" out of what `kustomize version` or `kubectl version
// --client` print (several formats over the years).
std::string kustomize_version_in(const std::string& output);

// What a failed tool said, for a finding: its first line, without kubectl's
// log prefix, with the private copy's folder (`workspace`) taken out of
// paths (so they read as repo paths and the message is the same every run),
// the innermost cause of kustomize's nested "accumulating resources" chain,
// cut to a few hundred characters; "timed out after 120 s" when killed, and
// what the sandbox says when it could not run it.
std::string tool_failure(const ProcessResult& result, const std::string& tool, std::chrono::milliseconds timeout,
                         const std::string& workspace);

// The cleaning above, on a message (for tests).
std::string clean_tool_message(std::string message, const std::string& workspace);

}  // namespace driftlint
