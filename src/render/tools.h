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

namespace driftlint {

struct RenderTool {
  std::vector<std::string> command;  // {"kustomize", "build"}, {"kubectl", "kustomize"}, {"helm", "template"}
  std::string version;               // "v5.5.0"
  std::string description;           // "kustomize v5.5.0 (kubectl kustomize)"
};

// The kustomize to use: `kustomize` when on PATH, else `kubectl` (given; ""
// means none); nullopt when neither answers.
std::optional<RenderTool> find_kustomize(const std::string& kubectl);
// helm 3 when on PATH (or at `helm`); nullopt otherwise.
std::optional<RenderTool> find_helm(const std::string& helm);

// Reads "v5.5.0" out of what `kustomize version` or `kubectl version
// --client` print (several formats over the years).
std::string kustomize_version_in(const std::string& output);

// Runs a tool with driftlint's limits: the time limit, 256 MiB of output, a
// clean environment for HOME-less CI runners.
ProcessResult run_render_tool(const std::vector<std::string>& argv, std::chrono::milliseconds timeout);

// What a failed tool said, for a finding: its first line, without kubectl's
// log prefix, with the private copy's folder (`workspace`) taken out of
// paths (so they read as repo paths and the message is the same every run),
// the innermost cause of kustomize's nested "accumulating resources" chain,
// cut to a few hundred characters; "timed out after 120 s" when killed.
std::string tool_failure(const ProcessResult& result, const std::string& tool, std::chrono::milliseconds timeout,
                         const std::string& workspace);

// The cleaning above, on a message (for tests).
std::string clean_tool_message(std::string message, const std::string& workspace);

}  // namespace driftlint
