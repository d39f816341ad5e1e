// What schema validation found at a pull-request run's base, handed to the
// head's objects that are the same objects: read from a file of the same
// content (the base load takes the head's parse by blob id), the same
// document and place in it. Such an object, judged the same way (whole or
// partial) by a schema of the same identity, has the same violations (the
// premise of validation_memo.h), so the head replays them.
//
// The memo finds them by a key of text: built, hashed and looked up under a
// lock per object, on both revisions (about 30 ms of CPU at 20,000 objects
// in a pull-request run without a cache, where nothing else needs the memo).
// Here the base's object gives the index of its twin among the head's
// manifests, and a slot per head manifest holds what the base found. One slot each: where two base objects
// share a twin (one content in two files) or one is judged twice (whole and
// as a patch), the first remembered is kept, and a head object judged
// otherwise is validated. Repeated content within one revision is validated
// again, as in any run without a cache.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "load/loader.h"
#include "schema/validation_memo.h"

namespace driftlint {

class TwinValidations {
 public:
  // Pairs the base's manifests read as they are with those of the head's
  // file whose parse the base's load took (LoadResult::taken_from: the same
  // content), document by document. Both loads must outlive the table.
  TwinValidations(const LoadResult& base, const LoadResult& head);
  TwinValidations(const TwinValidations&) = delete;
  TwinValidations& operator=(const TwinValidations&) = delete;

  // Whether `base_manifest` (of the base's load) has a twin to remember for.
  bool has_twin(const Manifest& base_manifest) const;
  // For a manifest of the base's load that has a twin: what validating it
  // found (thread-safe; the first of two base objects with one twin wins).
  // Anything else is ignored.
  void remember(const Manifest& base_manifest, bool partial, std::string_view schema_identity,
                std::vector<RememberedViolation> violations);
  // For a manifest of the head's load: what its twin was found to break,
  // judged the same way by a schema of the same identity; else null. Called
  // once the base's rules are done.
  const std::vector<RememberedViolation>* find(const Manifest& head_manifest, bool partial,
                                               std::string_view schema_identity) const;

  size_t twins() const { return twins_; }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  struct Slot {
    // Claims the slot for one writer. The fields are read only once the
    // base's rules are done: the join of their threads orders the writes
    // before every find().
    std::atomic<bool> taken{false};
    bool partial = false;
    const std::string* identity = nullptr;  // in identities_
    std::vector<RememberedViolation> violations;
  };
  // `identity`, kept once: a run has a few dozen schemas and 20,000 slots.
  const std::string& intern(std::string_view identity);
  // The index of `m` in `manifests`, or kNone when it is not one of them (a rendered object).
  static uint32_t index_in(const std::vector<Manifest>& manifests, const Manifest& m);

  const std::vector<Manifest>& base_;
  const std::vector<Manifest>& head_;
  std::vector<uint32_t> head_of_base_;  // per base manifest: its twin's index, or kNone
  std::unique_ptr<Slot[]> slots_;       // per head manifest
  size_t twins_ = 0;
  std::mutex identities_mutex_;
  std::set<std::string, std::less<>> identities_;
};

}  // namespace driftlint
