// A chart's `file://` dependencies, resolved offline: `helm dependency
// build` packages each into the chart's charts/; driftlint copies the folder
// there in the build's private copy (a folder in charts/ is a dependency to
// helm as a package is), nested ones too, never from outside the repo.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "fs/file_tree.h"
#include "model/provenance.h"
#include "render/chart_fetch.h"

namespace driftlint {

// Copies each `file://` dependency of the chart at `chart` (and theirs, 16
// levels at most) from `tree` into `files` (path -> text, the chart's files
// already there) under charts/NAME, unless charts/ holds it already;
// `linked` maps each copy's folder to the repo folder it came from. "" or
// why not: a folder outside the repo, one without Chart.yaml, too many files.
std::string link_file_dependencies(const std::string& chart, const FileTree& tree, uint64_t max_bytes, size_t max_files,
                                   std::map<std::string, std::string>& files, std::map<std::string, std::string>& linked);

// Fetches a chart's package (render/chart_fetch.h): the .tgz bytes, or why
// not, with `network_off` set when the network was not allowed.
using FetchChart = std::function<Expected<std::string>(const ChartReference& ref, bool& network_off)>;

// Each dependency of the chart at `chart` from a Helm repository or OCI
// registry that charts/ does not hold, fetched (at Chart.lock's version when
// the chart has one, as `helm dependency build` takes it) and unpacked into
// `files` under charts/NAME; `fetched` maps each such folder to the line of
// Chart.yaml (or requirements.yaml) that names the dependency. "" or why
// not; `network_off` when that is why.
std::string add_repository_dependencies(const std::string& chart, const FetchChart& fetch, uint64_t max_inflated,
                                        size_t max_files, std::map<std::string, std::string>& files,
                                        std::map<std::string, SourcePlace>& fetched, bool& network_off);

}  // namespace driftlint
