// A cluster snapshot: what `kubectl get ... -o json|yaml` printed, read from
// one or more files (or every file of a folder). Objects are keyed by
// group/kind/namespace/name, the version left aside as the API server does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "load/loader.h"
#include "model/manifest.h"
#include "yaml/parser.h"

namespace driftlint {

struct SnapshotFile {
  std::string path;  // as given on the command line or in the config
  yaml::ParsedFile parsed;
};

// What `driftlint snapshot` records of a capture, as annotations of the List
// it writes: the kubeconfig context, and when.
inline constexpr std::string_view kSnapshotContextAnnotation = "driftlint.io/context";
inline constexpr std::string_view kSnapshotCapturedAtAnnotation = "driftlint.io/captured-at";

struct Snapshot {
  std::vector<SnapshotFile> files;
  std::vector<Manifest> objects;  // Manifest::file indexes `files`
  std::vector<std::string> contexts;   // the contexts the files were captured from (sorted, distinct)
  std::optional<int64_t> captured_at;  // the oldest capture, seconds since 1970; nullopt when no file says

  bool empty() const { return objects.empty(); }
  // The live object with this key, or nullptr.
  const Manifest* find(const std::string& key) const;
  // Whether the snapshot holds any object of this group and kind (so a
  // missing object of that kind is really missing, not merely not captured).
  bool has_kind(std::string_view group, std::string_view kind) const;
  // Whether objects of this group and kind were seen without a namespace.
  bool cluster_scoped(std::string_view group, std::string_view kind) const;

  void index();

 private:
  std::unordered_map<std::string, uint32_t> by_key_;
  std::unordered_set<std::string> kinds_;
  std::unordered_set<std::string> cluster_kinds_;
};

struct SnapshotLoad {
  Snapshot snapshot;
  std::vector<std::string> errors;  // one line each: "snapshot FILE:line:col: what"
  std::vector<std::string> notes;
};

// Reads every path (a file, or a folder whose .json/.yaml/.yml files are all
// read), in parallel with the repo loader. A file that does not parse is an
// error naming it and the position; the other files still load.
SnapshotLoad load_snapshots(const std::vector<std::string>& paths, const LoadOptions& options);

// Loads a snapshot from text (tests, fuzzing).
SnapshotLoad load_snapshot_text(std::string_view text, const std::string& display_path);

}  // namespace driftlint
