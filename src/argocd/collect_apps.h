// The Applications Argo CD knows: those in the repos, the live ones of the
// snapshot (their spec is what Argo CD acts on, so it wins), and those
// ApplicationSets generate.
#pragma once

#include "argocd/model.h"
#include "load/load_index.h"

namespace driftlint {

// Fills model.apps, app_index, notes, incomplete_application_sets,
// application_sets and unexpanded_set_files (which also holds what a second
// Application or ApplicationSet of one name deploys: the model keeps the first);
// model.repo_identity must be set.
// ApplicationSets are expanded within `budget`.
// `rendered` holds Applications and ApplicationSets builds rendered
// (app-of-apps): they count after the repos' own, before the snapshot's.
void collect_applications(const LoadResult& load, const LoadIndex& index, const Snapshot* snapshot,
                          AppSetBudget& budget, const std::vector<const Manifest*>& rendered, ArgoModel& model);

}  // namespace driftlint
