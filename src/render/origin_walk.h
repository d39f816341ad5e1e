// Walks a rendered object beside the setters that built it and records, for
// every node, the last setter that put that value there (and the one before
// it): the line a finding on the node should name.
#pragma once

#include <vector>

#include "model/provenance.h"
#include "render/setters.h"

namespace driftlint {

// `setters` in the order the build applied them; `fallback` is where nodes
// no setter explains are put (the base resource, else the kustomization).
void record_origins(yaml::Node object, const std::vector<Setter>& setters, const SourcePlace& fallback,
                    Provenance& provenance);

}  // namespace driftlint
