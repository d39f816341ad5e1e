// Stable identities of findings, for pull-request runs (a head finding whose
// fingerprint the base lacks is new), baselines and SARIF's
// partialFingerprints. A finding is its rule, repo, object (kind, namespace,
// name; the file when it is about no object) and message, with everything
// that moves without the problem changing taken out: lines and columns,
// the file's own path (an object moved to another file is the same
// finding), commit ids, and what merging adds ("via", other objects, apps).
// Values stay: `live 6` and `live 60` are different findings.
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
// The same for the open findings, numbered among them ("" for the suppressed).
std::vector<std::string> open_fingerprints(const std::vector<Finding>& findings);
// What a fingerprint is made of (for tests and messages).
std::string fingerprint_identity(const Finding& f);

// The fingerprints of baselines written before version 2 (every digit of the
// message dropped, the path kept): old baselines keep working.
std::vector<std::string> legacy_fingerprints(const std::vector<Finding>& findings);

struct Baseline {
  int version = 2;
  std::map<std::string, size_t> counts;  // fingerprint -> how many
};

Expected<Baseline> read_baseline(const std::string& path, uint64_t max_bytes = kDefaultMaxFileBytes);
// Removes the open findings the baseline holds (each baseline entry absorbs
// one finding); returns how many were removed. Suppressed findings stay.
size_t drop_baselined(std::vector<Finding>& findings, Baseline baseline);
// The JSON written by --write-baseline: version, and per finding its fingerprint and what it was.
std::string baseline_json(const std::vector<Finding>& findings);

}  // namespace driftlint
