// Where each field of a kustomize build's object was set: the base resource
// (from the `config.kubernetes.io/origin` annotation the build was asked to
// add, else found by kind and name), and the setters of every kustomization
// between it and the root (render/setters.h), walked beside the object
// (render/origin_walk.h).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "model/provenance.h"
#include "render/closure.h"
#include "render/request.h"

namespace driftlint {

struct ObjectOrigin {
  std::string path;         // the file of the base resource (or the kustomization that generated it)
  SourcePosition position;  // where the object starts there
};

// Fills `provenance` for every node of `object` (a document of the build's
// output) and says where the object itself comes from. `origin_annotation`
// is the annotation's text ("" when absent).
ObjectOrigin trace_kustomize_object(yaml::Node object, const std::string& origin_annotation,
                                    const KustomizeClosure& closure, const KustomizeOptions& options,
                                    const ParsedFileSource& files, Provenance& provenance);

}  // namespace driftlint
