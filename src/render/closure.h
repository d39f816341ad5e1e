// The closure of a kustomization: every file of the repo a `kustomize build`
// of it reads (kustomization files, resources, patches, components, generator
// inputs, replacement and configuration files, and the local charts and
// value files of `helmCharts`), found by reading the
// kustomizations themselves, so that a build at a git revision can be
// materialised from the object database without the rest of the repo.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "fs/file_tree.h"
#include "yaml/parser.h"

namespace driftlint {

// One kustomization (or Component) of a closure.
struct KustomizationFile {
  std::string dir;   // repo-relative folder
  std::string path;  // repo-relative path of the kustomization file
  std::string text;  // as read (inline patches are located in it)
  std::shared_ptr<const yaml::ParsedFile> parsed;
  yaml::Node root;                      // the kustomization (a map)
  std::vector<std::string> resources;   // resource files, repo-relative, in order
  std::vector<std::string> children;    // kustomization folders listed as resources or bases
  std::vector<std::string> components;  // component folders
};

// An entry that names a path outside the repo (absolute, or `../` past the
// root): the build is refused, never handed to the tool.
struct RefusedEntry {
  std::string file;  // the kustomization that names it
  yaml::Position position;
  std::string message;  // "'../../x' leaves the repo; only files inside it are read"
};

// Where a kustomization names a path (for a build that fails on it).
struct NamedAt {
  std::string file;  // the kustomization
  yaml::Position position;
};

struct KustomizeClosure {
  std::string root;                             // the folder built
  std::vector<KustomizationFile> kustomizations;  // the root's first
  std::set<std::string> files;                  // every file the build reads
  std::set<std::string> object_files;           // files whose objects become resources
  std::set<std::string> patch_files;            // files read as patches
  std::vector<std::string> remote;              // remote bases and resources (never fetched)
  // helmCharts: the chart folders kustomize inflates (below helmGlobals.chartHome,
  // default charts/), and the charts it would pull from a Helm repository
  // ("name from repo"), which are never fetched.
  std::vector<std::string> helm_charts;
  std::vector<std::string> remote_charts;
  std::vector<std::string> problems;            // one line each: entries that cannot be read
  std::vector<RefusedEntry> refused;            // entries outside the repo: the build must not run
  std::map<std::string, NamedAt> named_at;      // repo path -> the first entry that names it

  // The kustomization of a folder, or nullptr.
  const KustomizationFile* kustomization(const std::string& dir) const;
};

// A repo file as this run already parsed it (the loader's parse of the same
// tree), or nullptr when it did not (then it is read and parsed here).
using ParsedFileSource = std::function<std::shared_ptr<const yaml::ParsedFile>(const std::string& path)>;

// Walks the kustomization in `folder` of `tree`. `max_bytes` bounds each
// read; `loaded` spares parsing a kustomization twice.
KustomizeClosure kustomize_closure(const FileTree& tree, const std::string& folder, uint64_t max_bytes,
                                   const ParsedFileSource& loaded = {});

// The kustomization file of a folder in a tree ("" when there is none).
std::string kustomization_path_in(const FileTree& tree, const std::string& folder, uint64_t max_bytes);

}  // namespace driftlint
