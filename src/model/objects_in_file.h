// The Kubernetes objects a parsed YAML file holds: each document's object,
// the items of (typed) lists, and kustomizations set aside as build files.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/manifest.h"
#include "yaml/parser.h"
#include "yaml/tree.h"

namespace driftlint {

// A kustomization.yaml: not an object, but it says which files are built together.
struct BuildFile {
  uint32_t file = 0;
  yaml::Node root;
};

struct Extracted {
  std::vector<Manifest> manifests;
  std::vector<BuildFile> build_files;
  uint64_t documents = 0;  // non-empty YAML documents
};

// A kustomization file by its name: its one document is a build file, whatever its kind.
bool is_kustomization_path(std::string_view path);

// The documents of a parsed file that hold something (not empty, not null).
uint64_t count_documents(const yaml::ParsedFile& parsed);

// Turns the documents of one parsed file into manifests (expanding lists,
// skipping documents without kind and kustomize build files).
void extract_manifests(const yaml::ParsedFile& parsed, const std::string& path, uint32_t file_index,
                       Extracted& out);

}  // namespace driftlint
