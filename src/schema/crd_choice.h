// Which copy of a CRD the repos hold several of gives its kinds' schemas
// (install bundles, vendored charts and stale committed copies repeat CRDs):
// a copy an app or a root build deploys wins over copies nothing deploys;
// among equals, the copy whose newest served version is newest; then the
// last in path order. Copies whose schemas differ get one note each, naming
// the copy used and the one left out.
#pragma once

#include <string>
#include <vector>

#include "load/loader.h"

namespace driftlint {

struct CrdChoice {
  std::vector<const Manifest*> chosen;  // one per CRD (group and kind), in load order
  std::vector<std::string> notes;
};

// `deployed`: per loaded file, whether an app or a root build applies it;
// null when not known (then only versions and path order choose).
CrdChoice choose_crds(const LoadResult& load, const std::vector<bool>* deployed);

}  // namespace driftlint
