// The copies of Argo CD's own ConfigMaps a run can see: in the snapshot, and
// in the repos as the model sees their objects (what apps deploy, what builds
// render, plain files, and patches of builds that were not rendered).
#pragma once

#include <vector>

#include "argocd/argocd_config.h"
#include "argocd/model.h"
#include "load/loader.h"
#include "render/renderer.h"
#include "snapshot/snapshot.h"

namespace driftlint {

// Before anything is rendered: the snapshot's copies and every manifest of
// the repos' files (a patch among them is taken as a plain file).
ConfigCandidates config_candidates(const LoadResult& load, const Snapshot* snapshot);

// Once the model is built: the snapshot's copies, the objects apps deploy,
// the objects of `outputs` and `applied` (what rules judge), and
// `unrendered_patches` (patch documents no rendered build read).
ConfigCandidates config_candidates(const LoadResult& load, const Snapshot* snapshot, const ArgoModel& model,
                                   const std::vector<const RenderOutput*>& outputs,
                                   const std::vector<const Manifest*>& applied,
                                   const std::vector<const Manifest*>& unrendered_patches);

}  // namespace driftlint
