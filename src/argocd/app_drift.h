// Drift of the apps' objects: each desired object of a live app whose loaded
// revision is the live one, compared field by field with its live copy
// (drift/diff), minus the app's ignoreDifferences and argocd-cm's
// system-level ones; objects another app owns are left out (they are
// wrong-owner-repo's), and so are kinds Argo CD excludes (resource.exclusions).
#pragma once

#include "argocd/model.h"

namespace driftlint {

// Fills model.status_owner (who status.resources says owns an object).
void collect_status_owners(ArgoModel& model);

// Fills model.drift; needs model.desired and the snapshot.
void compute_drift(const ArgoModelOptions& options, ArgoModel& model);

}  // namespace driftlint
