// What an app source asks to render: its kustomization or chart folder, and
// the `kustomize:` or `helm:` options Argo CD applies, located in the file
// the app is read from (so a value an app option sets is reported there).
#pragma once

#include <optional>

#include "argocd/model.h"
#include "load/load_index.h"
#include "render/request.h"

namespace driftlint {

enum class SourceKind { Directory, Kustomize, Helm, RemoteChart, Plugin, None };

// How Argo CD would read the source's folder: a chart (Chart.yaml or a helm
// block), a kustomization (a kustomization file or a kustomize block), a
// plugin, or a directory (plain files, and .jsonnet files it evaluates); or
// a `chart:` from a Helm repository or OCI registry (RemoteChart).
SourceKind source_kind(const Application& app, size_t source, const LoadIndex& index);

// A Helm value file as Argo CD resolves it (ResolveValueFilePathOrUrl):
// relative to the chart's folder, absolute from the repo's root, or
// "$ref/path" from the root of the repo of the app's `ref:` source. nullopt
// when that repo is not loaded; Argo CD's error when it resolves outside the
// repo ("value file '...' resolved to outside repository root").
Expected<std::optional<HelmOptions::ValueFile>> resolve_value_file(const Application& app, const AppSource& source,
                                                                   const std::string& text, const LoadResult& load);

// The request for a kustomize or Helm source, a kustomization built with
// the flags `config` gives its kustomize version; nullopt for other kinds or
// a source that reads no loaded folder. A `chart:` source's request is
// reported at the `chart:` line of the file the app is read from (its repo's
// copy, the ApplicationSet that makes it, or the template a build rendered
// it from); nullopt when the app is live only.
std::optional<RenderRequest> render_request(const Application& app, size_t source, const LoadResult& load,
                                           const LoadIndex& index, const ArgoCdConfig& config);

}  // namespace driftlint
