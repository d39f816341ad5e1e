// Stable identities of findings, for baselines and SARIF's
// partialFingerprints: the rule, repo, path, object and message with every
// number removed, so edits that shift lines (or change a live value) keep
// a finding's identity.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/expected.h"
#include "base/files.h"
#include "lint/finding.h"

namespace driftlint {

// 16 hex digits; findings that would share one get ":2", ":3" (in report order).
std::vector<std::string> fingerprints(const std::vector<Finding>& findings);

struct Baseline {
  std::map<std::string, size_t> counts;  // fingerprint -> how many
};

Expected<Baseline> read_baseline(const std::string& path, uint64_t max_bytes = kDefaultMaxFileBytes);
// Removes the open findings the baseline holds (each baseline entry absorbs
// one finding); returns how many were removed. Suppressed findings stay.
size_t drop_baselined(std::vector<Finding>& findings, Baseline baseline);
// The JSON written by --write-baseline: version, and per finding its fingerprint and what it was.
std::string baseline_json(const std::vector<Finding>& findings);

}  // namespace driftlint
