// An app's ignoreDifferences (and argocd-cm's system-level ones), as Argo CD
// applies them to one object: which field paths drift does not compare (JSON
// pointers and simple jq paths), and which entries cannot be judged offline.
#pragma once

#include <string>
#include <vector>

#include "argocd/application.h"
#include "drift/diff.h"
#include "model/manifest.h"

namespace driftlint {

// The fields an app's ignoreDifferences entries cover for one object.
class IgnoreMatcher {
 public:
  IgnoreMatcher() = default;
  IgnoreMatcher(const std::vector<IgnoreDifference>& entries, const ObjectIdentity& id);
  // An app's entries and argocd-cm's system-level ones, merged as Argo CD
  // merges them (util/argo/diff/ignore.go).
  IgnoreMatcher(const std::vector<IgnoreDifference>& app_entries, const std::vector<IgnoreDifference>& system_entries,
                const ObjectIdentity& id);
  bool ignored(const FieldPath& path) const;
  // Entries that cannot be judged offline (managedFieldsManagers, jq beyond
  // simple paths), as text for messages.
  const std::vector<std::string>& unjudged() const { return unjudged_; }

 private:
  struct Step {
    std::string key;      // "*" any key or index
    std::string name;     // match a list element by name (select(.name == "x"))
  };
  void add(const std::vector<IgnoreDifference>& entries, const ObjectIdentity& id);

  std::vector<std::vector<Step>> patterns_;
  std::vector<std::string> unjudged_;
};

// Parses a JSON pointer ("/spec/replicas", "~1" = "/", "~0" = "~") into keys.
std::vector<std::string> parse_json_pointer(const std::string& pointer);

}  // namespace driftlint
