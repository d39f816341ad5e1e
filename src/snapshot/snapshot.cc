#include "snapshot/snapshot.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "load/file_tree.h"
#include "load/loader.h"

namespace driftlint {

namespace fs = std::filesystem;

std::string object_key(std::string_view group, std::string_view kind, std::string_view ns,
                       std::string_view name) {
  std::string key;
  key.reserve(group.size() + kind.size() + ns.size() + name.size() + 3);
  key.append(group).append("/").append(kind).append("/").append(ns).append("/").append(name);
  return key;
}

std::string object_key(const ObjectIdentity& id) { return object_key(id.group, id.kind, id.ns, id.name); }

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

void add_file(SnapshotLoad& out, std::string path, std::string_view text,
              const yaml::ParseLimits& limits) {
  SnapshotFile file;
  file.path = std::move(path);
  file.parsed = yaml::parse_yaml(text, limits);
  if (file.parsed.error) {
    const yaml::SyntaxError& e = *file.parsed.error;
    out.errors.push_back("snapshot " + file.path + ":" + std::to_string(e.position.line) + ":" +
                         std::to_string(e.position.column) + ": " + e.message +
                         " (the objects before it are still used)");
  }
  uint32_t index = static_cast<uint32_t>(out.snapshot.files.size());
  Extracted extracted;
  extract_manifests(file.parsed, file.path, index, extracted);
  size_t before = out.snapshot.objects.size();
  for (Manifest& m : extracted.manifests) out.snapshot.objects.push_back(std::move(m));
  if (out.snapshot.objects.size() == before && !file.parsed.error) {
    out.notes.push_back("snapshot " + file.path + " holds no Kubernetes objects");
  }
  out.snapshot.files.push_back(std::move(file));
}

bool read_whole(const fs::path& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return !in.bad();
}

}  // namespace

SnapshotLoad load_snapshots(const std::vector<std::string>& paths, const yaml::ParseLimits& limits) {
  SnapshotLoad out;
  for (const std::string& path : paths) {
    std::error_code ec;
    fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
      out.errors.push_back("snapshot " + path + ": no such file or directory");
      continue;
    }
    std::vector<fs::path> files;
    if (fs::is_directory(status)) {
      for (fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec), end;
           !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec) && is_manifest_file_name(it->path().filename().string())) {
          files.push_back(it->path());
        }
      }
      if (ec) out.errors.push_back("snapshot " + path + ": " + ec.message());
      std::sort(files.begin(), files.end());
      if (files.empty()) out.errors.push_back("snapshot " + path + ": the folder holds no .json, .yaml or .yml file");
    } else {
      files.push_back(path);
    }
    for (const fs::path& file : files) {
      std::string text;
      if (!read_whole(file, text)) {
        out.errors.push_back("snapshot " + file.string() + ": cannot read");
        continue;
      }
      add_file(out, file.string(), text, limits);
    }
  }
  out.snapshot.index();
  return out;
}

SnapshotLoad load_snapshot_text(std::string_view text, const std::string& display_path) {
  SnapshotLoad out;
  add_file(out, display_path, text, yaml::ParseLimits{});
  out.snapshot.index();
  return out;
}

}  // namespace driftlint
