// Writes a cluster snapshot by running `kubectl` with read-only verbs only
// (`api-resources`, `get`): the kinds the rules read, Secrets never, and
// `metadata.managedFields` stripped.
#pragma once

#include <string>
#include <vector>

#include "base/expected.h"

namespace driftlint {

// Resource names as `kubectl api-resources -o name` prints them.
const std::vector<std::string>& default_snapshot_kinds();

struct CaptureOptions {
  std::string kubectl = "kubectl";
  std::string kubeconfig;  // "" = kubectl's default
  std::string context;     // "" = the current context
  std::vector<std::string> kinds;  // empty = default_snapshot_kinds()
  unsigned timeout_seconds = 120;  // per kubectl call
};

struct Capture {
  std::string json;  // a `kind: List` document
  size_t objects = 0;
  std::vector<std::string> kinds_captured;
  std::vector<std::string> notes;  // kinds skipped and why
};

// Fails (with kubectl's own message) when the cluster cannot be reached or a
// listed kind cannot be read.
Expected<Capture> capture_snapshot(const CaptureOptions& options);

}  // namespace driftlint
