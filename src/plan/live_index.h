// What the snapshot says each app has live: the top-level objects it manages
// (its tracking annotation naming the object itself, else its instance
// label, else its status.resources; objects with owner references are a
// controller's, never the app's), and its status.resources. And whether a
// desired object's absence from the snapshot means it does not exist, or
// only that the snapshot did not capture it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "argocd/model.h"
#include "snapshot/snapshot.h"

namespace driftlint {

struct StatusResource {
  ObjectIdentity id;
  std::string key;
  std::string health;  // "Missing" when Argo CD found no live object
  bool requires_pruning = false;
};

enum class LiveState { Present, Absent, Unknown };

struct LiveLookup {
  LiveState state = LiveState::Unknown;
  const Manifest* live = nullptr;
  std::string why;  // for Absent and Unknown
  bool reported = false;  // Argo CD's status.resources says so (Missing)
};

class LiveIndex {
 public:
  LiveIndex(const ArgoModel& model, const Snapshot& snapshot);

  // The app (by model name) that manages a live object, or "".
  std::string owner(const Manifest& live) const;
  const std::vector<const Manifest*>& owned(const std::string& app) const;
  const std::vector<StatusResource>& status(const std::string& app) const;
  // Whether the snapshot holds Application objects at all (else no app's
  // live state is known).
  bool has_applications() const { return has_applications_; }
  // Where the desired object stands live, as far as the snapshot can tell.
  LiveLookup lookup(const Application& app, const ObjectIdentity& id, const std::string& key) const;
  const Snapshot& snapshot() const { return snapshot_; }

 private:
  const ArgoModel& model_;
  const Snapshot& snapshot_;
  bool has_applications_ = false;
  std::map<std::string, std::vector<const Manifest*>> owned_;
  std::map<std::string, std::vector<StatusResource>> status_;
};

}  // namespace driftlint
