// Writes a cluster snapshot by running `kubectl` with read-only verbs only
// (`api-resources`, `get`): the kinds the rules read, Secrets never, and
// `metadata.managedFields` stripped.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json_fwd.hpp>
#include <vector>

#include "base/expected.h"
#include "snapshot/snapshot_kinds.h"

namespace driftlint {


struct CaptureOptions {
  std::string kubectl = "kubectl";
  std::string kubeconfig;  // "" = kubectl's default
  std::string context;     // "" = the current context
  std::vector<std::string> kinds;  // empty = default_snapshot_kinds()
  unsigned timeout_seconds = 120;  // per kubectl call
  int64_t now = 0;                 // the capture's time, seconds since 1970 (recorded in the List)
};

struct Capture {
  // A `kind: List` document; its annotations record the context (the one
  // asked, else kubectl's current one) and the time (snapshot.h).
  std::string json;
  size_t objects = 0;
  std::vector<std::string> kinds_captured;
  std::vector<std::string> notes;  // kinds skipped and why
};

// What is never kept of a captured object: a Secret's data and stringData
// (whatever was asked), managedFields (noise), a Pod's status (IPs and
// container states, not what drift is about).
void strip_captured(nlohmann::json& item);

// Fails (with kubectl's own message) when the cluster cannot be reached or a
// listed kind cannot be read.
Expected<Capture> capture_snapshot(const CaptureOptions& options);

}  // namespace driftlint
