// Which files each app deploys and which objects it applies: a directory
// source's files (recurse, include, exclude as Argo CD globs), a
// kustomization's closure and, rendered, its objects.
#pragma once

#include "argocd/model.h"
#include "load/load_index.h"

namespace driftlint {

// The builds the apps' kustomize and Helm sources need, in app order (one
// model.renders entry each, its output not yet set); fills model.file_apps,
// model.desired for directory sources, and notes. Rendering them is the
// caller's, in one batch with whatever else it renders.
std::vector<RenderRequest> deploy_requests(const LoadResult& load, const LoadIndex& index, ArgoModel& model);

// The outputs of those requests, in their order: each render's files are its
// app's, and its objects are what the app applies.
void deploy_outputs(const LoadResult& load, const LoadIndex& index, const std::vector<const RenderOutput*>& outputs,
                    ArgoModel& model);

}  // namespace driftlint
