#include "snapshot/snapshot.h"

#include <algorithm>
#include <filesystem>

#include "base/utc_time.h"
#include "fs/file_tree.h"
#include "load/loader.h"

namespace driftlint {

namespace fs = std::filesystem;

const Manifest* Snapshot::find(const std::string& key) const {
  auto it = by_key_.find(key);
  return it == by_key_.end() ? nullptr : &objects[it->second];
}

bool Snapshot::has_kind(std::string_view group, std::string_view kind) const {
  return kinds_.count(std::string(group) + "/" + std::string(kind)) > 0;
}

bool Snapshot::cluster_scoped(std::string_view group, std::string_view kind) const {
  return cluster_kinds_.count(std::string(group) + "/" + std::string(kind)) > 0;
}

void Snapshot::index() {
  by_key_.clear();
  kinds_.clear();
  cluster_kinds_.clear();
  for (uint32_t i = 0; i < objects.size(); ++i) {
    const ObjectIdentity& id = objects[i].id;
    by_key_[object_key(id)] = i;  // a later file wins, as a later `kubectl get` would
    std::string kind = id.group + "/" + id.kind;
    kinds_.insert(kind);
    if (id.ns.empty()) cluster_kinds_.insert(kind);
  }
}

namespace {

// The capture's context and time, from a List's annotations.
void read_capture(Snapshot& snapshot, const yaml::ParsedFile& parsed) {
  for (const yaml::Document& doc : parsed.documents) {
    yaml::Node annotations = doc.root.path({"metadata", "annotations"});
    if (doc.root.get("kind").as_string() != std::optional<std::string_view>("List") || !annotations.is_map()) continue;
    if (auto context = annotations.get(kSnapshotContextAnnotation).as_string(); context && !context->empty()) {
      std::string name(*context);
      auto at = std::lower_bound(snapshot.contexts.begin(), snapshot.contexts.end(), name);
      if (at == snapshot.contexts.end() || *at != name) snapshot.contexts.insert(at, name);
    }
    if (auto when = annotations.get(kSnapshotCapturedAtAnnotation).as_string()) {
      std::optional<int64_t> t = parse_utc(*when);
      if (t && (!snapshot.captured_at || *t < *snapshot.captured_at)) snapshot.captured_at = t;
    }
  }
}

void add_file(SnapshotLoad& out, std::string path, yaml::ParsedFile parsed) {
  SnapshotFile file;
  file.path = std::move(path);
  file.parsed = std::move(parsed);
  if (file.parsed.error) {
    const yaml::SyntaxError& e = *file.parsed.error;
    out.errors.push_back("snapshot " +
                         error_at(file.path, e.position, e.message + " (the objects before it are still used)").message);
  }
  read_capture(out.snapshot, file.parsed);
  uint32_t index = static_cast<uint32_t>(out.snapshot.files.size());
  Extracted extracted;
  extract_manifests(file.parsed, file.path, index, extracted);
  if (extracted.manifests.empty() && !file.parsed.error) {
    out.notes.push_back("snapshot " + file.path + " holds no Kubernetes objects");
  }
  for (Manifest& m : extracted.manifests) out.snapshot.objects.push_back(std::move(m));
  out.snapshot.files.push_back(std::move(file));
}

}  // namespace

SnapshotLoad load_snapshots(const std::vector<std::string>& paths, const LoadOptions& options) {
  SnapshotLoad out;
  if (paths.empty()) return out;  // an empty load would still start (and wait for) its threads
  // Each path is read as a repo of its own, so files parse on every core.
  std::vector<RepoInput> inputs;
  std::vector<std::string> prefixes;  // how each input's paths are shown
  for (const std::string& path : paths) {
    std::error_code ec;
    fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
      out.errors.push_back("snapshot " + path + ": no such file or directory");
      continue;
    }
    RepoInput input;
    input.name = path;
    input.source = path;
    if (fs::is_directory(status)) {
      input.tree = std::make_shared<DiskTree>(path);
      prefixes.push_back(path + (path.empty() || path.back() == '/' ? "" : "/"));
    } else {
      fs::path p(path);
      input.tree = std::make_shared<DiskTree>(p.has_parent_path() ? p.parent_path().string() : ".", p.filename().string());
      prefixes.push_back(p.has_parent_path() ? p.parent_path().string() + "/" : "");
    }
    inputs.push_back(std::move(input));
  }
  LoadResult load = load_repos(std::move(inputs), options);
  for (std::string& e : load.errors) out.errors.push_back("snapshot " + e);
  for (std::string& n : load.notes) out.notes.push_back(std::move(n));
  std::vector<bool> has_files(load.repos.size(), false);
  for (LoadedFile& file : load.files) {
    has_files[file.repo] = true;
    std::string shown = prefixes[file.repo] + file.path;
    if (file.too_large) {
      out.errors.push_back("snapshot " + shown + ": larger than --max-file-size, not read");
      continue;
    }
    add_file(out, std::move(shown), std::move(file.parsed));
  }
  for (size_t r = 0; r < load.repos.size(); ++r) {
    if (!has_files[r]) out.errors.push_back("snapshot " + load.repos[r].source + ": holds no .json, .yaml or .yml file");
  }
  out.snapshot.index();
  return out;
}

SnapshotLoad load_snapshot_text(std::string_view text, const std::string& display_path) {
  SnapshotLoad out;
  add_file(out, display_path, yaml::parse_yaml(text));
  out.snapshot.index();
  return out;
}

}  // namespace driftlint
