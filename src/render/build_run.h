// The part of a build that kustomize and Helm share: the output from the
// cache when the build's identity is there, else the build's files written
// into a private workspace, the tool run on it, and its output cached.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "render/kustomize_build.h"
#include "render/workspace.h"

namespace driftlint {

// `files` gives the workspace's files when the build runs (an error: it is
// not run, and not rendered). `argv` makes the command line once the workspace exists. On failure,
// `out` says why (status and message) and nullopt is returned.
std::optional<std::string> run_or_reuse(const std::string& identity,
                                        const std::function<Expected<std::map<std::string, std::string>>()>& files,
                                        const std::function<std::vector<std::string>(const RenderWorkspace&)>& argv,
                                        const std::string& tool_name, const BuildSettings& settings, RenderOutput& out);

}  // namespace driftlint
