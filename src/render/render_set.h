// Every build of a run and what is applied: the objects rules judge are the
// rendered objects of each build, and the objects of every file no build
// reads; files a build reads (resources, patches, components) are judged
// through its output, and a patch is never judged as an object of its own.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "load/load_index.h"
#include "load/loader.h"
#include "render/renderer.h"

namespace driftlint {

struct RenderSet {
  std::vector<const RenderOutput*> outputs;  // every distinct build of the run, in a stable order
  // Those built only because a build that includes them failed
  // (render_partial_builds): their failures are new causes or none.
  std::set<const RenderOutput*> partial;
};

// The kustomizations no other kustomization reads (as a resource, base,
// component or generator): each is built as a unit of its own, so an
// `images:` pin or a patch counts for repos without Argo CD apps too.
std::vector<RenderRequest> root_kustomizations(const LoadResult& load, const LoadIndex& index);

// The kustomizations failed builds include, to be built on their own, from
// the top down: a root that fails (a generator input made at deploy time)
// leaves its bases and overlays judged through the largest build that works,
// never as raw files (an image a working middle layer pins is pinned). A
// child already read by a build that rendered, or built already, is left
// out; call again with the new outputs added until it returns nothing.
std::vector<RenderRequest> partial_build_requests(const LoadResult& load, const LoadIndex& index, const RenderSet& set);

// Renders partial_build_requests level by level into `set` (the closure
// walk bounds the depth at 32).
void render_partial_builds(Renderer& renderer, const LoadResult& load, const LoadIndex& index, RenderSet& set);

// Adds outputs not there yet (the same build serves several apps), sorted by repo, folder and identity.
void add_outputs(RenderSet& set, const std::vector<const RenderOutput*>& outputs);

// The objects rules judge.
std::vector<const Manifest*> applied_objects(const LoadResult& load, const LoadIndex& index, const RenderSet& set);

// What schema validation can judge only in part, for field names and types:
// the documents of patch files no rendered build reads (a patch judged on its
// own: --no-render, a remote base, a failed build, a component nothing uses),
// and, of the applied objects, those from files that only builds which did
// not render read, and the objects of partial builds (kustomize would have
// added to them: a selector from commonLabels, a namespace).
struct PartialObjects {
  std::vector<const Manifest*> patches;
  std::set<const Manifest*> unrendered;
};
PartialObjects partial_objects(const LoadResult& load, const LoadIndex& index, const RenderSet& set);

}  // namespace driftlint
