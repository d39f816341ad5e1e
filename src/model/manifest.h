// A Kubernetes object as it stands in a file: its identity, its tree and
// where it came from.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "model/provenance.h"
#include "yaml/tree.h"

namespace driftlint {

// group/kind/namespace/name, with the version kept aside: two versions of
// one group and kind name the same object.
struct ObjectIdentity {
  std::string api_version;  // as written, e.g. "kueue.x-k8s.io/v1beta1"
  std::string group;        // "" for the core group
  std::string version;
  std::string kind;
  std::string ns;  // "" when the manifest sets none
  std::string name;

  // "Kind namespace/name" or "Kind name", for messages.
  std::string display() const;
};

// Splits an apiVersion into group and version ("v1" -> "", "v1").
void split_api_version(std::string_view api_version, std::string& group, std::string& version);

struct Manifest {
  ObjectIdentity id;
  yaml::Node root;
  // Index into LoadResult::files: the file that holds it or, for a rendered
  // object, the file of the resource it was built from (else the build's
  // kustomization or chart file).
  uint32_t file = 0;
  uint32_t document = 0;  // document index within the file
  // For an object a kustomize or Helm build made: where each field was set.
  // Null for an object read from a file as it is.
  std::shared_ptr<const Provenance> provenance;

  bool rendered() const { return provenance != nullptr; }
};

// "group/Kind/namespace/name": an object as the API server keys it, whatever
// version it was read at (a live object and its desired state share the key).
std::string object_key(std::string_view group, std::string_view kind, std::string_view ns,
                       std::string_view name);
std::string object_key(const ObjectIdentity& id);

}  // namespace driftlint
