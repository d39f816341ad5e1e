// What schema validation found per object, kept between runs and shared by
// the two revisions of a pull-request run (issue 30): validating 20,000
// objects is the costliest part of a warm run, and an object whose content,
// place in its file and schema are unchanged has the same violations.
//
// A key names all of that: the file's content id (a git blob id), the
// document and the object's line and column in it, whether it is judged as
// a partial object, and the schema's identity (SchemaSource::identity). The
// file on disk also names the driftlint binary that wrote it: another build
// may judge differently, and its file is not read.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace driftlint {

class FileSnapshot;

// One violation as a finding needs it again (SchemaViolation, located).
struct RememberedViolation {
  uint32_t line = 0;
  uint32_t column = 0;
  std::string path;
  std::string message;
  bool missing = false;

  bool operator==(const RememberedViolation&) const = default;
};

class ValidationMemo {
 public:
  // The memo kept in `file` by a run of the same binary (`writer`), or an
  // empty one when there is none, it is another binary's, or it is damaged.
  static std::unique_ptr<ValidationMemo> read(const std::string& file, const std::string& writer);

  static std::string key(const std::string& content_id, uint32_t document, uint32_t line, uint32_t column,
                         bool partial, const std::string& schema_identity);

  // Thread-safe: rules validate in parallel.
  std::optional<std::vector<RememberedViolation>> find(std::string_view key) const;
  void remember(std::string key, std::vector<RememberedViolation> violations);

  // Stores the memo atomically when this run found something new, or when
  // the entries it did not use outgrow `keep_unused` and four times those it
  // used: then only those it used are kept. Runs over part of a repo (one
  // folder, one file from a hook) share the folder with full runs, so what
  // one run leaves alone is kept while the file stays small. A failure is
  // ignored, as the memo only saves time.
  void write(const std::string& file, const std::string& writer, size_t keep_unused = 200'000) const;

  size_t size() const;

 private:
  // The file's entries as read: fixed once read() returns, so found without
  // a lock through a flat index (open addressing), where a map of nodes cost
  // a warm run's schema rule a cache miss per node it walked.
  struct Stored {
    std::string_view key, record;  // into the snapshot; the record is decoded when asked for
  };
  // What this run validated. The threads that validate ask for every object,
  // so the keys are spread over shards with a lock each; a shard finds its
  // entries as the stored ones are found (no node per entry, no copy of a
  // key, each hashed once): with a map of nodes, remembering and asking took
  // a pull-request run's base a third as long again as validating.
  struct Found {
    uint64_t hash;
    std::string key;
    std::vector<RememberedViolation> violations;
  };
  struct Shard {
    std::mutex mutex;
    std::vector<Found> found;     // in the order remembered
    std::vector<uint64_t> slots;  // as index_; at most half full
    // The entry with `key`, or npos.
    size_t entry(std::string_view key, uint64_t key_hash) const;
    // False when `key` was remembered before (its violations are replaced).
    bool put(std::string key, uint64_t key_hash, std::vector<RememberedViolation> violations);
  };
  static constexpr size_t kShards = 256;
  static_assert(kShards == 256, "shard_of takes a hash's top eight bits");
  static size_t hash(std::string_view key);
  Shard& shard_of(size_t hash) const { return shards_[hash >> (sizeof(size_t) * 8 - 8)]; }
  void index_stored();
  // The stored entry with `key`, or npos.
  size_t stored_entry(std::string_view key, size_t key_hash) const;
  // Per stored entry: this run validated its key again (its record did not
  // decode), so only what it found counts. Called with every shard locked.
  std::vector<bool> superseded_entries() const;
  // Every shard, locked (writing and counting the whole memo).
  std::vector<std::unique_lock<std::mutex>> lock_all() const;

  std::shared_ptr<const FileSnapshot> snapshot_;  // the file as read
  std::vector<Stored> stored_;
  std::vector<uint64_t> index_;  // per slot: the hash's high half, entry + 1 (0: empty)
  std::unique_ptr<std::atomic<bool>[]> stored_used_;  // per stored entry: this run replayed it
  mutable std::array<Shard, kShards> shards_;
  std::atomic<size_t> found_count_{0};
  std::atomic<bool> changed_{false};
};

}  // namespace driftlint
