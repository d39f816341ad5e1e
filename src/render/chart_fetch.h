// Charts from Helm repositories and OCI registries (an app's `chart:`
// source), fetched only when the user allows the network: `--allow-network
// HOST` (or the allowNetwork list of a config of the user's own). A host is
// reached only when named, never when it resolves to a link-local address
// (cloud metadata services live there). `helm pull` fetches into a private
// folder, with a private HOME and none of our credentials, bounded by the
// network timeout; an exact version's package is kept in the cache, keyed by
// repository, chart and version, so a warm run fetches nothing.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "base/expected.h"
#include "render/tools.h"

namespace driftlint {

struct ChartReference {
  std::string repo_url;  // https://charts.example, oci://registry.example/charts, or registry.example/charts (OCI)
  std::string chart;
  std::string version;   // targetRevision: a version or a constraint ("" = the newest)
};

struct ChartFetchOptions {
  std::vector<std::string> allowed_hosts;  // empty: the network is off
  std::string cache_dir;                   // "": nothing kept between runs
  std::chrono::seconds timeout{60};
  uint64_t max_bytes = 64ull << 20;        // of a package
};

// The host (with its port) a repository URL or OCI reference names; "" when none.
std::string chart_host(const std::string& repo_url);

// Why the host may not be reached ("" when it may): not named, or one of
// its addresses link-local (169.254.0.0/16, fe80::/10) or a known metadata name.
std::string host_refusal(const std::string& host, const std::vector<std::string>& allowed);

// The chart's package (.tgz bytes): from the cache, else fetched by `helm pull`
// (`helm` is the probed tool); an error saying why not. `network_off` is set
// when the network was not allowed (not a failure of the chart).
Expected<std::string> fetch_chart(const ChartReference& ref, const RenderTool& helm, const ProcessHost& host,
                                  const ChartFetchOptions& options, bool& network_off);

}  // namespace driftlint
