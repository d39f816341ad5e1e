// Which files each app deploys and which objects it applies: a directory
// source's files (recurse, include, exclude as Argo CD globs), a
// kustomization's closure and, rendered, its objects.
#pragma once

#include "argocd/model.h"
#include "load/load_index.h"

namespace driftlint {

// Fills model.file_apps, model.desired, model.renders and notes; kustomize
// and Helm sources are rendered by `renderer`, all in one batch.
void deploy_apps(const LoadResult& load, const LoadIndex& index, Renderer& renderer, ArgoModel& model);

}  // namespace driftlint
