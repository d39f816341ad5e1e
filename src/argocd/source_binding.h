// Matches each app source to a loaded repo (by URL identity) and folder, and
// compares the loaded commit with the one the app has live.
#pragma once

#include "argocd/model.h"

namespace driftlint {

// Sets every source's `bound` (repo, folder, revision).
void bind_sources(const LoadResult& load, ArgoModel& model);

}  // namespace driftlint
